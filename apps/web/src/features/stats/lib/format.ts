import type { StatsPeriodUnit } from '@kindling/core'
import {
  formatDay,
  formatNumber as formatLocaleNumber,
  formatMonth,
  formatPercent as formatShare,
  formatYear,
  weekdayName as localWeekdayName,
} from '../../../lib/locale-format'

/*
 * The statistics' numbers and periods in the active language (issue 54): English as SPEC shows
 * them, other languages through Intl (lib/locale-format).
 */

/** A strength or a rate in [0, 1] as a rounded percentage: 0.734 is '73%'. */
export function formatPercent(share: number): string {
  return formatShare(share)
}

/** A number value for reading: at most two decimals, thousands grouped. */
export function formatNumber(value: number): string {
  return formatLocaleNumber(value, { maximumFractionDigits: 2 })
}

/**
 * A short label of the period starting on `start` (YYYY-MM-DD, SPEC §9): a day or a week by its
 * first day, a month as YYYY-MM, a year as YYYY (in English; the language's forms otherwise).
 */
export function formatPeriod(unit: StatsPeriodUnit, start: string): string {
  if (unit === 'year') return formatYear(start.slice(0, 4))
  if (unit === 'month') return formatMonth(start.slice(0, 7))
  return formatDay(start)
}

/** Weekday names by getDay() number, in the active language; '' for no weekday. */
export function weekdayName(weekday: number): string {
  return Number.isInteger(weekday) && weekday >= 0 && weekday <= 6 ? localWeekdayName(weekday) : ''
}
