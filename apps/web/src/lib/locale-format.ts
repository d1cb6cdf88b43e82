import type { Language } from '@kindling/core'
import { activeLanguage } from './i18n'

/*
 * Numbers, days, times and relative times in the active language, through `Intl` (issue 54).
 * English keeps SPEC's forms exactly (days as YYYY-MM-DD, times as HH:mm, dayjs's relative
 * wording); every other language gets its own, with the digits Intl gives it (Arabic's too), so
 * a number reads the same in a sentence, a chart and a calendar. Call them while drawing, in a
 * component that uses `useT()` or `useLanguage()`, so a switch draws them again.
 */

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function memoized<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let format = formats.get(key)
  if (!format) {
    format = make()
    formats.set(key, format)
  }
  return format as T
}

/** The locale Intl formats English with: SPEC's en-US. */
function intlLocale(language: Language): string {
  return language === 'en' ? 'en-US' : language
}

/** `value` in the active language: grouped thousands, its decimal sign, its digits. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const language = activeLanguage()
  return memoized(
    `n:${language}:${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(intlLocale(language), options),
  ).format(value)
}

/** A share in [0, 1] as a rounded percentage: 0.734 is '73%' ('73 %' in German and French). */
export function formatPercent(share: number): string {
  if (activeLanguage() === 'en') return `${Math.round(share * 100)}%`
  return formatNumber(Math.round(share * 100) / 100, { style: 'percent' })
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function dayDate(day: string): Date | null {
  const match = DAY.exec(day)
  if (!match) return null
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  // Years below 100 stay themselves (Date.UTC would read 0026 as 1926).
  date.setUTCFullYear(Number(match[1]))
  return date
}

/**
 * A calendar day (YYYY-MM-DD) for reading: as it is in English (SPEC §9), in the language's
 * medium date otherwise ('29.11.2026', '29 nov 2026', '2026/11/29').
 */
export function formatDay(day: string): string {
  const language = activeLanguage()
  const date = language === 'en' ? null : dayDate(day)
  if (!date) return day
  return memoized(
    `d:${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date)
}

/** A month (YYYY-MM) for reading: as it is in English, 'Nov. 2026' or '2026年11月' otherwise. */
export function formatMonth(month: string): string {
  const language = activeLanguage()
  const date = language === 'en' ? null : dayDate(`${month.slice(0, 7)}-01`)
  if (!date) return month
  return memoized(
    `m:${language}`,
    () => new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
  ).format(date)
}

/** A year (YYYY) for reading, in the language's digits. */
export function formatYear(year: string | number): string {
  const language = activeLanguage()
  if (language === 'en') return String(year)
  return formatNumber(Number(year), { useGrouping: false })
}

/** The time of day of `instant` in `timeZone`: 24-hour HH:mm in English, the language's otherwise. */
export function formatTime(instant: Date | string | number, timeZone: string): string {
  const language = activeLanguage()
  return memoized(`t:${language}:${timeZone}`, () =>
    language === 'en'
      ? new Intl.DateTimeFormat('en-GB', {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone,
        })
      : new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone }),
  ).format(new Date(instant))
}

/** 'Monday'… in the active language, by getDay() numbering (0 Sunday … 6 Saturday). */
export function weekdayName(weekday: number): string {
  const language = activeLanguage()
  // 2024-01-07 was a Sunday.
  return memoized(
    `w:${language}`,
    () => new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' }),
  ).format(Date.UTC(2024, 0, 7 + weekday))
}

/** Where each language's weeks start when Intl cannot say (getDay() numbering). */
const WEEK_STARTS: Record<Language, number> = {
  en: 1,
  de: 1,
  es: 1,
  fr: 1,
  'pt-BR': 0,
  ja: 0,
  ar: 6,
}

/**
 * The first day of a calendar's week in the active language, by getDay() numbering (0 Sunday):
 * Monday in English (SPEC §9), the locale's own otherwise (Sunday in Brazil and Japan, Saturday
 * in Arabic), as Intl says it where it can.
 */
export function firstDayOfWeek(): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const language = activeLanguage()
  if (language === 'en') return 1
  let day = WEEK_STARTS[language]
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number }
      weekInfo?: { firstDay: number }
    }
    const first = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay
    // Intl counts 1 Monday … 7 Sunday.
    if (first !== undefined) day = first % 7
  } catch {
    // An engine without week data: the table above.
  }
  return day as 0 | 1 | 2 | 3 | 4 | 5 | 6
}

/** Items as a list in the active language ('a, b, c'; 'a、b、c' in Japanese; 'a، b' in Arabic). */
export function formatList(items: readonly string[]): string {
  const language = activeLanguage()
  if (language === 'en') return items.join(', ')
  return new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(items)
}

/**
 * A value as typed (no grouping added in English, as SPEC shows it: '1500 kg'); in another
 * language with its decimal sign and digits.
 */
export function formatValue(value: number): string {
  if (activeLanguage() === 'en') return String(value)
  return formatNumber(value, { maximumFractionDigits: 10 })
}

/** A weekday's short name ('Mon', 'Mo.', '月') by getDay() numbering. */
export function weekdayShortName(weekday: number): string {
  const language = activeLanguage()
  if (language === 'en') return weekdayName(weekday).slice(0, 3)
  return memoized(
    `ws:${language}`,
    () => new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }),
  ).format(Date.UTC(2024, 0, 7 + weekday))
}

/** A month's name (1 January … 12 December), long or short ('Jan', 'janv.', '1月'). */
export function monthName(month: number, width: 'long' | 'short' = 'long'): string {
  const language = activeLanguage()
  return memoized(
    `mn:${language}:${width}`,
    () => new Intl.DateTimeFormat(intlLocale(language), { month: width, timeZone: 'UTC' }),
  ).format(Date.UTC(2024, month - 1, 1))
}

/** A day without its year for a chart's axis: MM-DD in English, the language's own otherwise. */
export function formatShortDay(day: string): string {
  const language = activeLanguage()
  const date = language === 'en' ? null : dayDate(day)
  if (!date) return day.slice(5)
  return memoized(
    `sd:${language}`,
    () => new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }),
  ).format(date)
}
