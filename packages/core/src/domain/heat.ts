import { HEAT_MAX_SHADE, HEAT_SHADE_OFFSET } from '../constants'
import { formatDayNumber, getZone, resolveDayNumber } from './time-zone'
import type { DayString, EventLike } from './types'
import { isDeleted } from './types'

/**
 * Non-deleted events per calendar day (`YYYY-MM-DD`) in `timeZone`; days without events are
 * absent. Pass one activity's events for its calendar. Empty input gives an empty map;
 * unparsable dates are skipped. Linear in the number of events.
 */
export function countEventsByDay(
  events: readonly EventLike[],
  timeZone: string,
): Map<DayString, number> {
  const zone = getZone(timeZone)
  const byDayNumber = new Map<number, number>()
  for (const event of events) {
    if (isDeleted(event)) continue
    const day = resolveDayNumber(event.eventDate, zone)
    if (Number.isNaN(day)) continue
    byDayNumber.set(day, (byDayNumber.get(day) ?? 0) + 1)
  }
  const counts = new Map<DayString, number>()
  for (const [day, count] of byDayNumber) counts.set(formatDayNumber(day), count)
  return counts
}

/**
 * SPEC §9 calendar heat: shade min(9, count + 3) for a day with events, so 1 event is 4 and 6
 * or more are 9; null (grey) for 0, a missing count, or a negative one.
 */
export function computeHeatShade(count: number | undefined): number | null {
  if (count === undefined || !(count > 0)) return null
  return Math.min(HEAT_MAX_SHADE, count + HEAT_SHADE_OFFSET)
}
