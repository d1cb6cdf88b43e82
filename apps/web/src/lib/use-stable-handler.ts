import { useCallback, useRef } from 'react'

/**
 * A function that keeps its identity from one drawing to the next and calls the latest
 * `handler`: what a memoised row takes, so that a list drawn again draws only the rows whose
 * data changed (issue 19).
 */
export function useStableHandler<Args extends unknown[], Result>(
  handler: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(handler)
  latest.current = handler
  return useCallback((...args: Args) => latest.current(...args), [])
}
