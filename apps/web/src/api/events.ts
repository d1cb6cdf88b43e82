import type {
  Event,
  EventCount,
  EventInput,
  EventLike,
  EventUpdateInput,
  SyncHistory,
} from '@kindling/core'
import { compareCodeUnits, type DayCountRun, DayCounts, toCalendarDay } from '@kindling/core'
import { createResource } from '../lib/resource'
import type { SyncEngine } from '../lib/sync/engine'
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
  editable: ({ activityId, eventDate, attributes }) => ({ activityId, eventDate, attributes }),
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

/** The history's runs of per-day counts by activity. */
interface HistoryCounts {
  runs: Map<string, DayCountRun[]>
  counts: Map<string, DayCounts>
}

/** The history's counts, once per history (it names its zone): a new event must not redo five years. */
const historyDayCounts = new WeakMap<SyncHistory, HistoryCounts>()

function countHistory(history: SyncHistory): HistoryCounts {
  const cached = historyDayCounts.get(history)
  if (cached) return cached
  const runs = new Map<string, DayCountRun[]>()
  for (const item of history.activities) {
    const known = runs.get(item.activityId)
    if (known) known.push(item)
    else runs.set(item.activityId, [item])
  }
  const counts = new Map<string, DayCounts>()
  for (const [activityId, activityRuns] of runs) counts.set(activityId, new DayCounts(activityRuns))
  const answer = { runs, counts }
  historyDayCounts.set(history, answer)
  return answer
}

/** Each event's calendar day in a zone, once per event record (records are never changed in place). */
const eventDays = new WeakMap<object, { timeZone: string; day: string }>()

function dayOf(event: Event, timeZone: string): string {
  const known = eventDays.get(event)
  if (known?.timeZone === timeZone) return known.day
  const day = toCalendarDay(event.eventDate, timeZone)
  eventDays.set(event, { timeZone, day })
  return day
}

/**
 * Each activity's last counts with its recent events, kept while its history and those events
 * are unchanged: the answer's maps stay the same objects from one change of the copy to the next.
 */
const mergedDays = new Map<
  string,
  { history: DayCountRun[] | undefined; recent: string; days: DayCounts }
>()

/**
 * Per-day event counts of every activity over its whole history: `Map<activityId, DayCounts>`.
 * The answer shares its maps with earlier answers: read it, never change it.
 */
export function selectDayCounts(
  view: Tables,
  engine: Pick<SyncEngine, 'syncMeta' | 'pendingEntries'>,
  timeZone: string,
): ReadonlyMap<string, ReadonlyMap<string, number>> {
  const { history, eventsFrom } = engine.syncMeta
  const base = history && history.timeZone === timeZone ? countHistory(history) : undefined
  // Events before the window are in the history once the server has them; until then they
  // are changes of this device still waiting in the outbox.
  const waiting = new Set(engine.pendingEntries.map((entry) => entry.id))
  const recentDays = new Map<string, string[]>()
  for (const event of view.events.values()) {
    const old = eventsFrom !== undefined && event.eventDate < eventsFrom
    if (old && !waiting.has(event.id)) continue
    const days = recentDays.get(event.activityId)
    if (days) days.push(dayOf(event, timeZone))
    else recentDays.set(event.activityId, [dayOf(event, timeZone)])
  }
  const counts = new Map<string, ReadonlyMap<string, number>>(base?.counts)
  for (const [activityId, days] of recentDays) {
    const runs = base?.runs.get(activityId)
    const recent = days.sort().join()
    const known = mergedDays.get(activityId)
    if (known && known.history === runs && known.recent === recent) {
      counts.set(activityId, known.days)
      continue
    }
    const byDay = new Map<string, number>()
    for (const day of days) byDay.set(day, (byDay.get(day) ?? 0) + 1)
    const merged = new DayCounts(runs ?? [], byDay)
    mergedDays.set(activityId, { history: runs, recent, days: merged })
    counts.set(activityId, merged)
  }
  return counts
}

/** Every activity's per-day counts, whole history, in the device's zone. */
export function useDayCounts() {
  const timeZone = getDeviceTimeZone()
  return useSynced((view, engine) => selectDayCounts(view, engine, timeZone), [timeZone])
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
