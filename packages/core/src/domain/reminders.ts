import { PRODUCT_NAME } from '../constants'
import { isBreakDay } from './breaks'
import type { DayTotals } from './day-totals'
import { getScheduleCadence, isDoneInPeriod } from './done-state'
import type { PeriodTarget, TargetOf } from './targets'
import {
  formatDayNumber,
  getZone,
  MS_PER_DAY,
  parseDayNumber,
  toEpochMs,
  weekdayOfDayNumber,
  type Zone,
} from './time-zone'
import type { DayString, ScheduledActivityLike, SoftDeletable } from './types'
import { isActive, isDeleted } from './types'

/**
 * Reminders (issue 18): a time of day on some weekdays, in the user's time zone. Everything
 * here is pure: the caller passes "now" and the zone. An occurrence belongs to a local calendar
 * day; a reminder has at most one occurrence a day, which is what "never twice" is keyed on.
 */

/** A reminder as these functions read it; `days` uses getDay() numbers (0 Sunday … 6 Saturday). */
export interface ReminderLike extends SoftDeletable {
  id: string
  activityId: string
  /** `HH:mm`, 24-hour, local wall-clock time. */
  time: string
  days: readonly number[]
}

/** One firing of a reminder: its local day and the instant it fires. */
export interface ReminderOccurrence {
  reminderId: string
  activityId: string
  /** The local calendar day the reminder is for (also when a DST gap moves it). */
  day: DayString
  /** The instant, as an ISO string in UTC. */
  at: string
}

/** Why an occurrence is not delivered; null when it is. */
export type ReminderSkipReason = 'inactive' | 'paused' | 'break' | 'done'

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of an `HH:mm` time (00:00–23:59); NaN for anything else. */
export function parseTimeOfDay(time: string): number {
  const match = TIME_PATTERN.exec(time)
  if (!match) return Number.NaN
  return Number(match[1]) * 60 + Number(match[2])
}

function requireMinutes(time: string): number {
  const minutes = parseTimeOfDay(time)
  if (Number.isNaN(minutes)) throw new RangeError(`Invalid time of day: ${time}`)
  return minutes
}

/**
 * The instant the wall clock of `zone` shows `minutes` after midnight of local day `dayNumber`.
 * A time skipped by a DST gap is moved forward by the gap's length (02:30 on a one-hour spring
 * forward fires at 03:30, as a clock that was not adjusted would show); a time that occurs
 * twice (autumn) fires at the first of the two. This is Temporal's 'compatible' rule.
 */
function resolveWallTime(zone: Zone, dayNumber: number, minutes: number): number {
  const wall = dayNumber * MS_PER_DAY + minutes * 60_000
  const before = zone.offsetAt(wall - MS_PER_DAY)
  const after = zone.offsetAt(wall + MS_PER_DAY)
  const valid = [wall - before, wall - after].filter((ms) => ms + zone.offsetAt(ms) === wall)
  if (valid.length > 0) return Math.min(...valid)
  // In the gap: read the wall time with the offset in force before the transition.
  return wall - before
}

/**
 * The instant (ISO, UTC) of local time `time` (`HH:mm`) on calendar day `day` in `timeZone`,
 * with the DST rules of resolveWallTime: a skipped time moves forward by the gap, a repeated
 * one takes its first occurrence. Throws RangeError for a bad day, time or zone.
 */
export function resolveLocalTime(day: DayString, time: string, timeZone: string): string {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  return new Date(resolveWallTime(getZone(timeZone), dayNumber, requireMinutes(time))).toISOString()
}

function occurrenceOn(reminder: ReminderLike, dayNumber: number, zone: Zone, minutes: number) {
  return {
    reminderId: reminder.id,
    activityId: reminder.activityId,
    day: formatDayNumber(dayNumber),
    ms: resolveWallTime(zone, dayNumber, minutes),
  }
}

const toOccurrence = ({ ms, ...rest }: ReturnType<typeof occurrenceOn>): ReminderOccurrence => ({
  ...rest,
  at: new Date(ms).toISOString(),
})

/**
 * The first occurrence of `reminder` strictly after the instant `after`, in `timeZone`; null
 * when it has no weekdays or is deleted. Strictly after, so feeding an occurrence back in gives
 * the next one: a time repeated by an autumn transition still fires once that day.
 */
export function getNextReminderOccurrence(
  reminder: ReminderLike,
  after: Date | string,
  timeZone: string,
): ReminderOccurrence | null {
  if (isDeleted(reminder) || reminder.days.length === 0) return null
  const zone = getZone(timeZone)
  const afterMs = toEpochMs(after)
  const minutes = requireMinutes(reminder.time)
  const firstDay = zone.dayNumberAt(afterMs) - 1
  // Eight days cover every weekday once more than needed; one more for the day before.
  for (let dayNumber = firstDay; dayNumber <= firstDay + 9; dayNumber += 1) {
    if (!reminder.days.includes(weekdayOfDayNumber(dayNumber))) continue
    const occurrence = occurrenceOn(reminder, dayNumber, zone, minutes)
    if (occurrence.ms > afterMs) return toOccurrence(occurrence)
  }
  return null
}

/**
 * Every occurrence of the live `reminders` firing in `[from, to)` in `timeZone`, earliest
 * first (ties by reminder id). Empty when `to` is not after `from`.
 */
export function listReminderOccurrences(
  reminders: readonly ReminderLike[],
  from: Date | string,
  to: Date | string,
  timeZone: string,
): ReminderOccurrence[] {
  const zone = getZone(timeZone)
  const fromMs = toEpochMs(from)
  const toMs = toEpochMs(to)
  if (!(toMs > fromMs)) return []
  const firstDay = zone.dayNumberAt(fromMs) - 1
  const lastDay = zone.dayNumberAt(toMs) + 1
  const found: ReturnType<typeof occurrenceOn>[] = []
  for (const reminder of reminders) {
    if (isDeleted(reminder) || reminder.days.length === 0) continue
    const minutes = requireMinutes(reminder.time)
    for (let dayNumber = firstDay; dayNumber <= lastDay; dayNumber += 1) {
      if (!reminder.days.includes(weekdayOfDayNumber(dayNumber))) continue
      const occurrence = occurrenceOn(reminder, dayNumber, zone, minutes)
      if (occurrence.ms >= fromMs && occurrence.ms < toMs) found.push(occurrence)
    }
  }
  found.sort((a, b) => a.ms - b.ms || (a.reminderId < b.reminderId ? -1 : 1))
  return found.map(toOccurrence)
}

/** True when reminders are paused on `day`: `pausedUntil` is that day or later (inclusive). */
export function isPausedOn(day: DayString, pausedUntil: DayString | null | undefined): boolean {
  return Boolean(pausedUntil) && day <= (pausedUntil as string)
}

export interface ReminderCheck {
  /** The reminder's habit; undefined when it is gone. */
  activity: ScheduledActivityLike | undefined
  /** The habit's days in the user's zone; only the occurrence's period matters. */
  days: DayTotals | undefined
  /** What the habit's period asks (its goal of that cadence); one event when absent. */
  target?: PeriodTarget
  /** Reminders are paused up to and including this day; null when not paused. */
  pausedUntil: DayString | null | undefined
}

/**
 * Why `occurrence` should not be delivered, or null when it should: 'inactive' when its habit
 * is missing, deleted or archived, 'paused' when reminders are paused on its day, 'break' when its day is
 * one of the habit's break days (`days.breaks`: a skipped day, a vacation), 'done' when the habit is
 * already done (isDoneInPeriod) in the period of its schedule containing the occurrence's day (a
 * day for Daily and Unscheduled habits, the ISO week for Weekly, the month for Monthly).
 */
export function getReminderSkipReason(
  occurrence: Pick<ReminderOccurrence, 'activityId' | 'day'>,
  { activity, days, pausedUntil, target }: ReminderCheck,
): ReminderSkipReason | null {
  if (!activity || !isActive(activity) || activity.id !== occurrence.activityId) return 'inactive'
  if (isPausedOn(occurrence.day, pausedUntil)) return 'paused'
  if (isBreakDay(days, occurrence.day)) return 'break'
  const cadence = getScheduleCadence(activity.schedule) ?? 'Daily'
  return isDoneInPeriod(days, cadence, occurrence.day, target) ? 'done' : null
}

/** The notification text of a reminder for the habit `name` (push, e-mail and native alike). */
export function buildReminderMessage(name: string): { title: string; body: string } {
  return { title: name, body: `Time for ${name}. ${PRODUCT_NAME} reminder.` }
}

/** The largest id a native notification may have (Android ids are Java ints). */
const MAX_NOTIFICATION_ID = 0x7fffffff

/**
 * A stable positive 31-bit id for the native notification of `reminderId` on `day` (FNV-1a),
 * so a re-plan recognises what is already scheduled. Never 0.
 */
export function getNotificationId(reminderId: string, day: DayString): number {
  let hash = 0x811c9dc5
  const key = `${reminderId}@${day}`
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 1) % MAX_NOTIFICATION_ID || 1
}

/** One native notification to schedule. */
export interface PlannedNotification extends ReminderOccurrence {
  /** A positive 31-bit id, stable for the same reminder and day (see getNotificationId). */
  id: number
  title: string
  body: string
}

export interface NotificationPlanInput {
  reminders: readonly ReminderLike[]
  activities: readonly ScheduledActivityLike[]
  /** Each activity's days in `timeZone` (buildHabitDays). */
  habitDays: ReadonlyMap<string, DayTotals>
  /** What each habit's period asks (indexGoalTargets); one event when absent. */
  targetOf?: TargetOf
  pausedUntil: DayString | null | undefined
  now: Date | string
  timeZone: string
  /** How many days ahead to plan (default 7). */
  days?: number
  /** At most this many notifications, the earliest (default 64, what iOS keeps pending). */
  limit?: number
}

export const NOTIFICATION_PLAN_DAYS = 7
export const NOTIFICATION_PLAN_LIMIT = 64

/**
 * The native notifications to have pending (issue 18): every occurrence after `now` and within
 * the next `days` days that getReminderSkipReason lets through, judged on the days known now
 * (so today's is left out once the habit is done), earliest first, at most `limit`. Ids are
 * stable per reminder and day; on the rare hash collision the later one takes the next free id.
 */
export function planNotifications(input: NotificationPlanInput): PlannedNotification[] {
  const limit = input.limit ?? NOTIFICATION_PLAN_LIMIT
  if (limit <= 0) return []
  const nowMs = toEpochMs(input.now)
  const until = nowMs + (input.days ?? NOTIFICATION_PLAN_DAYS) * MS_PER_DAY
  const activities = new Map(input.activities.map((activity) => [activity.id, activity]))
  const live = input.reminders.filter((reminder) => activities.has(reminder.activityId))
  const planned: PlannedNotification[] = []
  const usedIds = new Set<number>()
  for (const occurrence of listReminderOccurrences(
    live,
    new Date(nowMs + 1),
    new Date(until),
    input.timeZone,
  )) {
    const activity = activities.get(occurrence.activityId)
    const reason = getReminderSkipReason(occurrence, {
      activity,
      days: input.habitDays.get(occurrence.activityId),
      pausedUntil: input.pausedUntil,
      ...(activity && input.targetOf
        ? {
            target: input.targetOf(activity.id, getScheduleCadence(activity.schedule) ?? 'Daily'),
          }
        : {}),
    })
    if (reason || !activity) continue
    let id = getNotificationId(occurrence.reminderId, occurrence.day)
    while (usedIds.has(id)) id = id >= MAX_NOTIFICATION_ID ? 1 : id + 1
    usedIds.add(id)
    planned.push({ ...occurrence, id, ...buildReminderMessage(activity.name) })
    if (planned.length >= limit) break
  }
  return planned
}
