import dayjs, { type OpUnitType } from 'dayjs'
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

/** A relative time as data, for an app to word in its user's language (issue 54). */
export type RelativeTime =
  | { unit: 'now' }
  /** Under 45 seconds: dayjs's 'a few seconds'. */
  | { unit: 'seconds'; future: boolean }
  | {
      unit: 'minute' | 'hour' | 'day' | 'month' | 'year'
      /** 1 where English says 'a minute', 'an hour'… */
      count: number
      future: boolean
    }

/** dayjs relativeTime's thresholds: below `under` (rounded) of `diff`'s unit, this wording. */
const STEPS: readonly {
  unit: Exclude<RelativeTime['unit'], 'now' | 'seconds'> | 'seconds'
  /** The unit the difference is measured in from this step on (else the previous step's). */
  diff?: OpUnitType
  /** The largest rounded amount this step covers; none: every amount. */
  max?: number
  /** One of the unit ('a minute'), covering the amounts past the previous step. */
  single?: boolean
}[] = [
  { unit: 'seconds', diff: 'second', max: 44 },
  { unit: 'minute', max: 89, single: true },
  { unit: 'minute', diff: 'minute', max: 44 },
  { unit: 'hour', max: 89, single: true },
  { unit: 'hour', diff: 'hour', max: 21 },
  { unit: 'day', max: 35, single: true },
  { unit: 'day', diff: 'day', max: 25 },
  { unit: 'month', max: 45, single: true },
  { unit: 'month', diff: 'month', max: 10 },
  { unit: 'year', max: 17, single: true },
  { unit: 'year', diff: 'year' },
]

/**
 * What `formatRelativeTime` says, as data: the unit, the amount and the direction, by the same
 * thresholds ('a few seconds' under 45 s, 'a minute' under 90 s, minutes under 45 min, …).
 */
export function getRelativeTime(instant: Date | string, now: Date | string): RelativeTime {
  const then = toEpochMs(instant)
  const reference = toEpochMs(now)
  if (Math.abs(then - reference) < JUST_NOW_MS) return { unit: 'now' }
  const from = dayjs(then)
  const to = dayjs(reference)
  let difference = 0
  for (const [index, step] of STEPS.entries()) {
    if (step.diff) difference = from.diff(to, step.diff, true)
    const amount = Math.round(Math.abs(difference))
    if (step.max !== undefined && amount > step.max) continue
    // As dayjs: '1 minutes' is 'a minute', '0 seconds' is still 'a few seconds'.
    const chosen = amount <= 1 && index > 0 ? (STEPS[index - 1] ?? step) : step
    const future = then > reference
    if (chosen.unit === 'seconds') return { unit: 'seconds', future }
    return { unit: chosen.unit, count: chosen.single ? 1 : amount, future }
  }
  return { unit: 'now' }
}
