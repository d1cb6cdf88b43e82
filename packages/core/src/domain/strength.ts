import { getPeriodDayNumbers } from './dates'
import type { DayTotals } from './day-totals'
import { ONE_EVENT, type PeriodTarget } from './targets'
import { formatDayNumber, parseDayNumber } from './time-zone'
import type { DayString, ScheduleLike } from './types'

/**
 * Loop Habit Tracker's habit strength ("score"), computed the way Loop 2 computes it
 * (uhabits-core ScoreList.recompute and Score.compute), so the same history shows the same
 * numbers: an exponential moving average of how much of the expected work each day completed,
 * where one missed day costs little and months of work are not erased.
 */

/** "numerator times per denominator days", Loop's Frequency. */
export interface StrengthFrequency {
  numerator: number
  denominator: number
}

/**
 * A number target, Loop's numerical habits: at least (or at most) `value` of the attribute
 * summed over the frequency's period. Without one, a day counts as done when it has an event.
 */
export interface StrengthTarget {
  attributeId: string
  value: number
  /** Default 'atLeast'. */
  type?: 'atLeast' | 'atMost'
}

export interface StrengthOptions {
  frequency: StrengthFrequency
  /** The last day computed, normally today. */
  until: DayString
  target?: StrengthTarget
  /**
   * Days the user skipped (Loop's skips): the strength stays as it was. Days with events are
   * done, not skipped. The break days of `totals` (`totals.breaks`) count as skipped too.
   */
  skippedDays?: readonly DayString[]
}

/**
 * The strength at the end of every day from `firstDay` (the first day with an event or a skip,
 * as in Loop; `until` when there is none or all are later) to `until`: `scores[i]` is the
 * strength of `firstDay + i`, in [0, 1].
 */
export interface StrengthSeries {
  firstDay: DayString
  scores: number[]
}

/**
 * The frequency of a Kindling schedule, as the issue and Loop's defaults set it: Daily once a
 * day (1/1), Weekly once per week (1/7), Monthly once per month (1/30); a count target asks that
 * many times per period (3 a week: 3/7). Weekly days and the
 * monthly day only mark days (done-state is judged on the whole week or month), so they do not
 * change it. Unscheduled habits have no period: they are scored as Loop scores its default
 * habit, daily.
 */
export function getStrengthFrequency(
  schedule: ScheduleLike,
  target: PeriodTarget = ONE_EVENT,
): StrengthFrequency {
  const denominator = schedule.type === 'Weekly' ? 7 : schedule.type === 'Monthly' ? 30 : 1
  // "3 times a week" is Loop's 3/7: its days with events over the last 7 against 3. Loop's
  // frequencies never ask more than one event a day, so a count beyond the days is the days.
  const numerator = target.kind === 'count' ? Math.min(target.count, denominator) : 1
  return { numerator, denominator }
}

/** The strength target of an amount target (Loop's numerical habits); none for event counts. */
export function toStrengthTarget(target: PeriodTarget): StrengthTarget | undefined {
  if (target.kind !== 'amount') return undefined
  return { attributeId: target.attributeId, value: target.value, type: target.comparison }
}

/**
 * One day of Loop's score: `multiplier = 0.5 ^ (sqrt(frequency) / 13)`, and
 * `previous * multiplier + checked * (1 - multiplier)`. `checked` is in [0, 1].
 */
export function stepStrength(previous: number, checked: number, frequency: number): number {
  const multiplier = 0.5 ** (Math.sqrt(frequency) / 13)
  return previous * multiplier + checked * (1 - multiplier)
}

function requireDay(day: DayString): number {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  return dayNumber
}

/** Everything a run of the recurrence needs, resolved once. */
interface Plan {
  start: number
  length: number
  frequency: number
  numerator: number
  denominator: number
  isNumber: boolean
  isAtMost: boolean
  target: number
  /** The day's value: 1/0 for done days, the clamped sum of a number habit. */
  values: Float64Array
  skipped: Uint8Array
}

function plan(totals: DayTotals, options: StrengthOptions): Plan {
  const { frequency, target } = options
  if (!(frequency.numerator > 0 && frequency.denominator > 0)) {
    throw new RangeError('A frequency needs a positive numerator and denominator.')
  }
  const until = requireDay(options.until)
  const totalsFirst = totals.counts.length > 0 ? requireDay(totals.firstDay) : Number.NaN
  const skippedNumbers = (options.skippedDays ?? []).map(requireDay)
  let start = until
  totals.counts.forEach((count, index) => {
    if (count > 0) start = Math.min(start, totalsFirst + index)
  })
  for (const day of skippedNumbers) start = Math.min(start, day)
  const length = until - start + 1
  const isNumber = target !== undefined
  const numberDays = target ? totals.numbers?.[target.attributeId] : undefined
  const values = new Float64Array(length)
  const skipped = new Uint8Array(length)
  for (const day of skippedNumbers) if (day <= until) skipped[day - start] = 1
  // The habit's break days (issue 49) freeze it as Loop's skips do; they do not move its start.
  for (const [first, last] of totals.breaks ?? []) {
    for (let day = Math.max(first, start); day <= Math.min(last, until); day++) {
      skipped[day - start] = 1
    }
  }
  totals.counts.forEach((count, index) => {
    const at = totalsFirst + index - start
    if (at < 0 || at >= length || count === 0) return
    if (isNumber) {
      // Loop adds max(0, value) per day; events without a value count as 0.
      if ((numberDays?.entries[index] ?? 0) > 0) {
        values[at] = Math.max(0, numberDays?.sums[index] ?? 0)
      }
    } else {
      values[at] = 1
    }
    // A day with an event is done (or measured), never skipped.
    skipped[at] = 0
  })
  const ratio = frequency.numerator / frequency.denominator
  // Loop doubles both for non-daily yes/no habits, to smooth irregular schedules (a weekly
  // habit done on different weekdays still reaches 100%).
  const doubling = !isNumber && ratio < 1 ? 2 : 1
  return {
    start,
    length,
    frequency: ratio,
    numerator: frequency.numerator * doubling,
    denominator: Math.round(frequency.denominator * doubling),
    isNumber,
    isAtMost: target?.type === 'atMost',
    target: target?.value ?? 0,
    values,
    skipped,
  }
}

function completedShare(p: Plan, rollingSum: number): number {
  if (!p.isNumber) return Math.min(1, rollingSum / p.numerator)
  if (!p.isAtMost) return p.target > 0 ? Math.min(1, rollingSum / p.target) : 1
  if (p.target > 0) return Math.min(1, Math.max(0, 1 - (rollingSum - p.target) / p.target))
  return rollingSum > 0 ? 0 : 1
}

/** Runs the recurrence from index `from` (0 or later), given the scores before it. */
function run(p: Plan, scores: number[], from: number): number[] {
  let previous = from > 0 ? (scores[from - 1] as number) : p.isAtMost ? 1 : 0
  let rollingSum = 0
  for (let index = Math.max(0, from - p.denominator); index < from; index++) {
    rollingSum += p.values[index] as number
  }
  scores.length = p.length
  for (let index = from; index < p.length; index++) {
    rollingSum += p.values[index] as number
    if (index >= p.denominator) rollingSum -= p.values[index - p.denominator] as number
    if (p.skipped[index] !== 1) {
      previous = stepStrength(previous, completedShare(p, rollingSum), p.frequency)
    }
    scores[index] = previous
  }
  return scores
}

/**
 * Loop's strength of one habit from its per-day totals, day by day up to `options.until`
 * (events after it are ignored). Each day the share completed is the events (for yes/no habits:
 * days with events; numbers: the summed values) over the last `denominator` days against the
 * `numerator` (or the target), capped at 1; skipped days leave the strength unchanged. Linear
 * in the days from the first event. Throws RangeError for invalid days or frequency.
 */
export function computeStrength(totals: DayTotals, options: StrengthOptions): StrengthSeries {
  const p = plan(totals, options)
  return { firstDay: formatDayNumber(p.start), scores: run(p, [], 0) }
}

/**
 * computeStrength after a change on `changedDay` (an event added, edited or deleted that day),
 * reusing `previous` (computed with the same options but the old totals) for the days before
 * it: a new event today costs one step, not the whole history. Falls back to a full computation
 * when the change moves the first day. Equal to computeStrength with the new totals.
 */
export function updateStrength(
  previous: StrengthSeries,
  totals: DayTotals,
  options: StrengthOptions,
  changedDay: DayString,
): StrengthSeries {
  const p = plan(totals, options)
  const from = requireDay(changedDay) - p.start
  if (formatDayNumber(p.start) !== previous.firstDay || from <= 0) {
    return { firstDay: formatDayNumber(p.start), scores: run(p, [], 0) }
  }
  const kept = previous.scores.slice(0, Math.min(from, previous.scores.length))
  // A longer `until` than before: the days the previous series lacks are computed too.
  return { firstDay: previous.firstDay, scores: run(p, kept, kept.length) }
}

/**
 * The strength at the end of `day`: 0 before the series starts (nothing done yet), the last
 * score after it ends. Throws RangeError for an invalid day.
 */
export function getStrengthOn(series: StrengthSeries, day: DayString): number {
  const index = requireDay(day) - requireDay(series.firstDay)
  if (index < 0 || series.scores.length === 0) return 0
  return series.scores[Math.min(index, series.scores.length - 1)] as number
}

export interface StrengthPoint {
  /** The last day of the period (or `to`, for the period still running). */
  day: DayString
  score: number
}

/**
 * Points for a strength chart: one per day, ISO week or month from the period containing
 * `from` to the one containing `to`, each the strength at the end of its period (the period
 * holding `to` ends at `to`). Empty when `to` is before `from`.
 */
export function sampleStrength(
  series: StrengthSeries,
  unit: 'day' | 'week' | 'month',
  from: DayString,
  to: DayString,
): StrengthPoint[] {
  const first = requireDay(from)
  const last = requireDay(to)
  const points: StrengthPoint[] = []
  if (last < first) return points
  const seriesStart = requireDay(series.firstDay)
  const lastIndex = series.scores.length - 1
  let [, periodEnd] = getPeriodDayNumbers(unit, first)
  for (;;) {
    const day = Math.min(periodEnd, last)
    const index = Math.min(day - seriesStart, lastIndex)
    points.push({
      day: formatDayNumber(day),
      score: index < 0 ? 0 : (series.scores[index] as number),
    })
    if (periodEnd >= last) break
    ;[, periodEnd] = getPeriodDayNumbers(unit, periodEnd + 1)
  }
  return points
}
