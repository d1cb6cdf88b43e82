import { useEffect, useState } from 'react'

/** `requestIdleCallback`, where the browser has it (Safari has not), else the next task. */
export const onIdle = (callback: () => void): number =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(callback, { timeout: 2000 })
    : window.setTimeout(callback, 0)

export const cancelIdle = (handle: number): void =>
  typeof window.cancelIdleCallback === 'function'
    ? window.cancelIdleCallback(handle)
    : window.clearTimeout(handle)

const PRESS_ENDS = ['pointerup', 'pointercancel', 'keyup'] as const

/**
 * Runs `callback` once the press under way is over and its frame drawn: at the first release of
 * a pointer or key, then after the next frame, in a task of its own. For work a press announces
 * but must not hold up (the tap's own handlers and drawing go first). Answers a cancel.
 */
export function afterPress(callback: () => void): () => void {
  let frame: number | undefined
  let task: number | undefined
  const onEnd = () => {
    removeListeners()
    frame = window.requestAnimationFrame(() => {
      task = window.setTimeout(callback, 0)
    })
  }
  function removeListeners() {
    for (const type of PRESS_ENDS) window.removeEventListener(type, onEnd, true)
  }
  for (const type of PRESS_ENDS) window.addEventListener(type, onEnd, true)
  return () => {
    removeListeners()
    if (frame !== undefined) window.cancelAnimationFrame(frame)
    if (task !== undefined) window.clearTimeout(task)
  }
}

/**
 * Whether the time has come for something the first screen can do without: true from the first
 * idle moment after `ready`, or at once when `now()` is called (a user reaching for it).
 */
export function useIdleAfter(ready: boolean): [boolean, () => void] {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!ready || idle) return
    const handle = onIdle(() => setIdle(true))
    return () => cancelIdle(handle)
  }, [ready, idle])
  return [idle, () => setIdle(true)]
}
