import { formatDayNumber, getZone, parseDayNumber, resolveDayNumber } from './time-zone'
import type { DayString, EventLike } from './types'
import { isDeleted } from './types'

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
 * What the statistics read of one activity: its live events counted per calendar day, densely
 * from `firstDay` (`counts[i]` is the day `firstDay + i`), plus the values of its number-like
 * attributes per day. This is all the statistics need, so a device can keep years of history
 * as per-day totals instead of raw events. Empty `counts` means no events (`firstDay` is then
 * any day). Trailing or leading zero days are allowed.
 */
export interface DayTotals {
  firstDay: DayString
  counts: readonly number[]
  /** Keyed by attribute id; absent when the activity has no number-like attributes. */
  numbers?: Readonly<Record<string, NumberDays>>
}

/** An event with the values of its attributes, as the API and the local copy hold it. */
export interface ValuedEventLike extends EventLike {
  attributes?: Readonly<Record<string, unknown>>
}

/** DayTotals with no events. */
export const EMPTY_DAY_TOTALS: DayTotals = { firstDay: '1970-01-01', counts: [] }

interface Builder {
  days: number[]
  attributeIds: readonly string[]
  values: Map<string, { days: number[]; values: number[] }>
}

function newBuilder(attributeIds: readonly string[]): Builder {
  return {
    days: [],
    attributeIds,
    values: new Map(attributeIds.map((id) => [id, { days: [], values: [] }])),
  }
}

function finish(builder: Builder): DayTotals {
  const { days } = builder
  if (days.length === 0) return { ...EMPTY_DAY_TOTALS }
  let first = days[0] as number
  let last = first
  for (const day of days) {
    if (day < first) first = day
    if (day > last) last = day
  }
  const dense = new Float64Array(last - first + 1)
  for (const day of days) dense[day - first] = (dense[day - first] as number) + 1
  const counts = Array.from(dense)
  const totals: DayTotals = { firstDay: formatDayNumber(first), counts }
  if (builder.attributeIds.length === 0) return totals
  const numbers: Record<string, NumberDays> = {}
  for (const [id, { days: valueDays, values }] of builder.values) {
    const sums = new Float64Array(counts.length)
    const entries = new Float64Array(counts.length)
    const mins = new Float64Array(counts.length)
    const maxes = new Float64Array(counts.length)
    for (let index = 0; index < valueDays.length; index++) {
      const at = (valueDays[index] as number) - first
      const value = values[index] as number
      if (entries[at] === 0) {
        mins[at] = value
        maxes[at] = value
      } else {
        if (value < (mins[at] as number)) mins[at] = value
        if (value > (maxes[at] as number)) maxes[at] = value
      }
      sums[at] = (sums[at] as number) + value
      entries[at] = (entries[at] as number) + 1
    }
    numbers[id] = {
      sums: Array.from(sums),
      entries: Array.from(entries),
      mins: Array.from(mins),
      maxes: Array.from(maxes),
    }
  }
  return { ...totals, numbers }
}

function addEvent(builder: Builder, day: number, event: ValuedEventLike): void {
  builder.days.push(day)
  for (const id of builder.attributeIds) {
    const value = event.attributes?.[id]
    if (typeof value !== 'number' || !Number.isFinite(value)) continue
    const list = builder.values.get(id)
    list?.days.push(day)
    list?.values.push(value)
  }
}

/**
 * Per-day totals of one activity's events in `timeZone` (pass that activity's events: the
 * activity id is not checked). Deleted events and unparsable dates are skipped. The values of
 * `numberAttributeIds` (finite numbers only; text and other types are ignored) are summed per
 * day with their count, minimum and maximum. Linear in the number of events.
 */
export function buildDayTotals(
  events: readonly ValuedEventLike[],
  timeZone: string,
  numberAttributeIds: readonly string[] = [],
): DayTotals {
  const zone = getZone(timeZone)
  const builder = newBuilder(numberAttributeIds)
  for (const event of events) {
    if (isDeleted(event)) continue
    const day = resolveDayNumber(event.eventDate, zone)
    if (!Number.isNaN(day)) addEvent(builder, day, event)
  }
  return finish(builder)
}

/**
 * buildDayTotals for many activities in one pass over the events: a map from each activity id
 * that has live events to its totals. `numberAttributeIds` gives each activity's number-like
 * attributes (activities not in it get counts only).
 */
export function buildDayTotalsByActivity(
  events: readonly ValuedEventLike[],
  timeZone: string,
  numberAttributeIds: ReadonlyMap<string, readonly string[]> = new Map(),
): Map<string, DayTotals> {
  const zone = getZone(timeZone)
  const builders = new Map<string, Builder>()
  for (const event of events) {
    if (isDeleted(event)) continue
    const day = resolveDayNumber(event.eventDate, zone)
    if (Number.isNaN(day)) continue
    let builder = builders.get(event.activityId)
    if (!builder) {
      builder = newBuilder(numberAttributeIds.get(event.activityId) ?? [])
      builders.set(event.activityId, builder)
    }
    addEvent(builder, day, event)
  }
  const totals = new Map<string, DayTotals>()
  for (const [activityId, builder] of builders) totals.set(activityId, finish(builder))
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
 * The sum of two DayTotals of the same activity, e.g. per-day counts of old history and the
 * totals of recent raw events. Counts add up day by day, number values combine (sums and
 * entries add, minimum of minimums, maximum of maximums). Pass totals of disjoint events:
 * nothing is de-duplicated. An attribute present in only one side keeps its values.
 */
export function mergeDayTotals(a: DayTotals, b: DayTotals): DayTotals {
  const rangeA = getDayTotalsRange(a)
  const rangeB = getDayTotalsRange(b)
  if (!rangeA) return b
  if (!rangeB) return a
  const first = Math.min(rangeA[0], rangeB[0])
  const length = Math.max(rangeA[1], rangeB[1]) - first + 1
  const counts = new Array<number>(length).fill(0)
  const offsetA = rangeA[0] - first
  const offsetB = rangeB[0] - first
  a.counts.forEach((count, index) => {
    counts[offsetA + index] = (counts[offsetA + index] ?? 0) + count
  })
  b.counts.forEach((count, index) => {
    counts[offsetB + index] = (counts[offsetB + index] ?? 0) + count
  })
  const merged: DayTotals = { firstDay: formatDayNumber(first), counts }
  const ids = new Set([...Object.keys(a.numbers ?? {}), ...Object.keys(b.numbers ?? {})])
  if (ids.size === 0) return merged
  const numbers: Record<string, NumberDays> = {}
  for (const id of ids) {
    const sums = new Array<number>(length).fill(0)
    const entries = new Array<number>(length).fill(0)
    const mins = new Array<number>(length).fill(0)
    const maxes = new Array<number>(length).fill(0)
    const sides: [NumberDays | undefined, number][] = [
      [a.numbers?.[id], offsetA],
      [b.numbers?.[id], offsetB],
    ]
    for (const [side, offset] of sides) {
      if (!side) continue
      side.entries.forEach((count, index) => {
        if (count === 0) return
        const at = offset + index
        const seen = entries[at] ?? 0
        const min = side.mins[index] ?? 0
        const max = side.maxes[index] ?? 0
        sums[at] = (sums[at] ?? 0) + (side.sums[index] ?? 0)
        mins[at] = seen === 0 ? min : Math.min(mins[at] ?? min, min)
        maxes[at] = seen === 0 ? max : Math.max(maxes[at] ?? max, max)
        entries[at] = seen + count
      })
    }
    numbers[id] = { sums, entries, mins, maxes }
  }
  return { ...merged, numbers }
}
