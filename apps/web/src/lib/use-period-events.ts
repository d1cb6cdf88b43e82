import { getPeriod } from '@kindling/core'
import { useEvents } from '../api/events'
import { getDeviceTimeZone } from './time-zone'

/** Enough for any real month of one user; done-state needs only one event per activity. */
const PERIOD_EVENT_LIMIT = 1000

/**
 * The events of the current ISO week and month in the device zone (the week may start in the
 * previous month or end in the next): all that the done-state of goals and of the schedule needs, never the whole
 * history. The range, and so the query, changes only when a period rolls over.
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
