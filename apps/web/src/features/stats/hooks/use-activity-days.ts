import type { Activity, Attribute, DayTotals } from '@kindling/core'
import { isDeleted, sortByRecent } from '@kindling/core'
import { useMemo } from 'react'
import { useActivities } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { useHabitDays } from '../../../api/days'
import { getSyncEngine } from '../../../lib/sync/store'

export interface ActivityDays {
  /** Per-day totals by activity id, whole history; an activity without events is absent. */
  totals: ReadonlyMap<string, DayTotals>
  isLoading: boolean
  isError: boolean
  retry: () => void
}

const NO_TOTALS: ReadonlyMap<string, DayTotals> = new Map()

/**
 * What the statistics read of the events: every habit's days (core's one per-day model, events
 * per day and the day's sums of number values) from the device's synced copy. Everything on the
 * Stats screens is computed from these by `@kindling/core`.
 */
export function useActivityDays(): ActivityDays {
  const days = useHabitDays()
  return {
    totals: days.data ?? NO_TOTALS,
    isLoading: days.isLoading,
    isError: false,
    retry: () => getSyncEngine()?.kick(),
  }
}

export interface StatsActivities {
  /** Live activities, most recently updated or created first (as on the Habits page). */
  activities: Activity[]
  isLoading: boolean
  isError: boolean
  retry: () => void
}

/** The live activities the statistics are about. */
export function useStatsActivities(): StatsActivities {
  const query = useActivities()
  const activities = useMemo(
    () => sortByRecent((query.data ?? []).filter((activity) => !isDeleted(activity))),
    [query.data],
  )
  return {
    activities,
    isLoading: query.isLoading,
    isError: query.isError,
    retry: () => getSyncEngine()?.kick(),
  }
}

/** Attribute types whose values are numbers the statistics add up. */
const NUMBER_TYPES: readonly Attribute['type'][] = ['number', 'duration', 'rating']

/** The live number, duration and rating attributes of an activity, in the order created. */
export function useNumberAttributes(activityId: string): Attribute[] {
  const query = useAttributes()
  return useMemo(
    () =>
      (query.data ?? []).filter(
        (attribute) =>
          attribute.activityId === activityId &&
          !isDeleted(attribute) &&
          NUMBER_TYPES.includes(attribute.type),
      ),
    [query.data, activityId],
  )
}
