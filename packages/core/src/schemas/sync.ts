import { z } from 'zod'
import { SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX } from '../constants'
import { Activity } from './activity'
import { Attribute } from './attribute'
import { Break } from './break'
import { CalendarDay, Id, IsoDateTime } from './common'
import { Event } from './event'
import { Goal } from './goal'
import { Group } from './group'
import { isValidTimeZone } from './user'

/**
 * A position in a user's change feed: the server's change sequence number as a decimal
 * string. Opaque to clients: they send back what the server answered.
 */
export const SyncCursor = z
  .string()
  // At most 15 digits: every such number is exact in JavaScript (the feed's numbers stay far below).
  .regex(/^\d{1,15}$/, 'Must be the cursor of an earlier answer.')
  .describe('The `cursor` of your previous answer; without it the feed starts at the beginning.')
export type SyncCursor = z.infer<typeof SyncCursor>

export const IanaTimeZone = z
  .string()
  .refine(isValidTimeZone, 'Must be an IANA time zone such as Europe/Berlin.')

export const SyncChangesQuery = z.object({
  after: SyncCursor.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SYNC_PAGE_MAX)
    .default(SYNC_PAGE_DEFAULT)
    .describe(`Most changes in this page, 1 to ${SYNC_PAGE_MAX} (default ${SYNC_PAGE_DEFAULT}).`),
  eventsFrom: IsoDateTime.optional().describe(
    'Leave out events dated before this instant: their per-day counts come from /api/sync/history. A first sync (no `after`) leaves them all out; with `after`, those edited or deleted since they were made still come (a device may hold their earlier version), and `olderEventsChanged` says whether any left out changed.',
  ),
})
export type SyncChangesQuery = z.input<typeof SyncChangesQuery>

/**
 * One page of a user's change feed: the records created, updated or soft-deleted (with
 * `deletedAt`) after the cursor, each in its latest version, oldest change first.
 */
export const SyncChanges = z.object({
  activities: z.array(Activity),
  attributes: z.array(Attribute),
  groups: z.array(Group),
  goals: z.array(Goal),
  events: z.array(Event),
  breaks: z.array(Break),
  cursor: SyncCursor.describe('Send it back as `after` for the changes after this page.'),
  more: z.boolean().describe('Whether more changes wait after this page: ask again at once.'),
  olderEvents: z
    .boolean()
    .optional()
    .describe(
      'On the last page of a read with `eventsFrom`: whether any of your live events are dated before it. When false there is no history to ask /api/sync/history for.',
    ),
  olderEventsChanged: z
    .boolean()
    .optional()
    .describe(
      'On a read with `after` and `eventsFrom`: whether events dated before `eventsFrom` were added in this page that it leaves out (an import of old history). When true, ask /api/sync/history again.',
    ),
})
export type SyncChanges = z.infer<typeof SyncChanges>

export const SyncHistoryQuery = z.object({
  before: IsoDateTime.describe('Count the events dated before this instant.'),
  timeZone: IanaTimeZone.describe('The IANA time zone whose calendar days the counts use.'),
})
export type SyncHistoryQuery = z.input<typeof SyncHistoryQuery>

/** One attribute's number values per day, aligned with `counts` (core's NumberDays). */
export const NumberDayValues = z.object({
  sums: z.array(z.number()),
  entries: z.array(z.number().int().min(0)),
  mins: z.array(z.number()),
  maxes: z.array(z.number()),
})

/** Per-day counts of one activity's live events: `counts[i]` is the count of `firstDay + i`. */
export const ActivityDayCounts = z.object({
  activityId: Id,
  firstDay: CalendarDay,
  counts: z.array(z.number().int().min(0)),
  numbers: z
    .record(z.string(), NumberDayValues)
    .optional()
    .describe(
      'Per attribute id: the day by day sums, entries, minimums and maximums of its number values.',
    ),
  lastEventAt: IsoDateTime.describe('The date of the latest of these events.'),
  lastCreatedAt: IsoDateTime.describe(
    'When the most recently created of these events was created (a back-dated event logged now is recent use).',
  ),
})
export type ActivityDayCounts = z.infer<typeof ActivityDayCounts>

/** A compact history: what the screens need of old events, without the events. */
export const SyncHistory = z.object({
  before: IsoDateTime,
  timeZone: z.string(),
  activities: z.array(ActivityDayCounts),
})
export type SyncHistory = z.infer<typeof SyncHistory>

/**
 * The data of a `change` event of the live stream (`GET /api/sync/stream`): the user's latest
 * cursor. A device whose cursor is below it pulls the change feed.
 */
export const SyncSignal = z.object({
  cursor: SyncCursor.describe('Your change feed reaches this cursor: pull when yours is below.'),
})
export type SyncSignal = z.infer<typeof SyncSignal>
