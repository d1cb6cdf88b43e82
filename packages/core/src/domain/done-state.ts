import { getPeriodDayNumbers, getPeriodUnit } from './dates'
import type { DayTotals } from './day-totals'
import { getEventDay } from './day-totals'
import { measurePeriod, ONE_EVENT, type PeriodProgress, type PeriodTarget } from './targets'
import { getZone, parseDayNumber, resolveToday } from './time-zone'
import type { CadenceLike, DayString, EventLike, ScheduleLike } from './types'

/** What done-state is judged on: a goal fits as is; an activity as `{ activityId, cadence }`. */
export interface CadenceTarget {
  activityId: string
  cadence: CadenceLike
}

/** The cadence of a schedule: Daily, Weekly or Monthly, and null for Unscheduled. */
export function getScheduleCadence(schedule: ScheduleLike): CadenceLike | null {
  return schedule.type === 'Unscheduled' ? null : schedule.type
}

/**
 * Whether the days from `first` to `last` (day numbers, inclusive) are done: their events meet
 * `target` (by default one event, SPEC §4; measurePeriod). The one done rule: the schedule,
 * goals, reminders and statistics judge a period with it.
 */
export function isDoneBetween(
  totals: DayTotals | undefined,
  first: number,
  last: number,
  target: PeriodTarget = ONE_EVENT,
): boolean {
  return measurePeriod(totals, target, first, last).done
}

/**
 * How the day, ISO week (Monday–Sunday) or month of `cadence` containing `day` (a `YYYY-MM-DD`
 * in the user's zone, the zone `totals` were built in) stands toward `target`. Later days of the
 * period count. Throws RangeError for an invalid day.
 */
export function measureCurrentPeriod(
  totals: DayTotals | undefined,
  cadence: CadenceLike,
  day: DayString,
  target: PeriodTarget = ONE_EVENT,
): PeriodProgress {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  const [first, last] = getPeriodDayNumbers(getPeriodUnit(cadence), dayNumber)
  return measurePeriod(totals, target, first, last)
}

/** SPEC §4 done-state of the period of `cadence` containing `day` (measureCurrentPeriod). */
export function isDoneInPeriod(
  totals: DayTotals | undefined,
  cadence: CadenceLike,
  day: DayString,
  target: PeriodTarget = ONE_EVENT,
): boolean {
  return measureCurrentPeriod(totals, cadence, day, target).done
}

/**
 * The first event, in the order given, of the target's activity that counts in the current
 * day, ISO week (Monday–Sunday) or month in `timeZone` (SPEC §4: a done goal's toggle opens it).
 * Undefined when there is none, also for empty input. Events count on the day getEventDay
 * gives them, as in the totals done-state is judged on.
 */
export function findEventInPeriod<E extends EventLike>(
  target: CadenceTarget,
  events: readonly E[],
  now: Date | string,
  timeZone: string,
): E | undefined {
  const zone = getZone(timeZone)
  const [first, last] = getPeriodDayNumbers(getPeriodUnit(target.cadence), resolveToday(now, zone))
  return events.find((event) => {
    if (event.activityId !== target.activityId) return false
    const day = getEventDay(event, zone)
    return day >= first && day <= last
  })
}
