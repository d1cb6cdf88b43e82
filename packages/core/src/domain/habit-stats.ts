import { isBreakBetween } from './breaks'
import { getPeriodDayNumbers, getPeriodUnit } from './dates'
import type { DayTotals } from './day-totals'
import { countBetween, getDayTotalsRange, sumBetween } from './day-totals'
import { isDoneBetween } from './done-state'
import { listStreaks, type StreakHistory } from './streaks'
import type { StrengthSeries } from './strength'
import { computeStrength, getStrengthFrequency, toStrengthTarget } from './strength'
import { ONE_EVENT, type PeriodTarget } from './targets'
import {
  daysFromCivil,
  formatDayNumber,
  parseDayNumber,
  splitDayNumber,
  weekdayOfDayNumber,
} from './time-zone'
import type { CadenceLike, DayString, ScheduleLike } from './types'

/** The periods statistics are grouped by: a day, an ISO week (Monday to Sunday), a month, a year. */
export type StatsPeriodUnit = 'day' | 'week' | 'month' | 'year'

function requireDay(day: DayString): number {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  return dayNumber
}

/** Inclusive first and last day numbers of the period of `unit` containing `dayNumber`. */
export function getStatsPeriodDayNumbers(
  unit: StatsPeriodUnit,
  dayNumber: number,
): [number, number] {
  if (unit !== 'year') return getPeriodDayNumbers(unit, dayNumber)
  const { year } = splitDayNumber(dayNumber)
  return [daysFromCivil(year, 1, 1), daysFromCivil(year, 12, 31)]
}

/** The first day with an event, or null when there is none. */
export function getFirstEventDay(totals: DayTotals): DayString | null {
  const range = getDayTotalsRange(totals)
  if (!range) return null
  const index = totals.counts.findIndex((count) => count > 0)
  return index < 0 ? null : formatDayNumber(range[0] + index)
}

/** What was entered for one number-like attribute over some days. */
export interface NumberSummary {
  /** Sum of the values. */
  total: number
  /** How many events carry a value. */
  entries: number
  min: number
  max: number
  /** total / entries: the average per entry. */
  average: number
}

/** Events of some days: how many, on how many days, and the number values entered. */
export interface DaysSummary {
  /** Live events. */
  count: number
  /** Days with at least one event. */
  activeDays: number
  /** Per attribute id, only attributes with at least one value in these days. */
  numbers: Record<string, NumberSummary>
}

function summarizeDayNumbers(totals: DayTotals, first: number, last: number): DaysSummary {
  const { count, activeDays } = countBetween(totals, first, last)
  const summary: DaysSummary = { count, activeDays, numbers: {} }
  for (const id of Object.keys(totals.numbers ?? {})) {
    const { sum: total, entries, min, max } = sumBetween(totals, id, first, last)
    if (entries > 0) summary.numbers[id] = { total, entries, min, max, average: total / entries }
  }
  return summary
}

/**
 * The events from `from` to `to` (inclusive days): count, days with events, and for each
 * number-like attribute its total, average per entry, minimum and maximum. Zeros and no
 * numbers when nothing falls in the range. Throws RangeError for invalid days.
 */
export function summarizeDays(totals: DayTotals, from: DayString, to: DayString): DaysSummary {
  return summarizeDayNumbers(totals, requireDay(from), requireDay(to))
}

export interface PeriodSummary extends DaysSummary {
  /** First and last day of the period (whole periods, even where they pass `from` or `to`). */
  start: DayString
  end: DayString
}

/**
 * summarizeDays for every week, month or year (or day) from the one containing `from` to the
 * one containing `to`, oldest first, empty periods included; only days from `from` to `to`
 * are counted. Empty when `to` is before `from`. Throws RangeError for invalid days.
 */
export function summarizeByPeriod(
  totals: DayTotals,
  unit: StatsPeriodUnit,
  from: DayString,
  to: DayString,
): PeriodSummary[] {
  const first = requireDay(from)
  const last = requireDay(to)
  const periods: PeriodSummary[] = []
  if (last < first) return periods
  let [start, end] = getStatsPeriodDayNumbers(unit, first)
  for (;;) {
    periods.push({
      start: formatDayNumber(start),
      end: formatDayNumber(end),
      ...summarizeDayNumbers(totals, Math.max(start, first), Math.min(end, last)),
    })
    if (end >= last) break
    ;[start, end] = getStatsPeriodDayNumbers(unit, end + 1)
  }
  return periods
}

export interface WeekdayCount {
  /** getDay() numbering: 0 Sunday … 6 Saturday. */
  weekday: number
  count: number
}

/**
 * Events per weekday from `from` to `to` (inclusive; the whole history when omitted), Monday
 * first, all seven weekdays even at 0.
 */
export function countByWeekday(
  totals: DayTotals,
  from?: DayString,
  to?: DayString,
): WeekdayCount[] {
  const counts = [0, 0, 0, 0, 0, 0, 0]
  const range = getDayTotalsRange(totals)
  if (range) {
    const first = Math.max(range[0], from === undefined ? range[0] : requireDay(from))
    const last = Math.min(range[1], to === undefined ? range[1] : requireDay(to))
    for (let day = first; day <= last; day++) {
      const weekday = weekdayOfDayNumber(day)
      counts[weekday] = (counts[weekday] ?? 0) + (totals.counts[day - range[0]] ?? 0)
    }
  }
  return [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({ weekday, count: counts[weekday] ?? 0 }))
}

/** Share of the expected periods that were done. */
export interface CompletionRate {
  /** What one expectation is: a day (Daily), an ISO week (Weekly) or a month (Monthly). */
  unit: 'day' | 'week' | 'month'
  done: number
  expected: number
  /** done / expected in [0, 1]; null when nothing was expected yet. */
  rate: number | null
}

/**
 * Completion over the periods the schedule expected, not over all days: a Daily habit expects
 * each day, a Weekly one each ISO week, a Monthly one each month (SPEC §4 judges done-state on
 * the whole period, so weekly days and the monthly day do not narrow it), each period judged by
 * the done rule toward `target` (one event by default). Periods run from the one containing
 * `since` (the habit's creation day; an earlier first event moves it back) to the one containing
 * `today`; the current period counts only once done, since it is not missed yet, and so does a
 * period wholly inside the habit's breaks (`totals.breaks`, issue 49). Null for Unscheduled
 * habits, which expect nothing.
 */
export function computeCompletion(
  totals: DayTotals,
  schedule: ScheduleLike,
  since: DayString,
  today: DayString,
  target: PeriodTarget = ONE_EVENT,
): CompletionRate | null {
  if (schedule.type === 'Unscheduled') return null
  return computeGoalCompletion(totals, schedule.type, target, since, today)
}

/**
 * A goal's share of periods that met its target (issue 48): its cadence's periods from the one
 * containing `since` (or an earlier first event) to today's, as computeCompletion counts them.
 */
export function computeGoalCompletion(
  totals: DayTotals,
  cadence: CadenceLike,
  target: PeriodTarget,
  since: DayString,
  today: DayString,
): CompletionRate {
  const unit = getPeriodUnit(cadence)
  const todayNumber = requireDay(today)
  const firstEvent = getFirstEventDay(totals)
  let start = requireDay(since)
  if (firstEvent !== null) start = Math.min(start, requireDay(firstEvent))
  let done = 0
  let expected = 0
  if (start <= todayNumber) {
    let [periodStart, periodEnd] = getPeriodDayNumbers(unit, start)
    for (;;) {
      const isCurrent = periodEnd >= todayNumber
      // A current period is judged on what it holds so far; a limit is kept until it is over.
      const isDone = isDoneBetween(totals, periodStart, Math.min(periodEnd, todayNumber), target)
      // A period wholly inside a break was not expected (issue 49), unless done anyway.
      const onBreak = isBreakBetween(totals.breaks, periodStart, periodEnd)
      if (isDone) done += 1
      if (isDone || (!isCurrent && !onBreak)) expected += 1
      if (isCurrent) break
      ;[periodStart, periodEnd] = getPeriodDayNumbers(unit, periodEnd + 1)
    }
  }
  return { unit, done, expected, rate: expected > 0 ? done / expected : null }
}

export interface HabitStatsOptions {
  schedule: ScheduleLike
  /** The habit's creation day (completion starts there, or at an earlier first event). */
  since: DayString
  today: DayString
  /**
   * What each period of the schedule asks (its goal's target): completion judges periods by it,
   * and the strength scores a count target as Loop scores "X times in Y days" and an amount as
   * Loop's numerical habits. One event when absent.
   */
  target?: PeriodTarget
}

/** The statistics of one habit that do not depend on a chosen view. */
export interface HabitStats {
  firstEventDay: DayString | null
  strength: StrengthSeries
  /** The strength at the end of today, in [0, 1]. */
  currentStrength: number
  streaks: StreakHistory
  completion: CompletionRate | null
  weekdays: WeekdayCount[]
  /** The whole history: count, days with events, number summaries. */
  overall: DaysSummary
}

/**
 * Everything the habit's Stats view shows first, from its per-day totals: strength (Loop's
 * score) day by day up to today, streaks, completion, events per weekday, and the totals of
 * the whole history (events after today are left out). Charts per period come from
 * summarizeByPeriod and sampleStrength. Linear in the days of history.
 */
export function computeHabitStats(totals: DayTotals, options: HabitStatsOptions): HabitStats {
  const { schedule, since, today, target = ONE_EVENT } = options
  const strengthTarget = toStrengthTarget(target)
  const strength = computeStrength(totals, {
    frequency: getStrengthFrequency(schedule, target),
    until: today,
    ...(strengthTarget ? { target: strengthTarget } : {}),
  })
  const firstEventDay = getFirstEventDay(totals)
  return {
    firstEventDay,
    strength,
    currentStrength: strength.scores[strength.scores.length - 1] ?? 0,
    streaks: listStreaks(totals, today),
    completion: computeCompletion(totals, schedule, since, today, target),
    weekdays: countByWeekday(totals, undefined, today),
    overall: summarizeDays(totals, firstEventDay ?? today, today),
  }
}
