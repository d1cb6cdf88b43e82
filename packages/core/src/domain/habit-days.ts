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

/** A habit's parts of its days: its old days' counts, the events the device counts, its breaks. */
interface HabitParts {
  old: readonly DayTotals[]
  events: readonly HeldEventLike[]
  breaks: BreakRanges
}

/** The input grouped by habit: every habit with old days, held events or break days. */
function groupByHabit(input: HabitDaysInput): Map<string, HabitParts> {
  const { history, eventsFrom, isWaiting, timeZone } = input
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
  const habits = new Map<string, HabitParts>()
  for (const activityId of new Set([...old.keys(), ...held.keys(), ...breakDays.keys()])) {
    habits.set(activityId, {
      old: old.get(activityId) ?? [],
      events: held.get(activityId) ?? [],
      breaks: breakDays.get(activityId) ?? NO_BREAKS,
    })
  }
  return habits
}

/** The memo's answer for a habit, when it was built from these very parts. */
function remembered(
  memo: HabitDaysMemo,
  activityId: string,
  parts: HabitParts,
  timeZone: string,
): DayTotals | undefined {
  const known = memo.get(activityId)
  return known &&
    known.timeZone === timeZone &&
    sameList(known.old, parts.old) &&
    sameList(known.events, parts.events) &&
    sameBreakRanges(known.breaks, parts.breaks)
    ? known.days
    : undefined
}

/** Builds one habit's days from its parts and remembers them in `memo`. */
function buildOne(
  memo: HabitDaysMemo,
  activityId: string,
  parts: HabitParts,
  timeZone: string,
): DayTotals {
  const zone = getZone(timeZone)
  const recent = new DayTotalsBuilder()
  for (const event of parts.events) recent.addEvent(event, zone)
  let totals = mergeDayTotals(...parts.old, recent.build())
  // A new object: mergeDayTotals may answer one of its parts as it is.
  if (parts.breaks.length > 0) totals = { ...totals, breaks: parts.breaks }
  memo.set(activityId, { timeZone, ...parts, days: totals })
  return totals
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
  const { timeZone } = input
  const habits = groupByHabit(input)
  const days = new Map<string, DayTotals>()
  for (const [activityId, parts] of habits) {
    const totals =
      remembered(memo, activityId, parts, timeZone) ?? buildOne(memo, activityId, parts, timeZone)
    if (totals.counts.length > 0 || parts.breaks.length > 0) days.set(activityId, totals)
  }
  for (const activityId of memo.keys()) {
    if (!habits.has(activityId)) memo.delete(activityId)
  }
  return days
}

/**
 * One step of building every habit's days into `memo`: builds at most `limit` habits whose
 * remembered answer is missing or out of date, and answers whether none is left. Once it answers
 * true, buildHabitDays with the same input and memo only reads the memo. For years of history,
 * where building every habit at once is one long task: a few habits per task (issue 55).
 */
export function stepHabitDays(input: HabitDaysInput, memo: HabitDaysMemo, limit: number): boolean {
  const { timeZone } = input
  let built = 0
  for (const [activityId, parts] of groupByHabit(input)) {
    if (remembered(memo, activityId, parts, timeZone)) continue
    if (built >= limit) return false
    buildOne(memo, activityId, parts, timeZone)
    built += 1
  }
  return true
}
