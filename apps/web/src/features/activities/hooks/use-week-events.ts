import { getWeekStrip, toCalendarDay } from '@kindling/core'
import { useMemo } from 'react'
import { useHabitDays } from '../../../api/days'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/** This week's strip (Monday first, SPEC §2) and every habit's days, to mark the days with events. */
export function useWeekEvents(now: Date) {
  const timeZone = getDeviceTimeZone()
  const today = toCalendarDay(now, timeZone)
  const days = useMemo(() => getWeekStrip(today, timeZone), [today, timeZone])
  const habitDays = useHabitDays()
  return { days, habitDays: habitDays.data, isLoading: habitDays.isLoading }
}
