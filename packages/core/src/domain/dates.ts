import {
  daysInMonth,
  formatDayNumber,
  getZone,
  parseDayNumber,
  resolveToday,
  splitDayNumber,
  weekdayOfDayNumber,
} from './time-zone'
import type { CadenceLike, DayString } from './types'

/** The calendar periods of SPEC §4: a day, an ISO week (Monday to Sunday), a month. */
export type PeriodUnit = 'day' | 'week' | 'month'

/**
 * A period in a zone: `start` and `end` are inclusive calendar days; `startInstant` and
 * `endInstant` are the UTC instants (ISO strings) bounding it half-open, `[start, end)`, ready
 * for a database range query.
 */
export interface Period {
  unit: PeriodUnit
  start: DayString
  end: DayString
  startInstant: string
  endInstant: string
}

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in an IANA zone. A bare `YYYY-MM-DD` string is
 * returned unchanged whatever the zone (a day is a day). Throws RangeError for an unparsable
 * instant, an impossible day such as 2026-02-30, or an unknown zone.
 */
export function toCalendarDay(instant: Date | string, timeZone: string): DayString {
  return formatDayNumber(resolveToday(instant, getZone(timeZone)))
}

/** True for a real `YYYY-MM-DD` day: right shape, month 01–12, day within that month (leap years too). */
export function isValidCalendarDay(value: string): boolean {
  return !Number.isNaN(parseDayNumber(value))
}

function requireDayNumber(day: DayString): number {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  return dayNumber
}

/** `day` moved by `amount` days (negative goes back); crosses months and years. Throws RangeError for an invalid day. */
export function addDays(day: DayString, amount: number): DayString {
  return formatDayNumber(requireDayNumber(day) + amount)
}

/** Weekday of a calendar day as getDay() numbers it: 0 Sunday … 6 Saturday (zone-free). */
export function getWeekday(day: DayString): number {
  return weekdayOfDayNumber(requireDayNumber(day))
}

/**
 * Every calendar day from `start` to `end`, both inclusive; empty when `end` is before `start`.
 * Throws RangeError for an invalid day.
 */
export function listCalendarDays(start: DayString, end: DayString): DayString[] {
  const first = requireDayNumber(start)
  const last = requireDayNumber(end)
  const days: DayString[] = []
  for (let dayNumber = first; dayNumber <= last; dayNumber++) days.push(formatDayNumber(dayNumber))
  return days
}

/** The period unit a cadence is judged over: Daily a day, Weekly an ISO week, Monthly a month. */
export function getPeriodUnit(cadence: CadenceLike): PeriodUnit {
  return cadence === 'Daily' ? 'day' : cadence === 'Weekly' ? 'week' : 'month'
}

/** Inclusive first and last day numbers of the period of `unit` containing `dayNumber`. */
export function getPeriodDayNumbers(unit: PeriodUnit, dayNumber: number): [number, number] {
  if (unit === 'day') return [dayNumber, dayNumber]
  if (unit === 'week') {
    const sinceMonday = (weekdayOfDayNumber(dayNumber) + 6) % 7
    return [dayNumber - sinceMonday, dayNumber - sinceMonday + 6]
  }
  const { year, month, day } = splitDayNumber(dayNumber)
  const first = dayNumber - day + 1
  return [first, first + daysInMonth(year, month) - 1]
}

/**
 * The day, ISO week (Monday–Sunday) or month containing `at` in `timeZone`. `at` is an instant
 * (read in the zone) or a bare `YYYY-MM-DD`. The instant bounds follow the zone's real clock, so
 * a DST day lasts 23 or 25 hours and a day skipped by the zone (Pacific/Apia, 2011-12-30) has
 * `startInstant === endInstant`. Throws RangeError for bad input or an unknown zone.
 */
export function getPeriod(unit: PeriodUnit, at: Date | string, timeZone: string): Period {
  const zone = getZone(timeZone)
  const [first, last] = getPeriodDayNumbers(unit, resolveToday(at, zone))
  return {
    unit,
    start: formatDayNumber(first),
    end: formatDayNumber(last),
    startInstant: new Date(zone.startOfDay(first)).toISOString(),
    endInstant: new Date(zone.startOfDay(last + 1)).toISOString(),
  }
}

/** One button of the Monday-first week strip (SPEC §2 Activities list). */
export interface WeekStripDay {
  day: DayString
  /** getDay() numbering: 0 Sunday … 6 Saturday. */
  weekday: number
  /** Narrow weekday name in the locale, e.g. 'M'. */
  letter: string
  isToday: boolean
}

/**
 * Narrow weekday names Monday first, e.g. M T W T F S S for 'en-US'. Unknown locales fall back
 * to the runtime default the way Intl does.
 */
export function getNarrowWeekdayLetters(locale = 'en-US'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' })
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(Date.UTC(2024, 0, 1 + index)))
}

/**
 * The seven days, Monday to Sunday, of the ISO week containing today in `timeZone`, with
 * narrow letters in `locale` and today marked. Marking days that have events is left to the
 * caller (see getDayCount).
 */
export function getWeekStrip(
  now: Date | string,
  timeZone: string,
  locale = 'en-US',
): WeekStripDay[] {
  const today = resolveToday(now, getZone(timeZone))
  const [monday] = getPeriodDayNumbers('week', today)
  const letters = getNarrowWeekdayLetters(locale)
  return letters.map((letter, index) => ({
    day: formatDayNumber(monday + index),
    weekday: (index + 1) % 7,
    letter,
    isToday: monday + index === today,
  }))
}
