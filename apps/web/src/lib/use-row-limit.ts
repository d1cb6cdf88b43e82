import { startTransition, useEffect, useState } from 'react'

/** Rows a long list draws in its first paint: more than a phone or a desktop column shows. */
export const FIRST_ROWS = 16

/**
 * How many rows a long list draws now: `first` until its data is `ready` and that first screen
 * is on the page, then all of them, in a transition that React renders in slices. A list of
 * years of habits shows what fits the screen at once instead of after every row (issue 19);
 * the rest follows within a frame or two, so finding in the page and screen readers still get
 * the whole list.
 */
export function useRowLimit(ready: boolean, first = FIRST_ROWS): number {
  const [all, setAll] = useState(false)
  useEffect(() => {
    if (ready && !all) startTransition(() => setAll(true))
  }, [ready, all])
  return all ? Number.POSITIVE_INFINITY : first
}

/**
 * Hands out a row budget in page order: `take` gives each list up to what is left. Once it is
 * spent, `spent` is true and the sections after it wait for the full render: drawing their
 * headers now would push them down when the rows above arrive (a layout shift). Make a new one
 * per render.
 */
export function rowBudget(limit: number) {
  let left = limit
  return {
    take<T>(rows: readonly T[]): readonly T[] {
      const taken = rows.length <= left ? rows : rows.slice(0, Math.max(0, left))
      left -= taken.length
      return taken
    },
    get spent() {
      return left <= 0
    },
  }
}
