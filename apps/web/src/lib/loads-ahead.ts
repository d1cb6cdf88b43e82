/**
 * What the page fetches ahead of need once its first screen is up (the code of the forms its
 * taps open, `inTurns`): while any of it is under way, the page is still loading. The live
 * change stream, a request that never ends, opens only after it has settled, so that the page
 * comes to a moment without requests in flight on a slow machine too (tools that wait for one,
 * 'networkidle', would wait for ever otherwise).
 */
let underWay = 0
const waiting = new Set<() => void>()

/** Marks a load ahead under way; the function returned marks it settled (once, however often called). */
export function startLoadAhead(): () => void {
  underWay += 1
  let settled = false
  return () => {
    if (settled) return
    settled = true
    underWay -= 1
    if (underWay > 0) return
    const callbacks = [...waiting]
    waiting.clear()
    for (const callback of callbacks) callback()
  }
}

/** Calls `callback` once no load ahead is under way, at once when none is; answers a cancel. */
export function whenLoadsAheadSettled(callback: () => void): () => void {
  if (underWay === 0) {
    callback()
    return () => {}
  }
  waiting.add(callback)
  return () => {
    waiting.delete(callback)
  }
}
