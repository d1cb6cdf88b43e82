/*
 * A repeat visit draws its first screen from the device's copy. What the app asks the server at
 * start (the session check, the id token, and with it the first sync) waits until that screen
 * has been painted: then neither the requests nor the drawing of their answers hold it up
 * (issue 19). A first visit has no copy to draw and asks at once.
 */

/**
 * The longest those questions wait: a copy that cannot open must not keep them back, and a slow
 * phone (or a busy machine) opening its copy must not have them asked before its screen.
 */
export const FIRST_SCREEN_WAIT_MS = 3000

let drawn = false
let show: () => void = () => {}
const shown = new Promise<void>((resolve) => {
  show = resolve
})

/** Resolves once the first screen has been painted, or after FIRST_SCREEN_WAIT_MS at most. */
export function whenFirstScreenShown(): Promise<void> {
  const timer = setTimeout(show, FIRST_SCREEN_WAIT_MS)
  return shown.finally(() => clearTimeout(timer))
}

/** The first screen is drawn: resolves `whenFirstScreenShown` once the browser has painted it. */
export function firstScreenDrawn(): void {
  if (drawn) return
  drawn = true
  requestAnimationFrame(() => setTimeout(show, 0))
}
