import type { Event } from '@kindling/core'
import { getPeriod } from '@kindling/core'
import { useQuery } from '@tanstack/react-query'
import { useEvents } from '../../../api/events'
import { apiRequest } from '../../../lib/api-client'
import { queryClient } from '../../../lib/query-client'
import { useSyncState } from '../../../lib/sync/store'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/** More events than anyone logs for one habit in a day. */
const DAY_EVENTS_LIMIT = 200

/**
 * The events of one calendar day in the device's zone, of one activity or of all, newest first:
 * from the device's copy, or, for a day older than the copy's window, from the API.
 */
export function useDayEvents(day: string, activityId: string | undefined) {
  const { startInstant: from, endInstant: to } = getPeriod('day', day, getDeviceTimeZone())
  // The copy's window (its meta) read as it changes, not only when this day's events do.
  const eventsFrom = useSyncState((engine) => engine?.syncMeta.eventsFrom)
  const inCopy = eventsFrom === undefined || from >= eventsFrom
  const local = useEvents({ activityId, from, to, limit: DAY_EVENTS_LIMIT })
  const remote = useQuery(
    {
      queryKey: ['events', 'day', { activityId, from, to }],
      queryFn: ({ signal }) =>
        apiRequest<Event[]>('events', {
          signal,
          query: { activityId, from, to, limit: DAY_EVENTS_LIMIT },
        }),
      enabled: !inCopy,
      retry: false,
    },
    queryClient,
  )
  if (inCopy) return { data: local.data, isLoading: local.isLoading, isError: false, retry() {} }
  return {
    data: remote.data,
    isLoading: remote.isLoading,
    isError: remote.isError,
    retry: () => void remote.refetch(),
  }
}
