import { getPeriod, isValidCalendarDay, toCalendarDay } from '@kindling/core'

const NOON_MS = 12 * 60 * 60 * 1000

/**
 * The day an Add Event form starts on: the `defaultDate` query value when it is a real
 * `YYYY-MM-DD` day, otherwise today in the device zone (SPEC §5: an invalid value is ignored).
 */
export function resolveDefaultDay(defaultDate: string | null, now: Date, timeZone: string): string {
  if (defaultDate && isValidCalendarDay(defaultDate)) return defaultDate
  return toCalendarDay(now, timeZone)
}

/**
 * The instant sent as an event's date for calendar day `day` in `timeZone`: now when the day is
 * today (so events of one day keep their order), else local noon, which stays inside the day
 * even on DST days and is far from either midnight.
 */
export function toEventInstant(day: string, now: Date, timeZone: string): string {
  if (day === toCalendarDay(now, timeZone)) return now.toISOString()
  const period = getPeriod('day', day, timeZone)
  const start = Date.parse(period.startInstant)
  const end = Date.parse(period.endInstant)
  return new Date(Math.min(start + NOON_MS, Math.max(start, end - 1))).toISOString()
}
