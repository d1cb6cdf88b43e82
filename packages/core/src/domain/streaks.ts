import { compareCodeUnits, compareNames } from './order'
import { formatDayNumber, getZone, resolveDayNumber, resolveToday } from './time-zone'
import type { ActivityLike, EventLike } from './types'
import { isDeleted } from './types'

/**
 * The days before today on which an activity has events, as flags indexed by days back from
 * yesterday (0 is yesterday). A day `k` back can only extend a streak if `k` earlier flags are
 * set, so anything at or beyond `limit` (the number of events) is dropped: memory stays bounded
 * and a stray event in year 1 costs nothing.
 */
class DaysBack {
  private flags = new Uint8Array(0)

  constructor(private readonly limit: number) {}

  mark(daysBack: number): void {
    if (daysBack < 0 || daysBack >= this.limit) return
    if (daysBack >= this.flags.length) {
      const grown = new Uint8Array(
        Math.min(this.limit, Math.max(daysBack + 1, this.flags.length * 2, 64)),
      )
      grown.set(this.flags)
      this.flags = grown
    }
    this.flags[daysBack] = 1
  }

  countStreak(): number {
    let streak = 0
    while (this.flags[streak] === 1) streak++
    return streak
  }
}

/**
 * SPEC §9 streak of one activity: the number of consecutive calendar days in `timeZone`,
 * ending yesterday, each with at least one non-deleted event. Today never counts and never
 * breaks the streak; if yesterday has no event the streak is 0. Pass one activity's events:
 * `activityId` is not checked here. Empty input gives 0; unparsable dates are skipped.
 */
export function computeStreak(
  events: readonly EventLike[],
  now: Date | string,
  timeZone: string,
): number {
  const zone = getZone(timeZone)
  const yesterday = resolveToday(now, zone) - 1
  const days = new DaysBack(events.length)
  for (const event of events) {
    if (!isDeleted(event)) days.mark(yesterday - resolveDayNumber(event.eventDate, zone))
  }
  return days.countStreak()
}

export interface ActivityStreak<A extends ActivityLike = ActivityLike> {
  activity: A
  streak: number
}

/**
 * Streaks of all live activities (SPEC §9), linear in the number of events: events are
 * grouped once into day flags per activity. Only streaks above 0 are returned, longest first,
 * ties by name (English collation, then id) so the order is stable; a repeated activity is
 * listed once. Deleted activities, deleted events and events of unknown activities are ignored.
 */
export function computeStreaks<A extends ActivityLike>(
  activities: readonly A[],
  events: readonly EventLike[],
  now: Date | string,
  timeZone: string,
): ActivityStreak<A>[] {
  const zone = getZone(timeZone)
  const yesterday = resolveToday(now, zone) - 1
  const daysByActivity = new Map<string, DaysBack>()
  for (const activity of activities) {
    if (!isDeleted(activity)) daysByActivity.set(activity.id, new DaysBack(events.length))
  }
  for (const event of events) {
    const days = daysByActivity.get(event.activityId)
    if (days && !isDeleted(event)) days.mark(yesterday - resolveDayNumber(event.eventDate, zone))
  }
  const streaks: ActivityStreak<A>[] = []
  for (const activity of activities) {
    const days = daysByActivity.get(activity.id)
    if (!days || isDeleted(activity)) continue
    daysByActivity.delete(activity.id)
    const streak = days.countStreak()
    if (streak > 0) streaks.push({ activity, streak })
  }
  return streaks.sort(
    (a, b) =>
      b.streak - a.streak ||
      compareNames(a.activity.name, b.activity.name) ||
      compareCodeUnits(a.activity.id, b.activity.id),
  )
}

/**
 * SPEC §9 streaks from per-day counts (`Map<activityId, Map<YYYY-MM-DD, count>>`), as a synced
 * device keeps them for years of history: the same rules as `computeStreaks` (consecutive days
 * in `timeZone` ending yesterday with at least one event; today never counts), with no cap on
 * length. Only streaks above 0 of live activities, longest first, ties by name then id.
 */
export function computeStreaksFromDays<A extends ActivityLike>(
  activities: readonly A[],
  dayCounts: ReadonlyMap<string, ReadonlyMap<string, number>>,
  now: Date | string,
  timeZone: string,
): ActivityStreak<A>[] {
  const zone = getZone(timeZone)
  const yesterday = resolveToday(now, zone) - 1
  const streaks: ActivityStreak<A>[] = []
  const seen = new Set<string>()
  for (const activity of activities) {
    if (isDeleted(activity) || seen.has(activity.id)) continue
    seen.add(activity.id)
    const days = dayCounts.get(activity.id)
    if (!days) continue
    let streak = 0
    while ((days.get(formatDayNumber(yesterday - streak)) ?? 0) > 0) streak++
    if (streak > 0) streaks.push({ activity, streak })
  }
  return streaks.sort(
    (a, b) =>
      b.streak - a.streak ||
      compareNames(a.activity.name, b.activity.name) ||
      compareCodeUnits(a.activity.id, b.activity.id),
  )
}
