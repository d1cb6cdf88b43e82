import type { Event, EventCount, EventInput } from '@kindling/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../lib/api-client'
import { createResource } from '../lib/resource'

export const eventCountKeys = { all: ['events-counts'] as const }

/**
 * Events. Lists take `{ activityId?, from?, to?, limit?, before? }` (from inclusive, to
 * exclusive, ISO instants; newest first), so screens load only the range they show.
 * Every event change also invalidates the per-activity counts (SPEC §7).
 */
export const events = createResource<Event, EventInput>('events', {
  alsoInvalidates: [eventCountKeys.all],
})

export const useEvents = events.useList
export const useEvent = events.useOne
export const useCreateEvent = events.useCreate
export const useUpdateEvent = events.useUpdate
export const useDeleteEvent = events.useDelete

export const eventCountsQuery = () =>
  queryOptions({
    queryKey: eventCountKeys.all,
    queryFn: ({ signal }) => apiRequest<EventCount[]>('events/counts/activity', { signal }),
  })

/** Number of events and time of the last one, per activity. */
export const useEventCounts = () => useQuery(eventCountsQuery())
