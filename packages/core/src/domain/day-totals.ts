import { formatDayNumber, getZone, parseDayNumber, resolveDayNumber, type Zone } from './time-zone'
import type { BreakRanges, DayString, EventLike } from './types'
import { isDeleted } from './types'

/*
 * The one per-day model of a habit (STYLE §9, like Loop's `Habit.recompute()`): its live events
 * counted per calendar day, with the values of its number-like attributes summed per day. Every
 * figure a screen shows (streaks, done-states, the schedule, goals, statistics, calendars) reads
 * DayTotals; the device builds them once per change of its copy, from the server's history of old
 * days merged with its recent events, and the server shapes that history with the same builder.
 */

/**
 * One number-like attribute (number, duration, rating) of an activity, day by day, aligned with
 * the `counts` of its DayTotals: index `i` is the day `firstDay + i`. A day whose `entries` is 0
 * has no value; its `sums`, `mins` and `maxes` are 0 and mean nothing.
 */
export interface NumberDays {
  /** Sum of the values entered that day. */
  sums: readonly number[]
  /** How many of that day's events carry a value. */
  entries: readonly number[]
  mins: readonly number[]
  maxes: readonly number[]
}

/**
 * One activity's days: its live events counted per calendar day, densely from `firstDay`
 * (`counts[i]` is the day `firstDay + i`), plus the values of its number-like attributes per
 * day. Empty `counts` means no events (`firstDay` is then any day). Leading or trailing zero
 * days are allowed.
 */
export interface DayTotals {
  firstDay: DayString
  counts: readonly number[]
  /** Keyed by attribute id; absent when no event carries a number value. */
  numbers?: Readonly<Record<string, NumberDays>>
  /**
   * The habit's break days (breaks.ts), when it has any: neither done nor missed. Only
   * buildHabitDays sets them; totals merged from several (mergeDayTotals) do not carry them.
   */
  breaks?: BreakRanges
}

/** An event with the values of its attributes, as the API and the local copy hold it. */
export interface ValuedEventLike extends EventLike {
  attributes?: Readonly<Record<string, unknown>>
}

/** What some events added up to on one day for one attribute (a database's aggregate, say). */
export interface DayValues {
  sum: number
  entries: number
  min: number
  max: number
}

/** DayTotals with no events. */
export const EMPTY_DAY_TOTALS: DayTotals = { firstDay: '1970-01-01', counts: [] }

/**
 * The day number an event counts on in `zone`, or NaN when it counts on none: a deleted event,
 * or one whose date cannot be read. The one rule of which events make a day.
 */
export function getEventDay(event: EventLike, zone: Zone): number {
  return isDeleted(event) ? Number.NaN : resolveDayNumber(event.eventDate, zone)
}

/** The number values of an event: finite numbers only (text, lists and flags are not summed). */
function forEachNumber(
  event: ValuedEventLike,
  callback: (attributeId: string, value: number) => void,
): void {
  for (const id in event.attributes) {
    const value = event.attributes[id]
    if (typeof value === 'number' && Number.isFinite(value)) callback(id, value)
  }
}

interface ValueColumn {
  days: number[]
  values: DayValues[]
}

/**
 * Gathers days (day numbers) with their counts and values in any order, then lays them out
 * densely. Every DayTotals is made by one: from events, from a database's per-day aggregates,
 * and from two DayTotals merged.
 */
export class DayTotalsBuilder {
  private readonly days: number[] = []
  private readonly counts: number[] = []
  private readonly values = new Map<string, ValueColumn>()

  /** Adds `count` events on `day` (a day number). */
  addCount(day: number, count: number): this {
    if (count !== 0) {
      this.days.push(day)
      this.counts.push(count)
    }
    return this
  }

  /** Adds the values of attribute `attributeId` entered on `day`. */
  addValues(attributeId: string, day: number, values: DayValues): this {
    if (values.entries === 0) return this
    let column = this.values.get(attributeId)
    if (!column) {
      column = { days: [], values: [] }
      this.values.set(attributeId, column)
    }
    column.days.push(day)
    column.values.push(values)
    return this
  }

  /** Adds one event (deleted ones and unreadable dates count on no day). */
  addEvent(event: ValuedEventLike, zone: Zone): this {
    const day = getEventDay(event, zone)
    if (Number.isNaN(day)) return this
    this.addCount(day, 1)
    forEachNumber(event, (id, value) =>
      this.addValues(id, day, { sum: value, entries: 1, min: value, max: value }),
    )
    return this
  }

  /** Adds every day of `totals`. */
  addTotals(totals: DayTotals): this {
    const range = getDayTotalsRange(totals)
    if (!range) return this
    const [first] = range
    totals.counts.forEach((count, index) => {
      this.addCount(first + index, count)
    })
    for (const [id, days] of Object.entries(totals.numbers ?? {})) {
      days.entries.forEach((entries, index) => {
        this.addValues(id, first + index, {
          sum: days.sums[index] ?? 0,
          entries,
          min: days.mins[index] ?? 0,
          max: days.maxes[index] ?? 0,
        })
      })
    }
    return this
  }

  build(): DayTotals {
    const { days } = this
    if (days.length === 0) return { ...EMPTY_DAY_TOTALS }
    let first = days[0] as number
    let last = first
    for (const day of days) {
      if (day < first) first = day
      if (day > last) last = day
    }
    const length = last - first + 1
    const counts = new Float64Array(length)
    days.forEach((day, index) => {
      counts[day - first] = (counts[day - first] as number) + (this.counts[index] as number)
    })
    const totals: DayTotals = { firstDay: formatDayNumber(first), counts: Array.from(counts) }
    if (this.values.size === 0) return totals
    const numbers: Record<string, NumberDays> = {}
    for (const [id, column] of this.values) numbers[id] = layOut(column, first, length)
    return { ...totals, numbers }
  }
}

function layOut(column: ValueColumn, first: number, length: number): NumberDays {
  const sums = new Float64Array(length)
  const entries = new Float64Array(length)
  const mins = new Float64Array(length)
  const maxes = new Float64Array(length)
  column.days.forEach((day, index) => {
    const at = day - first
    const value = column.values[index] as DayValues
    if (at < 0 || at >= length) return
    if (entries[at] === 0) {
      mins[at] = value.min
      maxes[at] = value.max
    } else {
      if (value.min < (mins[at] as number)) mins[at] = value.min
      if (value.max > (maxes[at] as number)) maxes[at] = value.max
    }
    sums[at] = (sums[at] as number) + value.sum
    entries[at] = (entries[at] as number) + value.entries
  })
  return {
    sums: Array.from(sums),
    entries: Array.from(entries),
    mins: Array.from(mins),
    maxes: Array.from(maxes),
  }
}

/**
 * Per-day totals of one activity's events in `timeZone` (pass that activity's events: the
 * activity id is not checked). Deleted events and unparsable dates count on no day; every
 * finite number value is summed per day with its count, minimum and maximum. Linear.
 */
export function buildDayTotals(events: readonly ValuedEventLike[], timeZone: string): DayTotals {
  const zone = getZone(timeZone)
  const builder = new DayTotalsBuilder()
  for (const event of events) builder.addEvent(event, zone)
  return builder.build()
}

/**
 * buildDayTotals for many activities in one pass over the events: a map from each activity id
 * with live events to its totals.
 */
export function buildDayTotalsByActivity(
  events: readonly ValuedEventLike[],
  timeZone: string,
): Map<string, DayTotals> {
  const zone = getZone(timeZone)
  const builders = new Map<string, DayTotalsBuilder>()
  for (const event of events) {
    let builder = builders.get(event.activityId)
    if (!builder) {
      builder = new DayTotalsBuilder()
      builders.set(event.activityId, builder)
    }
    builder.addEvent(event, zone)
  }
  const totals = new Map<string, DayTotals>()
  for (const [activityId, builder] of builders) {
    const built = builder.build()
    if (built.counts.length > 0) totals.set(activityId, built)
  }
  return totals
}

/** The inclusive day numbers `totals` covers, or null when it has no days. */
export function getDayTotalsRange(totals: DayTotals): [number, number] | null {
  if (totals.counts.length === 0) return null
  const first = parseDayNumber(totals.firstDay)
  if (Number.isNaN(first)) throw new RangeError(`Invalid calendar day: ${totals.firstDay}`)
  return [first, first + totals.counts.length - 1]
}

/**
 * The sum of DayTotals of disjoint events, e.g. the per-day counts of old history and the totals
 * of recent events, or every habit's days for one calendar: counts add up day by day, number
 * values combine (sums and entries add, minimum of minimums, maximum of maximums). Nothing is
 * de-duplicated.
 */
export function mergeDayTotals(...parts: readonly DayTotals[]): DayTotals {
  const nonEmpty = parts.filter((totals) => totals.counts.length > 0)
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? { ...EMPTY_DAY_TOTALS }
  const builder = new DayTotalsBuilder()
  for (const totals of nonEmpty) builder.addTotals(totals)
  return builder.build()
}

/** The events counted on `day` (0 for a day outside the totals). */
export function getDayCount(totals: DayTotals | undefined, day: DayString): number {
  const range = totals && getDayTotalsRange(totals)
  if (!totals || !range) return 0
  return totals.counts[parseDayNumber(day) - range[0]] ?? 0
}

/** The events counted from `first` to `last` (day numbers, inclusive), and on how many days. */
export function countBetween(
  totals: DayTotals | undefined,
  first: number,
  last: number,
): { count: number; activeDays: number } {
  const range = totals && getDayTotalsRange(totals)
  const result = { count: 0, activeDays: 0 }
  if (!totals || !range) return result
  for (let day = Math.max(first, range[0]); day <= Math.min(last, range[1]); day++) {
    const count = totals.counts[day - range[0]] ?? 0
    result.count += count
    if (count > 0) result.activeDays += 1
  }
  return result
}

/** The values of attribute `attributeId` entered from `first` to `last` (inclusive day numbers). */
export function sumBetween(
  totals: DayTotals | undefined,
  attributeId: string,
  first: number,
  last: number,
): DayValues {
  const result: DayValues = { sum: 0, entries: 0, min: 0, max: 0 }
  const range = totals && getDayTotalsRange(totals)
  const days = totals?.numbers?.[attributeId]
  if (!range || !days) return result
  for (let day = Math.max(first, range[0]); day <= Math.min(last, range[1]); day++) {
    const index = day - range[0]
    const entries = days.entries[index] ?? 0
    if (entries === 0) continue
    const min = days.mins[index] ?? 0
    const max = days.maxes[index] ?? 0
    result.min = result.entries === 0 ? min : Math.min(result.min, min)
    result.max = result.entries === 0 ? max : Math.max(result.max, max)
    result.sum += days.sums[index] ?? 0
    result.entries += entries
  }
  return result
}
