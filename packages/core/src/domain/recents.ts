import { RECENT_ACTIVITIES_LIMIT } from '../constants'
import { parseInstant } from './time-zone'
import type { ActivityLike, EventLike, TimestampedLike } from './types'
import { isDeleted } from './types'

function recencyOf(record: TimestampedLike): number {
  const ms = parseInstant(record.updatedAt ?? record.createdAt)
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms
}

/**
 * A new array sorted by `updatedAt`, else `createdAt`, newest first (SPEC §2 Activities list).
 * Instants are compared as times, so mixed offsets sort right. Ties keep input order;
 * unparsable timestamps go last. Deleted records are not filtered here.
 */
export function sortByRecent<T extends TimestampedLike>(records: readonly T[]): T[] {
  return records
    .map((record, index) => ({ record, index, recency: recencyOf(record) }))
    .sort((a, b) => b.recency - a.recency || a.index - b.index)
    .map(({ record }) => record)
}

/**
 * SPEC §2 home Recent Activities: up to `limit` (default 3) live activities that have events,
 * most recently used first, "used" meaning the latest `createdAt` among their non-deleted
 * events (not `eventDate`: backdating an event still makes its activity recent). Activities
 * without a usable event are left out; ties keep the order of `activities`. Linear in events.
 */
export function selectRecentActivities<A extends ActivityLike>(
  activities: readonly A[],
  events: readonly EventLike[],
  limit: number = RECENT_ACTIVITIES_LIMIT,
): A[] {
  const latestUse = new Map<string, number>()
  for (const event of events) {
    if (isDeleted(event) || event.createdAt === undefined) continue
    const ms = parseInstant(event.createdAt)
    if (Number.isNaN(ms)) continue
    const previous = latestUse.get(event.activityId)
    if (previous === undefined || ms > previous) latestUse.set(event.activityId, ms)
  }
  const seen = new Set<string>()
  const used: { activity: A; index: number; recency: number }[] = []
  activities.forEach((activity, index) => {
    const recency = latestUse.get(activity.id)
    if (recency === undefined || isDeleted(activity) || seen.has(activity.id)) return
    seen.add(activity.id)
    used.push({ activity, index, recency })
  })
  return used
    .sort((a, b) => b.recency - a.recency || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map(({ activity }) => activity)
}
