import type { Activity } from '@kindling/core'
import { computeStreaksFromDays } from '@kindling/core'
import { useMemo } from 'react'
import { useDayCounts } from '../../../api/events'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/**
 * Streaks above 0 of the live activities, longest first (SPEC §9), over the whole history the
 * device holds (per-day counts of old events, records of recent ones): no cap.
 */
export function useStreaks(activities: readonly Activity[] | undefined, now: Date) {
  const timeZone = getDeviceTimeZone()
  const dayCounts = useDayCounts()
  const streaks = useMemo(
    () => computeStreaksFromDays(activities ?? [], dayCounts.data ?? new Map(), now, timeZone),
    [activities, dayCounts.data, now, timeZone],
  )
  return { streaks, isLoading: dayCounts.isLoading }
}
