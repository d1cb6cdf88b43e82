import { getWeekStrip, toCalendarDay } from '@kindling/core'
import { useMemo } from 'react'
import { useHabitDays } from '../../../api/days'
import { useLanguage } from '../../../lib/i18n'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/**
 * This week's strip (Monday first, SPEC §2; its letters in the active language) and every
 * habit's days, to mark the days with events.
 */
export function useWeekEvents(now: Date) {
  const timeZone = getDeviceTimeZone()
  const language = useLanguage()
  const today = toCalendarDay(now, timeZone)
  const days = useMemo(
    () => getWeekStrip(today, timeZone, language === 'en' ? 'en-US' : language),
    [today, timeZone, language],
  )
  const habitDays = useHabitDays()
  return { days, habitDays: habitDays.data, isLoading: habitDays.isLoading }
}
