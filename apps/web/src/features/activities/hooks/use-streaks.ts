import type { Activity } from '@kindling/core'
import { rankStreaks, toCalendarDay } from '@kindling/core'
import { useMemo } from 'react'
import { useHabitDays } from '../../../api/days'
import { getDeviceTimeZone } from '../../../lib/time-zone'

const NO_DAYS = new Map()

/**
 * Streaks above 0 of the live activities, longest first (SPEC §9), over each habit's whole
 * history on the device (its days: old days' counts and recent events): no cap.
 */
export function useStreaks(activities: readonly Activity[] | undefined, now: Date) {
  const today = toCalendarDay(now, getDeviceTimeZone())
  const days = useHabitDays()
  const streaks = useMemo(
    () => rankStreaks(activities ?? [], days.data ?? NO_DAYS, today),
    [activities, days.data, today],
  )
  return { streaks, isLoading: days.isLoading }
}
