import {
  type BreakLike,
  type BreakRanges,
  buildBreakRangesByActivity,
  NO_BREAKS,
  sameBreakRanges,
} from './breaks'
import type { DayTotals, ValuedEventLike } from './day-totals'
import { DayTotalsBuilder, mergeDayTotals } from './day-totals'
import { getZone } from './time-zone'

/** One activity's old days as the server's history answers them (`ActivityDayCounts`). */
export interface HistoryItemLike extends DayTotals {
  activityId: string
}

/** The server's per-day counts of the events dated before the device's window, in a zone. */
export interface HistoryLike {
  timeZone: string
  activities: readonly HistoryItemLike[]
}

/** An event the device holds. */
export interface HeldEventLike extends ValuedEventLike {
  id: string
}

export interface HabitDaysInput {
  /** The history of old days; one of another time zone than `timeZone` is not used. */
  history: HistoryLike | undefined
  /** The events the device holds (its recent window, and changes of its own still unsent). */
  events: Iterable<HeldEventLike>
  /**
   * The device's window: events dated before this instant are counted by the history, so a
   * held one is left out, unless it is a change of this device the server does not have yet
   * (`isWaiting`). Undefined: every held event counts.
   */
  eventsFrom: string | undefined
  isWaiting?: (eventId: string) => boolean
  timeZone: string
  /** The user's breaks (issue 49); their days go on each habit's DayTotals as `breaks`. */
  breaks?: Iterable<BreakLike>
  /** The habits a break of every habit (a vacation) covers: the user's live habits. */
  activityIds?: Iterable<string>
}

/**
 * Whether the device leaves `event` to the history: dated before its window (`eventsFrom`) and
 * not one of its own changes still waiting to be sent.
 */
export function isCountedByHistory(
  event: HeldEventLike,
  eventsFrom: string | undefined,
  isWaiting?: (eventId: string) => boolean,
): boolean {
  return eventsFrom !== undefined && event.eventDate < eventsFrom && !isWaiting?.(event.id)
}

interface MemoEntry {
  timeZone: string
  old: readonly DayTotals[]
  events: readonly HeldEventLike[]
  breaks: BreakRanges
  days: DayTotals
}

/**
 * What buildHabitDays remembers between two calls: an activity whose old days and held events
 * are the very same objects as last time keeps its last answer (the same object), so a change
 * of one habit builds that habit's days only and leaves what is drawn of the others alone.
 */
export type HabitDaysMemo = Map<string, MemoEntry>

export function createHabitDaysMemo(): HabitDaysMemo {
  return new Map()
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index])
}

/**
 * Every activity's days (its whole history) on a synced device: the history's per-day totals of
 * old days merged with the totals of the events it counts itself, and its break days (`breaks`,
 * from the user's breaks). The one place the three meet; an activity without any day with
 * events nor break day is absent. With a `memo`, unchanged activities keep their last
 * answer.
 */
export function buildHabitDays(
  input: HabitDaysInput,
  memo: HabitDaysMemo = createHabitDaysMemo(),
): Map<string, DayTotals> {
  const { history, eventsFrom, isWaiting, timeZone } = input
  const zone = getZone(timeZone)
  const old = new Map<string, DayTotals[]>()
  const usable = history && history.timeZone === timeZone ? history.activities : []
  for (const item of usable) {
    const list = old.get(item.activityId)
    if (list) list.push(item)
    else old.set(item.activityId, [item])
  }
  const held = new Map<string, HeldEventLike[]>()
  for (const event of input.events) {
    if (isCountedByHistory(event, eventsFrom, isWaiting)) continue
    const list = held.get(event.activityId)
    if (list) list.push(event)
    else held.set(event.activityId, [event])
  }
  const breakDays = buildBreakRangesByActivity(input.breaks ?? [], input.activityIds)
  const days = new Map<string, DayTotals>()
  for (const activityId of new Set([...old.keys(), ...held.keys(), ...breakDays.keys()])) {
    const oldDays = old.get(activityId) ?? []
    const events = held.get(activityId) ?? []
    const breaks = breakDays.get(activityId) ?? NO_BREAKS
    const known = memo.get(activityId)
    let totals: DayTotals
    if (
      known &&
      known.timeZone === timeZone &&
      sameList(known.old, oldDays) &&
      sameList(known.events, events) &&
      sameBreakRanges(known.breaks, breaks)
    ) {
      totals = known.days
    } else {
      const recent = new DayTotalsBuilder()
      for (const event of events) recent.addEvent(event, zone)
      totals = mergeDayTotals(...oldDays, recent.build())
      // A new object: mergeDayTotals may answer one of its parts as it is.
      if (breaks.length > 0) totals = { ...totals, breaks }
      memo.set(activityId, { timeZone, old: oldDays, events, breaks, days: totals })
    }
    if (totals.counts.length > 0 || breaks.length > 0) days.set(activityId, totals)
  }
  for (const activityId of memo.keys()) {
    if (!old.has(activityId) && !held.has(activityId) && !breakDays.has(activityId)) {
      memo.delete(activityId)
    }
  }
  return days
}
