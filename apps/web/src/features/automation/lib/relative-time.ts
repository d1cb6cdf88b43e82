import { formatRelativeTime, type Language } from '@kindling/core'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago (or from now) `instant` is, in `language`: English as core says it ('3 hours
 * ago', 'just now'), every other language through `Intl.RelativeTimeFormat` with about the same
 * steps (now, seconds, minutes, hours, days, months, years).
 */
export function describeRelativeTime(
  instant: Date | string,
  now: Date | string,
  language: Language,
): string {
  if (language === 'en') return formatRelativeTime(instant, now)
  const difference = new Date(instant).getTime() - new Date(now).getTime()
  const size = Math.abs(difference)
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
  const sign = Math.sign(difference)
  if (size < 30) return format.format(0, 'second')
  if (size < 45_000) return format.format(sign * Math.max(1, Math.round(size / 1000)), 'second')
  if (size < 45 * MINUTE) return format.format(sign * Math.round(size / MINUTE), 'minute')
  if (size < 22 * HOUR) return format.format(sign * Math.round(size / HOUR), 'hour')
  if (size < 26 * DAY) return format.format(sign * Math.round(size / DAY), 'day')
  if (size < 320 * DAY)
    return format.format(sign * Math.max(1, Math.round(size / (30 * DAY))), 'month')
  return format.format(sign * Math.max(1, Math.round(size / (365 * DAY))), 'year')
}
