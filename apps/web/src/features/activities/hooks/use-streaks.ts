import type { Activity, Event } from '@kindling/core'
import { addDays, computeStreaks, getPeriod, toCalendarDay } from '@kindling/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { apiRequest } from '../../../lib/api-client'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/**
 * How far back streaks are read: 400 days. A streak longer than that shows as 400 (the cap);
 * nobody should wait for years of history to see a flame.
 */
export const STREAK_WINDOW_DAYS = 400
/** Page size of the API (its maximum) and the most pages read: 20,000 events at worst. */
const PAGE_SIZE = 1000
const MAX_PAGES = 20

/**
 * Reads the events from `from` to the start of today, newest first, a page at a time, and
 * stops as soon as every streak seen is settled: a streak of `s` days is final once the pages
 * reach a day older than the day before it, because the API returns whole days newest first.
 * So a heavy user with 70,000 events reads only the few pages their streaks span.
 */
export async function fetchStreakEvents(
  window: { from: string; to: string; yesterday: string },
  timeZone: string,
  now: Date,
  signal?: AbortSignal,
): Promise<Event[]> {
  const events: Event[] = []
  let before: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await apiRequest<Event[]>('events', {
      signal,
      query: { from: window.from, to: window.to, limit: PAGE_SIZE, before },
    })
    events.push(...batch)
    const last = batch[batch.length - 1]
    if (!last || batch.length < PAGE_SIZE) break
    const oldestDay = toCalendarDay(last.eventDate, timeZone)
    if (areStreaksSettled(events, oldestDay, window.yesterday, now, timeZone)) break
    before = `${last.eventDate}_${last.id}`
  }
  return events
}

/** True when no streak could still grow with events older than `oldestDay` (possibly partial). */
export function areStreaksSettled(
  events: readonly Event[],
  oldestDay: string,
  yesterday: string,
  now: Date,
  timeZone: string,
): boolean {
  if (oldestDay >= yesterday) return false
  const ids = [...new Set(events.map((event) => event.activityId))]
  const streaks = new Map(
    computeStreaks(
      ids.map((id) => ({ id, name: id })),
      events,
      now,
      timeZone,
    ).map(({ activity, streak }) => [activity.id, streak]),
  )
  // The day that would extend a streak must be newer than the oldest (maybe partial) day read.
  return ids.every((id) => addDays(yesterday, -(streaks.get(id) ?? 0)) > oldestDay)
}

/** Streaks above 0 of the live activities, longest first (SPEC §9), over a bounded window. */
export function useStreaks(activities: readonly Activity[] | undefined, now: Date) {
  const timeZone = getDeviceTimeZone()
  const today = toCalendarDay(now, timeZone)
  const window = useMemo(() => {
    const yesterday = addDays(today, -1)
    return {
      from: getPeriod('day', addDays(today, -STREAK_WINDOW_DAYS), timeZone).startInstant,
      // Today never counts (SPEC §9), so its events are not read.
      to: getPeriod('day', today, timeZone).startInstant,
      yesterday,
    }
  }, [today, timeZone])
  const query = useQuery({
    // Under ['events'] so every event change refetches it.
    queryKey: ['events', 'streak-window', window],
    queryFn: ({ signal }) => fetchStreakEvents(window, timeZone, new Date(), signal),
  })
  const streaks = useMemo(
    () => computeStreaks(activities ?? [], query.data ?? [], now, timeZone),
    [activities, query.data, now, timeZone],
  )
  return { streaks, isLoading: query.isLoading }
}
