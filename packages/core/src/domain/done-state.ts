import { getPeriodDayNumbers, getPeriodUnit } from './dates'
import { getZone, parseDayNumber, parseInstant, resolveDayNumber, resolveToday } from './time-zone'
import type { CadenceLike, EventLike, ScheduleLike } from './types'
import { isDeleted } from './types'

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
 * The first event, in the order given, of the target's activity that is not deleted and is
 * dated within the current day, ISO week (Monday–Sunday) or month in `timeZone` (SPEC §4: a
 * done goal's toggle opens it). Undefined when there is none, also for empty input. Events
 * with unparsable dates are skipped; events dated later in the current period count.
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
    if (event.activityId !== target.activityId || isDeleted(event)) return false
    const day = resolveDayNumber(event.eventDate, zone)
    return day >= first && day <= last
  })
}

/**
 * SPEC §4 done-state: true when at least one non-deleted event of the target's activity is
 * dated in the current day / ISO week / month in `timeZone`. False for empty input. For many
 * targets at once use collectDoneActivityIds, which reads the events once.
 */
export function isDoneInPeriod(
  target: CadenceTarget,
  events: readonly EventLike[],
  now: Date | string,
  timeZone: string,
): boolean {
  return findEventInPeriod(target, events, now, timeZone) !== undefined
}

/** Ids of the activities done in the current period of each cadence. */
export type DoneActivityIds = Record<CadenceLike, Set<string>>

/**
 * Done-state of every activity for all three cadences in one pass over the events (linear):
 * an activity id is in `Daily` when it has a non-deleted event today, in `Weekly` this ISO
 * week, in `Monthly` this month, all in `timeZone`. Events of deleted activities are not
 * filtered here: look ids up only for live activities.
 */
export function collectDoneActivityIds(
  events: readonly EventLike[],
  now: Date | string,
  timeZone: string,
): DoneActivityIds {
  const zone = getZone(timeZone)
  const today = resolveToday(now, zone)
  const [weekFirst, weekLast] = getPeriodDayNumbers('week', today)
  const [monthFirst, monthLast] = getPeriodDayNumbers('month', today)
  const first = Math.min(weekFirst, monthFirst)
  const last = Math.max(weekLast, monthLast)
  // Most events are older than the month: reject them on the instant, before any zone work.
  const firstMs = zone.startOfDay(first)
  const endMs = zone.startOfDay(last + 1)
  const done: DoneActivityIds = { Daily: new Set(), Weekly: new Set(), Monthly: new Set() }
  for (const event of events) {
    if (isDeleted(event)) continue
    const { eventDate } = event
    let day: number
    if (eventDate.length === 10) {
      day = parseDayNumber(eventDate)
    } else {
      const ms = parseInstant(eventDate)
      if (!(ms >= firstMs && ms < endMs)) continue
      day = zone.dayNumberAt(ms)
    }
    if (!(day >= first && day <= last)) continue
    if (day === today) done.Daily.add(event.activityId)
    if (day >= weekFirst && day <= weekLast) done.Weekly.add(event.activityId)
    if (day >= monthFirst && day <= monthLast) done.Monthly.add(event.activityId)
  }
  return done
}
