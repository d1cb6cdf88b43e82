import type { Event } from '@kindling/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'

/** Events per request: enough to fill a tall screen, small enough to answer at once. */
export const EVENT_PAGE_SIZE = 50

/**
 * The user's events newest first, one page at a time (`GET /api/events?limit=&before=`), so a
 * history of tens of thousands of events shows its first page at once. The cursor is the API's
 * `<eventDate>_<id>` of the last event (ties on eventDate are ordered by id, so none is skipped).
 * The key lives under ['events'], so every event change refetches it.
 */
export function useEventPages(activityId: string | null) {
  return useInfiniteQuery({
    queryKey: ['events', 'pages', { activityId }],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Event[]>('events', {
        signal,
        query: { activityId: activityId ?? undefined, limit: EVENT_PAGE_SIZE, before: pageParam },
      }),
    getNextPageParam: (lastPage) => {
      const last = lastPage[lastPage.length - 1]
      return last && lastPage.length >= EVENT_PAGE_SIZE ? `${last.eventDate}_${last.id}` : undefined
    },
  })
}
