import type { Activity, Attribute, DayString, DayTotals } from '@kindling/core'
import { buildDayTotalsByActivity, isDeleted, mergeDayTotals, sortByRecent } from '@kindling/core'
import { useMemo } from 'react'
import { useActivities } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { selectEvents } from '../../../api/events'
import { getSyncEngine, useSynced } from '../../../lib/sync/store'
import { getDeviceTimeZone } from '../../../lib/time-zone'

export interface ActivityDaysQuery {
  /** Only this activity; every activity when absent. */
  activityId?: string
  /** First and last calendar day (inclusive) in the device zone; the whole history when absent. */
  from?: DayString
  to?: DayString
}

export interface ActivityDays {
  /** Per-day totals by activity id; an activity without events in the range is absent. */
  totals: ReadonlyMap<string, DayTotals>
  isLoading: boolean
  isError: boolean
  retry: () => void
}

const NO_TOTALS: ReadonlyMap<string, DayTotals> = new Map()

/*
 * Every read of the statistics screens is in this file, so moving them to another store (the
 * local copy of issue 13) changes this file only.
 */

/**
 * The one place the statistics read events: per-day totals (events per day and the day's sums of
 * number values) per activity, in the device's zone. Everything on the Stats screens is computed
 * from these by `@kindling/core`, so this hook can be served by any store that keeps per-day
 * totals without touching the screens. It reads the device's synced copy (issue 13): totals of
 * the recent events it holds, number values included, merged over the per-day counts of older
 * days; number attributes are found from the values (number, duration and rating values).
 */
export function useActivityDays(query: ActivityDaysQuery = {}): ActivityDays {
  const timeZone = getDeviceTimeZone()
  const { activityId } = query
  const synced = useSynced(
    (view, engine) => {
      const { eventsFrom, history } = engine.syncMeta
      // Recent events are records on the device: their totals carry the number values.
      const live = selectEvents(view, { activityId }).filter(
        (event) => eventsFrom === undefined || event.eventDate >= eventsFrom,
      )
      const numberIds = new Map<string, Set<string>>()
      for (const event of live) {
        for (const [id, value] of Object.entries(event.attributes ?? {})) {
          if (typeof value !== 'number') continue
          let ids = numberIds.get(event.activityId)
          if (!ids) {
            ids = new Set()
            numberIds.set(event.activityId, ids)
          }
          ids.add(id)
        }
      }
      const ids = new Map([...numberIds].map(([id, set]) => [id, [...set]]))
      const totals = buildDayTotalsByActivity(live, timeZone, ids)
      // Older days come as per-day counts from the device's history.
      if (history && history.timeZone === timeZone) {
        for (const item of history.activities) {
          if (activityId !== undefined && item.activityId !== activityId) continue
          const old: DayTotals = {
            firstDay: item.firstDay,
            counts: item.counts,
            ...(item.numbers ? { numbers: item.numbers } : {}),
          }
          const recent = totals.get(item.activityId)
          totals.set(item.activityId, recent ? mergeDayTotals(old, recent) : old)
        }
      }
      return totals as ReadonlyMap<string, DayTotals>
    },
    [activityId, timeZone],
  )
  return {
    totals: synced.data ?? NO_TOTALS,
    isLoading: synced.isLoading,
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
