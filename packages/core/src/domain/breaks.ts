import { getPeriodDayNumbers, getPeriodUnit } from './dates'
import type { DayTotals } from './day-totals'
import { formatDayNumber, parseDayNumber } from './time-zone'
import type { BreakRanges, CadenceLike, DayString, SoftDeletable } from './types'
import { isDeleted } from './types'

export type { BreakRanges }

/*
 * Breaks (issue 49): days a habit is off, a skipped day or a vacation. A break day is neither
 * done nor missed: streaks pass over it, a period wholly inside a break is not due, Loop's
 * strength stays frozen, completion leaves it out. Which days of a habit are break days is
 * answered here, once, from the break records; the habit's DayTotals carry them (`breaks`), so
 * every rule that reads the days reads them too.
 */

/** A break as the rules read it: `activityId` null is a break of every habit (a vacation). */
export interface BreakLike extends SoftDeletable {
  id: string
  activityId: string | null
  /** First day, `YYYY-MM-DD` in the user's zone, inclusive. */
  from: DayString
  /** Last day, inclusive. */
  to: DayString
}

export const NO_BREAKS: BreakRanges = []

/** Merges ranges into sorted, disjoint, non-adjacent ones. */
function mergeRanges(ranges: [number, number][]): BreakRanges {
  if (ranges.length === 0) return NO_BREAKS
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: [number, number][] = []
  for (const [first, last] of ranges) {
    const previous = merged[merged.length - 1]
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last)
    else merged.push([first, last])
  }
  return merged
}

function rangeOf(brk: BreakLike): [number, number] | null {
  const first = parseDayNumber(brk.from)
  const last = parseDayNumber(brk.to)
  if (Number.isNaN(first) || Number.isNaN(last) || last < first) return null
  return [first, last]
}

/**
 * The break days of every habit in `activityIds` (and of every habit a break names): its own
 * live breaks and the live breaks of all habits, merged. A habit without break days is absent.
 * Deleted breaks and unreadable or reversed ranges count for no day.
 */
export function buildBreakRangesByActivity(
  breaks: Iterable<BreakLike>,
  activityIds: Iterable<string> = [],
): Map<string, BreakRanges> {
  const all: [number, number][] = []
  const own = new Map<string, [number, number][]>()
  for (const brk of breaks) {
    if (isDeleted(brk)) continue
    const range = rangeOf(brk)
    if (!range) continue
    if (brk.activityId === null) all.push(range)
    else {
      const list = own.get(brk.activityId)
      if (list) list.push(range)
      else own.set(brk.activityId, [range])
    }
  }
  const result = new Map<string, BreakRanges>()
  const ids = new Set([...own.keys(), ...(all.length > 0 ? activityIds : [])])
  for (const id of ids) {
    const ranges = mergeRanges([
      ...(own.get(id) ?? []),
      ...all.map(([a, b]) => [a, b] as [number, number]),
    ])
    if (ranges.length > 0) result.set(id, ranges)
  }
  return result
}

/** The break days of one habit: its own live breaks and those of every habit. */
export function buildBreakRanges(breaks: Iterable<BreakLike>, activityId: string): BreakRanges {
  return buildBreakRangesByActivity(breaks, [activityId]).get(activityId) ?? NO_BREAKS
}

/** Index of the range holding `day`, or -1 (binary search). */
function findRange(ranges: BreakRanges, day: number): number {
  let low = 0
  let high = ranges.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const [first, last] = ranges[middle] as readonly [number, number]
    if (day < first) high = middle - 1
    else if (day > last) low = middle + 1
    else return middle
  }
  return -1
}

/** Whether day number `day` is a break day. */
export function isBreakDayNumber(ranges: BreakRanges | undefined, day: number): boolean {
  return ranges !== undefined && ranges.length > 0 && findRange(ranges, day) >= 0
}

/** Whether every day from `first` to `last` (inclusive day numbers) is a break day. */
export function isBreakBetween(
  ranges: BreakRanges | undefined,
  first: number,
  last: number,
): boolean {
  if (!ranges || ranges.length === 0 || last < first) return false
  const index = findRange(ranges, first)
  return index >= 0 && (ranges[index] as readonly [number, number])[1] >= last
}

/** Whether `day` (`YYYY-MM-DD`) is a break day of the habit whose days are `totals`. */
export function isBreakDay(totals: DayTotals | undefined, day: DayString): boolean {
  return isBreakDayNumber(totals?.breaks, parseDayNumber(day))
}

/**
 * Whether the day, ISO week or month of `cadence` containing `day` lies wholly inside the
 * habit's breaks: then it is not due (the schedule leaves it out, reminders stay silent, goals
 * do not count it missed). A period done anyway is still done (isDoneInPeriod): judge done first.
 */
export function isOnBreakInPeriod(
  totals: DayTotals | undefined,
  cadence: CadenceLike,
  day: DayString,
): boolean {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  const [first, last] = getPeriodDayNumbers(getPeriodUnit(cadence), dayNumber)
  return isBreakBetween(totals?.breaks, first, last)
}

/** The break days from `first` to `last` (inclusive day numbers) as `YYYY-MM-DD`, in order. */
export function listBreakDays(
  ranges: BreakRanges | undefined,
  first: number,
  last: number,
): DayString[] {
  const days: DayString[] = []
  for (const [start, end] of ranges ?? []) {
    for (let day = Math.max(start, first); day <= Math.min(end, last); day++) {
      days.push(formatDayNumber(day))
    }
  }
  return days
}

/** A write that takes a day out of a habit's breaks. */
export type BreakEdit =
  | { op: 'delete'; id: string }
  | { op: 'update'; id: string; from: DayString; to: DayString }
  | { op: 'create'; activityId: string; from: DayString; to: DayString; note: string }

/**
 * 'Undo skip': the writes that make `day` no longer a break day of `activityId`, touching only
 * that habit's own live breaks (a break of every habit, a vacation, is changed on its own): a
 * one-day break is deleted, a break starting or ending that day is shortened, one around it is
 * cut in two (the second half a new break with the same note). Empty when none of its own
 * breaks holds the day.
 */
export function planUndoSkip(
  breaks: Iterable<BreakLike & { note?: string }>,
  activityId: string,
  day: DayString,
): BreakEdit[] {
  const target = parseDayNumber(day)
  if (Number.isNaN(target)) throw new RangeError(`Invalid calendar day: ${day}`)
  const edits: BreakEdit[] = []
  for (const brk of breaks) {
    if (isDeleted(brk) || brk.activityId !== activityId) continue
    const range = rangeOf(brk)
    if (!range || target < range[0] || target > range[1]) continue
    const [first, last] = range
    if (first === last) edits.push({ op: 'delete', id: brk.id })
    else if (target === first) {
      edits.push({ op: 'update', id: brk.id, from: formatDayNumber(first + 1), to: brk.to })
    } else if (target === last) {
      edits.push({ op: 'update', id: brk.id, from: brk.from, to: formatDayNumber(last - 1) })
    } else {
      edits.push({ op: 'update', id: brk.id, from: brk.from, to: formatDayNumber(target - 1) })
      edits.push({
        op: 'create',
        activityId,
        from: formatDayNumber(target + 1),
        to: brk.to,
        note: brk.note ?? '',
      })
    }
  }
  return edits
}

/**
 * Days as break ranges `{ from, to }`, runs of consecutive days merged (a Loop backup's skipped
 * days, one a record, become a few breaks). Unreadable days are left out.
 */
export function mergeDaysIntoRanges(
  days: Iterable<DayString>,
): { from: DayString; to: DayString }[] {
  const numbers = [...new Set([...days].map(parseDayNumber))].filter((day) => !Number.isNaN(day))
  return mergeRanges(numbers.map((day) => [day, day])).map(([first, last]) => ({
    from: formatDayNumber(first),
    to: formatDayNumber(last),
  }))
}

/** Whether two break ranges are the same days (memo checks). */
export function sameBreakRanges(a: BreakRanges | undefined, b: BreakRanges | undefined): boolean {
  const left = a ?? NO_BREAKS
  const right = b ?? NO_BREAKS
  return (
    left.length === right.length &&
    left.every(([first, last], index) => {
      const other = right[index] as readonly [number, number]
      return other[0] === first && other[1] === last
    })
  )
}
