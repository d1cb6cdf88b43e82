import { isValidCalendarDay } from './dates'
import type { DayString } from './types'

/** One year button of the decade level: `inDecade` is false for the two dimmed edge years. */
export interface DecadeGridCell {
  year: number
  inDecade: boolean
}

/** A date-range selection: `[start, end]`, inclusive calendar days; null where not chosen yet. */
export type DateRangeSelection = [DayString | null, DayString | null]

const FIRST_YEAR = 0
const LAST_YEAR = 9999

function requireYear(year: number, min: number, max: number): void {
  if (!Number.isInteger(year) || year < min || year > max) {
    throw new RangeError(`Invalid year: ${year}`)
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, row) =>
    items.slice(row * size, row * size + size),
  )
}

/**
 * SPEC §9 decade grid: 12 years in 4 rows of 3. The decade is the ten years starting at a
 * multiple of 10 (2020–2029 for 2026); the grid adds the year before and after it (2019 and
 * 2030, `inDecade: false`) so it fills 3 × 4. This differs from Mantine, whose decade level
 * shows only the ten years with a lone last row; SPEC's 12 decides. `year` is an integer from
 * 10 to 9989 so every cell is a year from 0 to 9999 (like getYearGrid); throws RangeError
 * otherwise.
 */
export function getDecadeGrid(year: number): DecadeGridCell[][] {
  requireYear(year, 10, 9989)
  const first = Math.floor(year / 10) * 10
  const cells = Array.from({ length: 12 }, (_, index) => {
    const cellYear = first - 1 + index
    return { year: cellYear, inDecade: index >= 1 && index <= 10 }
  })
  return chunk(cells, 3)
}

/**
 * SPEC §9 year grid: the twelve months of `year` as `YYYY-MM`, in 4 rows of 3 (January to
 * March first). `year` is an integer from 0 to 9999 (four digits, zero-padded); throws
 * RangeError otherwise.
 */
export function getYearGrid(year: number): string[][] {
  requireYear(year, FIRST_YEAR, LAST_YEAR)
  const prefix = String(year).padStart(4, '0')
  const months = Array.from(
    { length: 12 },
    (_, index) => `${prefix}-${String(index + 1).padStart(2, '0')}`,
  )
  return chunk(months, 3)
}

/**
 * SPEC §4 date picker range selection after a click on day `clicked`:
 * - nothing chosen (or a complete range, i.e. the third click): starts over at `[clicked, null]`;
 * - a start chosen: a second, different day completes the range sorted, earlier day first;
 *   the same day again clears to `[null, null]`, or gives the one-day range
 *   `[clicked, clicked]` when `allowSingleDateInRange` is true.
 * A malformed `[null, end]` is treated as nothing chosen. Returns a new tuple, never mutates
 * `current`. Throws RangeError when `clicked` is not a real `YYYY-MM-DD` day.
 */
export function pickDateRange(
  current: readonly [DayString | null, DayString | null],
  clicked: DayString,
  allowSingleDateInRange = false,
): DateRangeSelection {
  if (!isValidCalendarDay(clicked)) throw new RangeError(`Invalid calendar day: ${clicked}`)
  const [start, end] = current
  if (start === null || end !== null) return [clicked, null]
  if (clicked === start) return allowSingleDateInRange ? [clicked, clicked] : [null, null]
  // Four-digit YYYY-MM-DD strings sort like the days they name.
  return clicked < start ? [clicked, start] : [start, clicked]
}
