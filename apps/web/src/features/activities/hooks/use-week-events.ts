import type { Event } from '@kindling/core'
import { countEventsByDay, getPeriod, getWeekStrip, toCalendarDay } from '@kindling/core'
import { useMemo } from 'react'
import { useEvents } from '../../../api/events'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/** The API's page maximum; a week with more events than this still marks its days correctly enough. */
const WEEK_EVENTS_LIMIT = 1000

/**
 * This week's strip (Monday first, SPEC §2) and, per activity, its events per day. Only this
 * week's events are read (`from`/`to`), whatever the size of the history.
 */
export function useWeekEvents(now: Date, activityId?: string) {
  const timeZone = getDeviceTimeZone()
  const today = toCalendarDay(now, timeZone)
  const { days, week } = useMemo(
    () => ({
      days: getWeekStrip(today, timeZone),
      week: getPeriod('week', today, timeZone),
    }),
    [today, timeZone],
  )
  const query = useEvents({
    from: week.startInstant,
    to: week.endInstant,
    limit: WEEK_EVENTS_LIMIT,
    activityId,
  })
  const countsByActivity = useMemo(() => {
    const byActivity = new Map<string, Event[]>()
    for (const event of query.data ?? []) {
      const list = byActivity.get(event.activityId) ?? []
      list.push(event)
      byActivity.set(event.activityId, list)
    }
    const counts = new Map<string, Map<string, number>>()
    for (const [id, list] of byActivity) counts.set(id, countEventsByDay(list, timeZone))
    return counts
  }, [query.data, timeZone])
  return { days, countsByActivity, isLoading: query.isLoading }
}
