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
