/**
 * Internal time-zone arithmetic on plain numbers, shared by every domain module.
 *
 * A "day number" is the count of days since 1970-01-01 (the epoch day of a calendar day);
 * a calendar day string and its day number convert both ways without a zone. Converting an
 * instant to a day number needs the zone's UTC offset at that instant, which Intl gives us at
 * several microseconds a call: too slow for 140k events, so offsets are cached per UTC week.
 */

export const MS_PER_DAY = 86_400_000
const MS_PER_WEEK = 7 * MS_PER_DAY
const MS_PER_MINUTE = 60_000

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1–12); exact for any year. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** Days in month `month` (1–12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
}

/** The day number of a `YYYY-MM-DD` string, or NaN when it is not a real calendar day. */
export function parseDayNumber(day: string): number {
  const match = DAY_PATTERN.exec(day)
  if (!match) return Number.NaN
  const year = Number(match[1])
  const month = Number(match[2])
  const date = Number(match[3])
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return Number.NaN
  return daysFromCivil(year, month, date)
}

/**
 * The `YYYY-MM-DD` string of a day number (years 0000–9999). Plain arithmetic: a whole history
 * formats tens of thousands of days, and a Date with toISOString per day costs ten times more.
 */
export function formatDayNumber(dayNumber: number): string {
  const { year, month, day } = splitDayNumber(dayNumber)
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/** Year, month (1–12) and day of month of a day number: daysFromCivil's inverse. */
export function splitDayNumber(dayNumber: number): { year: number; month: number; day: number } {
  const z = dayNumber + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

/** Weekday of a day number as JavaScript's getDay(): 0 Sunday … 6 Saturday. */
export function weekdayOfDayNumber(dayNumber: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((dayNumber + 4) % 7) + 7) % 7
}

function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48
}

/**
 * Milliseconds since the epoch of an ISO instant, NaN when unparsable. The canonical form the
 * server stores (`2026-03-08T07:30:00.000Z`, what toISOString() writes) is parsed by hand,
 * about five times faster than Date.parse; anything else goes through Date.parse.
 */
export function parseInstant(text: string): number {
  if (
    text.length === 24 &&
    text.charCodeAt(23) === 90 && // Z
    text.charCodeAt(10) === 84 && // T
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(13) === 58 &&
    text.charCodeAt(16) === 58 &&
    text.charCodeAt(19) === 46
  ) {
    const month = twoDigits(text, 5)
    const day = twoDigits(text, 8)
    const hour = twoDigits(text, 11)
    const minute = twoDigits(text, 14)
    const second = twoDigits(text, 17)
    const milli = (text.charCodeAt(20) - 48) * 100 + twoDigits(text, 21)
    if (
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= 31 &&
      hour <= 23 &&
      minute <= 59 &&
      second <= 59 &&
      milli >= 0 &&
      milli <= 999
    ) {
      const year = twoDigits(text, 0) * 100 + twoDigits(text, 2)
      return (
        daysFromCivil(year, month, day) * MS_PER_DAY +
        hour * 3_600_000 +
        minute * MS_PER_MINUTE +
        second * 1000 +
        milli
      )
    }
  }
  return Date.parse(text)
}

/** Milliseconds of a `Date | string` instant; throws RangeError when it is not one. */
export function toEpochMs(instant: Date | string): number {
  const ms = typeof instant === 'string' ? parseInstant(instant) : instant.getTime()
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`)
  return ms
}

/** Offset arithmetic of one IANA zone, with a per-UTC-day cache of offsets. */
export interface Zone {
  readonly timeZone: string
  /** UTC offset in ms at the instant `ms` (local wall clock minus UTC). */
  offsetAt(ms: number): number
  /** Day number of the local calendar day containing the instant `ms`. */
  dayNumberAt(ms: number): number
  /**
   * First instant of the local day `dayNumber`. When local midnight falls in a DST gap the day
   * starts at the transition; when it occurs twice, at the earlier occurrence.
   */
  startOfDay(dayNumber: number): number
}

const CACHE_LIMIT = 100_000
const zones = new Map<string, Zone>()

/** The cached Zone of `timeZone`; throws RangeError for a zone this runtime does not know. */
export function getZone(timeZone: string): Zone {
  let zone = zones.get(timeZone)
  if (!zone) {
    zone = createZone(timeZone)
    zones.set(timeZone, zone)
  }
  return zone
}

function createZone(timeZone: string): Zone {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })

  // Exact offset, straight from Intl. Offsets are whole seconds, so compare at second precision.
  function exactOffsetAt(ms: number): number {
    const fields: Record<string, number> = {}
    for (const part of format.formatToParts(ms)) {
      if (part.type !== 'literal') fields[part.type] = Number(part.value)
    }
    const wall =
      daysFromCivil(fields.year ?? 1970, fields.month ?? 1, fields.day ?? 1) * MS_PER_DAY +
      (fields.hour ?? 0) * 3_600_000 +
      (fields.minute ?? 0) * MS_PER_MINUTE +
      (fields.second ?? 0) * 1000
    return wall - (ms - (((ms % 1000) + 1000) % 1000))
  }

  // Offsets at bucket boundaries, cached. A bucket (a UTC week, then a UTC day) that starts
  // and ends on the same offset is taken as constant in between: no zone changes its offset
  // and back within a week. The last constant interval found is memoised, so a run of events
  // in date order costs one comparison each.
  // Keyed by bucket index (a small integer), not by milliseconds, which hash slowly.
  const weekOffsets = new Map<number, number>()
  const dayOffsets = new Map<number, number>()
  function offsetAtBoundary(cache: Map<number, number>, index: number, size: number): number {
    let offset = cache.get(index)
    if (offset === undefined) {
      if (cache.size >= CACHE_LIMIT) cache.clear()
      offset = exactOffsetAt(index * size)
      cache.set(index, offset)
    }
    return offset
  }

  let memoStart = 0
  let memoEnd = 0
  let memoOffset = 0
  function offsetInBucket(ms: number, size: number, cache: Map<number, number>) {
    const index = Math.floor(ms / size)
    const offset = offsetAtBoundary(cache, index, size)
    if (offset !== offsetAtBoundary(cache, index + 1, size)) return undefined
    memoStart = index * size
    memoEnd = memoStart + size
    memoOffset = offset
    return offset
  }

  function offsetAt(ms: number): number {
    if (ms >= memoStart && ms < memoEnd) return memoOffset
    return (
      offsetInBucket(ms, MS_PER_WEEK, weekOffsets) ??
      offsetInBucket(ms, MS_PER_DAY, dayOffsets) ??
      exactOffsetAt(ms)
    )
  }

  function dayNumberAt(ms: number): number {
    return Math.floor((ms + offsetAt(ms)) / MS_PER_DAY)
  }

  function startOfDay(dayNumber: number): number {
    const wall = dayNumber * MS_PER_DAY
    const before = offsetAt(wall - MS_PER_DAY)
    const after = offsetAt(wall + MS_PER_DAY)
    const valid = [wall - before, wall - after].filter((ms) => ms + offsetAt(ms) === wall)
    if (valid.length > 0) return Math.min(...valid)
    // Midnight is skipped: the day begins at the transition, found by bisection between the
    // last instant still showing the previous day and the first showing this one.
    let low = Math.min(wall - before, wall - after)
    let high = Math.max(wall - before, wall - after)
    while (high - low > 1000) {
      const middle = Math.floor((low + high) / 2000) * 1000
      if (dayNumberAt(middle) < dayNumber) low = middle
      else high = middle
    }
    return high
  }

  return { timeZone, offsetAt, dayNumberAt, startOfDay }
}

/**
 * Day number of an event date or a "now": a bare `YYYY-MM-DD` is that day in every zone,
 * anything else is an instant read in the zone. NaN when unparsable.
 */
export function resolveDayNumber(value: Date | string, zone: Zone): number {
  if (typeof value === 'string') {
    if (value.length === 10) return parseDayNumber(value)
    const ms = parseInstant(value)
    return Number.isNaN(ms) ? Number.NaN : zone.dayNumberAt(ms)
  }
  const ms = value.getTime()
  return Number.isNaN(ms) ? Number.NaN : zone.dayNumberAt(ms)
}

/** Like resolveDayNumber, but throws RangeError for an unusable "now". */
export function resolveToday(now: Date | string, zone: Zone): number {
  const day = resolveDayNumber(now, zone)
  if (Number.isNaN(day)) throw new RangeError(`Invalid date: ${String(now)}`)
  return day
}
