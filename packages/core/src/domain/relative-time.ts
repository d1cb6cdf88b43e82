import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import { toEpochMs } from './time-zone'

dayjs.extend(relativeTime)

const JUST_NOW_MS = 30

/**
 * SPEC §9 relative time of `instant` seen from `now`, in English: less than 30 ms apart either
 * way is 'just now'; later than `now` is 'x away' ('in 2 days' is never used), earlier is
 * 'x ago', with dayjs relativeTime wording and thresholds ('a few seconds ago',
 * '5 minutes ago', 'a day away', '2 years ago'). Both are instants; a bare `YYYY-MM-DD` is
 * read as UTC midnight. Throws RangeError for an unparsable input.
 */
export function formatRelativeTime(instant: Date | string, now: Date | string): string {
  const then = toEpochMs(instant)
  const reference = toEpochMs(now)
  const difference = then - reference
  if (Math.abs(difference) < JUST_NOW_MS) return 'just now'
  // The English locale per call: the app may switch dayjs's global locale.
  const amount = dayjs(then).locale('en').from(dayjs(reference), true)
  return difference > 0 ? `${amount} away` : `${amount} ago`
}
