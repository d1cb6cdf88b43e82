import type { Event } from '@kindling/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { apiRequest } from '../lib/api-client'
import { queryClient } from '../lib/query-client'
import { useSynced, useSyncState } from '../lib/sync/store'
import { events, useEvents } from './events'

/*
 * Events older than the synced copy's window, read from the API: one event, and the pages of the
 * lists that reach back that far (page size, cursor and query here). Only the screens that show
 * them load this module, and the query cache with it (decision 102).
 */

/** One event: from the copy, or (older than the copy's window) from the API. */
export function useEvent(id: string) {
  const local = events.useOne(id)
  const remote = useQuery(
    {
      queryKey: ['events', 'detail', id],
      queryFn: ({ signal }) => apiRequest<Event>(`events/${encodeURIComponent(id)}`, { signal }),
      enabled: local.isMissing,
      retry: false,
    },
    queryClient,
  )
  if (!local.isMissing) return local
  return {
    data: remote.data,
    isLoading: remote.isLoading,
    isPending: remote.isPending,
    isSuccess: remote.isSuccess,
    isError: remote.isError,
    error: remote.error,
    isMissing: remote.isError,
  }
}

/** Events per page of the lists: enough to fill a tall screen. */
export const EVENT_PAGE_SIZE = 50

/**
 * The user's events (of one activity, or all) newest first, a page at a time: the copy's
 * first, then older pages of `GET /api/events?to=<window start>&limit=&before=` (cursor
 * `<eventDate>_<id>`, ties ordered by id so none is skipped).
 */
export function useEventPages(activityId: string | null) {
  const [shown, setShown] = useState(EVENT_PAGE_SIZE)
  const local = useEvents(activityId ? { activityId } : {})
  const eventsFrom = useSyncState((engine) => engine?.syncMeta.eventsFrom)
  const hasOlder = useSynced(
    (_view, engine) =>
      (engine.syncMeta.history?.activities ?? []).some(
        (item) => activityId === null || item.activityId === activityId,
      ),
    [activityId],
  ).data
  const localDone = local.data !== undefined && shown >= local.data.length
  const older = useInfiniteQuery(
    {
      queryKey: ['events', 'older', { activityId, eventsFrom }],
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam, signal }) =>
        apiRequest<Event[]>('events', {
          signal,
          query: {
            activityId: activityId ?? undefined,
            to: eventsFrom,
            limit: EVENT_PAGE_SIZE,
            before: pageParam,
          },
        }),
      getNextPageParam: (lastPage) => {
        const last = lastPage[lastPage.length - 1]
        return last && lastPage.length >= EVENT_PAGE_SIZE
          ? `${last.eventDate}_${last.id}`
          : undefined
      },
      enabled: false,
    },
    queryClient,
  )
  const pages = useMemo(() => {
    const list = (local.data ?? []).filter(
      (event) => eventsFrom === undefined || event.eventDate >= eventsFrom,
    )
    return [list.slice(0, shown), ...(older.data?.pages ?? [])]
  }, [local.data, shown, older.data, eventsFrom])
  const olderStarted = older.data !== undefined
  const hasNextPage =
    !localDone || (hasOlder === true && (!olderStarted || older.hasNextPage === true))
  return {
    data: local.data === undefined ? undefined : { pages },
    isLoading: local.isLoading,
    isError: older.isError,
    refetch: () => older.refetch(),
    hasNextPage,
    isFetchingNextPage: older.isFetching,
    fetchNextPage: async () => {
      if (!localDone) setShown((count) => count + EVENT_PAGE_SIZE)
      else if (!olderStarted) await older.refetch()
      else await older.fetchNextPage()
    },
  }
}
