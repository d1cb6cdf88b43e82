import type { StatsPeriodUnit } from '@kindling/core'

/** A strength or a rate in [0, 1] as a rounded percentage: 0.734 is '73%'. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** A number value for reading: at most two decimals, thousands grouped. */
export function formatNumber(value: number): string {
  return numberFormat.format(value)
}

/** '1 day', '3 days'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`
}

/**
 * A short label of the period starting on `start` (YYYY-MM-DD, SPEC §9): a day or a week by its
 * first day, a month as YYYY-MM, a year as YYYY.
 */
export function formatPeriod(unit: StatsPeriodUnit, start: string): string {
  if (unit === 'year') return start.slice(0, 4)
  if (unit === 'month') return start.slice(0, 7)
  return start
}

/** Monday-first weekday names for the weekday histogram. */
export function weekdayName(weekday: number): string {
  return (
    ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekday] ?? ''
  )
}
