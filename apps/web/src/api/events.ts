import type { Event, EventCount, EventInput, EventLike, EventUpdateInput } from '@kindling/core'
import { compareCodeUnits, getPeriod } from '@kindling/core'
import { createResource } from '../lib/resource'
import { useSynced } from '../lib/sync/store'
import type { Tables } from '../lib/sync/view'
import { getDeviceTimeZone } from '../lib/time-zone'
import { unknownActivity } from './checks'

/*
 * The events contract of the web app: events of the last 90 days are records in the synced copy;
 * older ones are per-day counts (the copy's history) and, for the lists and pages that reach back
 * that far, `GET /api/events` (event-pages.ts, which loads the query cache with it).
 */

/** Newest first, ties by id: the API's order. */
export const compareEvents = (a: Event, b: Event) =>
  compareCodeUnits(b.eventDate, a.eventDate) || compareCodeUnits(b.id, a.id)

export const events = createResource<'events', EventInput, EventUpdateInput>('events', {
  schemas: (lib) => ({ create: lib.EventInput, update: lib.EventUpdateInput }),
  compare: compareEvents,
  check: (input, view, lib) => {
    const activityId = String(input.activityId)
    const missing = unknownActivity(activityId, view)
    if (Object.keys(missing).length > 0) return missing
    const defined = [...view.attributes.values()].filter((a) => a.activityId === activityId)
    return lib.validateEventAttributes(input.attributes as Event['attributes'], defined)
  },
})

export const useCreateEvent = events.useCreate
export const useUpdateEvent = events.useUpdate
export const useDeleteEvent = events.useDelete

export interface EventRange {
  activityId?: string
  /** Inclusive ISO instant. */
  from?: string
  /** Exclusive ISO instant. */
  to?: string
  limit?: number
}

/** The events the device holds in a range, newest first. */
export function selectEvents(view: Tables, range: EventRange = {}): Event[] {
  const { activityId, from, to, limit } = range
  const list = [...view.events.values()].filter(
    (event) =>
      (activityId === undefined || event.activityId === activityId) &&
      (from === undefined || event.eventDate >= from) &&
      (to === undefined || event.eventDate < to),
  )
  list.sort(compareEvents)
  return limit === undefined ? list : list.slice(0, limit)
}

/** Events in a range of the last 90 days (the device holds all of those), newest first. */
export function useEvents(range: EventRange = {}) {
  return useSynced((view) => selectEvents(view, range), [JSON.stringify(range)])
}

/** Enough for any real month of one user. */
const PERIOD_EVENT_LIMIT = 1000

/**
 * The events of the current ISO week and month in the device zone (the week may start in the
 * previous month or end in the next): where a done goal's or schedule item's toggle finds the
 * event that made it done (SPEC §4). The range, and so the query, changes only when a period
 * rolls over.
 */
export function usePeriodEvents(now: Date) {
  const timeZone = getDeviceTimeZone()
  const week = getPeriod('week', now, timeZone)
  const month = getPeriod('month', now, timeZone)
  // ISO instants in UTC compare as text; the earliest start and latest end bound both periods.
  const [from = month.startInstant] = [week.startInstant, month.startInstant].sort()
  const [to = month.endInstant] = [week.endInstant, month.endInstant].sort().reverse()
  return useEvents({ from, to, limit: PERIOD_EVENT_LIMIT })
}

/**
 * When each activity was used, as events carrying their creation time (SPEC §2 Recent
 * Activities): every event the device holds, and for older history the most recently created
 * of each activity's events. A back-dated event logged now is recent use.
 */
export function useActivityUses() {
  return useSynced((view, engine): EventLike[] => {
    const uses: EventLike[] = [...view.events.values()]
    for (const item of engine.syncMeta.history?.activities ?? []) {
      // A copy stored before the server sent creation times has only the event date.
      const createdAt = item.lastCreatedAt ?? item.lastEventAt
      uses.push({ activityId: item.activityId, eventDate: item.lastEventAt, createdAt })
    }
    return uses
  }, [])
}

/** Number of events and time of the last one, per activity (SPEC §7), from the copy. */
export function useEventCounts() {
  return useSynced((view, engine): EventCount[] => {
    const totals = new Map<string, EventCount>()
    const { history, eventsFrom } = engine.syncMeta
    for (const item of history?.activities ?? []) {
      totals.set(item.activityId, {
        activityId: item.activityId,
        count: item.counts.reduce((sum, n) => sum + n, 0),
        lastEventAt: item.lastEventAt,
      })
    }
    for (const event of view.events.values()) {
      if (eventsFrom !== undefined && event.eventDate < eventsFrom) continue
      const total = totals.get(event.activityId) ?? {
        activityId: event.activityId,
        count: 0,
        lastEventAt: null,
      }
      total.count += 1
      if (!total.lastEventAt || event.eventDate > total.lastEventAt) {
        total.lastEventAt = event.eventDate
      }
      totals.set(event.activityId, total)
    }
    return [...totals.values()]
  }, [])
}
