import { formatRelativeTime, getRelativeTime } from '@kindling/core'
import { activeLanguage, t } from './i18n'

/*
 * Relative times in the active language (issue 54). Apart from locale-format: core's relative
 * time brings dayjs, which the first screen does without.
 */

/**
 * How long ago (or ahead) `instant` is from `now`: SPEC §9's English ('5 minutes ago', 'a day
 * away', 'just now'), the language's own otherwise ('vor 5 Minuten', 'dans 2 jours').
 */
export function formatRelative(instant: Date | string, now: Date | string): string {
  const language = activeLanguage()
  if (language === 'en') return formatRelativeTime(instant, now)
  const time = getRelativeTime(instant, now)
  if (time.unit === 'now') return t('just now')
  if (time.unit === 'seconds') {
    return time.future ? t('in a few seconds') : t('a few seconds ago')
  }
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' })
  return format.format(time.future ? time.count : -time.count, time.unit)
}
