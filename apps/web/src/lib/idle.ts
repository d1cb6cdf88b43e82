import { useEffect, useState } from 'react'
import { startLoadAhead } from './loads-ahead'

/** `requestIdleCallback`, where the browser has it (Safari has not), else the next task. */
export const onIdle = (callback: () => void): number =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(callback, { timeout: 2000 })
    : window.setTimeout(callback, 0)

export const cancelIdle = (handle: number): void =>
  typeof window.cancelIdleCallback === 'function'
    ? window.cancelIdleCallback(handle)
    : window.clearTimeout(handle)

/** A turn for `inTurns`: runs its callback later, and answers a cancel. */
export type Turn = (callback: () => void) => () => void

/** The next idle period (the next task where the browser has none). */
export const idleTurn: Turn = (callback) => {
  const handle = onIdle(callback)
  return () => cancelIdle(handle)
}

/** The next task. */
export const taskTurn: Turn = (callback) => {
  const handle = window.setTimeout(callback, 0)
  return () => window.clearTimeout(handle)
}

/**
 * Runs `steps` one after another, each in a `turn` of its own once the one before has settled,
 * so that whatever else waits comes between them: for loading modules ahead of need, a module
 * graph at a time. The first step waits for `firstTurn` (by default a `turn` too). A step that
 * fails is passed over (a fetch the user's tap makes later reports its own failure). The whole
 * run is a load ahead (`startLoadAhead`) until its last step settles or it is cancelled.
 * Answers a cancel: nothing more starts.
 */
export function inTurns(
  steps: readonly (() => Promise<unknown>)[],
  turn: Turn,
  firstTurn: Turn = turn,
): () => void {
  const queue = [...steps]
  const settle = startLoadAhead()
  let stopped = false
  let cancelTurn = () => {}
  const next = (wait: Turn) => {
    const step = queue.shift()
    if (!step || stopped) {
      settle()
      return
    }
    cancelTurn = wait(() => {
      void step()
        .catch(() => undefined)
        .finally(() => next(turn))
    })
  }
  next(firstTurn)
  return () => {
    stopped = true
    cancelTurn()
    settle()
  }
}

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
