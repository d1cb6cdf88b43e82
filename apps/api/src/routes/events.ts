import {
  Event,
  EventCount,
  EventInput,
  EventUpdateInput,
  IsoDateTime,
  validateEventAttributes,
} from '@kindling/core'
import { and, desc, eq, gt, gte, lt, lte, max, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { attributes, eventCounts, events } from '../db/schema'
import { uidOf } from '../http/caller'
import { attributeReasons, notAnActivity, validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import { msg } from '../i18n/message'
import { findLiveActivity, isUuid, listErrors, queryErrors, security } from './common'
import { type Reader, registerCrud } from './crud'
import { toAttribute, toEvent } from './records'

export const EVENTS_PAGE_MAX = 1000

/** The paging cursor: the last item's eventDate and id, joined by `_`. */
export function eventCursor(event: { eventDate: string; id: string }): string {
  return `${event.eventDate}_${event.id}`
}

const Cursor = z
  .string()
  .regex(/^[^_]+(_[0-9a-fA-F-]{36})?$/, 'Must be <eventDate>_<id> of the last event you received.')
  .refine(
    (value) => IsoDateTime.safeParse(value.split('_')[0]).success,
    'Must start with an ISO instant.',
  )

const EventListQuery = z.object({
  activityId: z.string().optional().describe('Only events of this activity.'),
  from: IsoDateTime.optional().describe('Events dated at or after this instant (inclusive).'),
  to: IsoDateTime.optional().describe('Events dated before this instant (exclusive).'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(EVENTS_PAGE_MAX)
    .optional()
    .describe(
      `Page size, 1 to ${EVENTS_PAGE_MAX}. Without it the answer is every matching event, unpaged.`,
    ),
  before: Cursor.optional().describe(
    'Paging cursor: `<eventDate>_<id>` of the last event of the previous page (its `x-next-before` response header). Returns the events after it in the order.',
  ),
})

export function registerEventRoutes(app: FastifyInstance, db: Database): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  /** The activity must be the caller's live one; values must fit its live attributes. */
  async function checkEvent(uid: string, input: z.output<typeof EventInput>, reader: Reader) {
    const activity = await findLiveActivity(reader, uid, input.activityId)
    if (!activity) throw notAnActivity()
    const defined = await reader
      .select()
      .from(attributes)
      .where(and(liveRowsOf(attributes, uid), eq(attributes.activityId, activity.id)))
    const problems = validateEventAttributes(input.attributes, defined.map(toAttribute))
    if (Object.keys(problems).length > 0)
      throw validationError(problems, attributeReasons(problems))
  }

  const { tags } = registerCrud(app, db, {
    table: events,
    plural: 'events',
    noun: 'Event',
    missing: msg('Event not found.'),
    record: Event,
    toRecord: toEvent,
    create: {
      schema: EventInput,
      summary: 'Log an event',
      description:
        'Logs a dated event for one of your live activities. `eventDate` is an ISO instant (or YYYY-MM-DD, read as noon UTC). `attributes` maps attribute ids of that activity to values, checked against their definitions (type, min/max, options, required); failures are named `attributes.<id>`.',
      check: checkEvent,
      values: (input) => ({
        activityId: input.activityId,
        eventDate: new Date(input.eventDate),
        attributes: input.attributes,
      }),
    },
    update: {
      schema: EventUpdateInput,
      description:
        'Merges the body over the stored event (activityId, eventDate, attributes), validates the whole as on create and saves it.',
      check: (uid, input, _stored, reader) => checkEvent(uid, input, reader),
      values: (input) => ({
        activityId: input.activityId,
        eventDate: new Date(input.eventDate),
        attributes: input.attributes,
      }),
    },
    remove: { description: 'Soft-deletes the event.' },
  })

  r.get('/api/events', {
    schema: {
      operationId: 'listEvents',
      tags,
      security,
      summary: 'List your events',
      description:
        'Your live events, newest eventDate first (ties by id), as a plain array. Filter by activity and date range. Without `limit` the answer is every matching event (never truncated). With `limit` it is one page of at most that many; a full page carries the cursor of the next one in the `x-next-before` header, to send back as `before` (a page shorter than `limit` is the last).',
      querystring: EventListQuery,
      response: {
        200: jsonResponse('The events, newest first.', z.array(Event), {
          'x-next-before': {
            type: 'string',
            description:
              'Only when `limit` was given and the page is full: the `before` cursor of the next page (`<eventDate>_<id>` of the last event here). Absent on a shorter page and on unpaged answers; a full last page still carries it, and the next call answers [].',
          },
        }),
        ...queryErrors,
      },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const query = request.query
      const conditions: (SQL | undefined)[] = [liveRowsOf(events, uid)]
      if (query.activityId !== undefined) {
        if (!isUuid(query.activityId)) return []
        conditions.push(eq(events.activityId, query.activityId))
      }
      if (query.from) conditions.push(gte(events.eventDate, new Date(query.from)))
      if (query.to) conditions.push(lt(events.eventDate, new Date(query.to)))
      if (query.before) {
        const [date, id] = query.before.split('_') as [string, string | undefined]
        const at = new Date(date)
        conditions.push(
          id
            ? // The redundant `<=` is a bound the index can seek to; the `or` alone is a filter.
              and(
                lte(events.eventDate, at),
                or(lt(events.eventDate, at), and(eq(events.eventDate, at), lt(events.id, id))),
              )
            : lt(events.eventDate, at),
        )
      }
      const ordered = db
        .select()
        .from(events)
        .where(and(...conditions))
        .orderBy(desc(events.eventDate), desc(events.id))
        .$dynamic()
      // No limit: every matching event (decision 015); with one: a page and the next cursor.
      const rows = await (query.limit === undefined ? ordered : ordered.limit(query.limit))
      const list = rows.map(toEvent)
      const last = list[list.length - 1]
      if (last && list.length === query.limit) reply.header('x-next-before', eventCursor(last))
      return list
    },
  })

  // One row per activity from the trigger-kept counts; the latest date is an index seek per
  // activity. Neither grows with the length of the history (issue 8). Prepared once, like the
  // lists (crud.ts).
  const author = sql.placeholder('uid')
  const latest = db
    .select({ at: max(events.eventDate) })
    .from(events)
    .where(and(liveRowsOf(events, author), eq(events.activityId, eventCounts.activityId)))
  const countsByActivity = db
    .select({
      activityId: eventCounts.activityId,
      count: eventCounts.count,
      lastEventAt: sql<Date | string | null>`(${latest})`,
    })
    .from(eventCounts)
    .where(and(eq(eventCounts.author, author), gt(eventCounts.count, 0)))
    .prepare('count_events_by_activity')

  r.get('/api/events/counts/activity', {
    schema: {
      operationId: 'countEventsByActivity',
      tags,
      security,
      summary: 'Event counts per activity',
      description:
        'For each activity with live events: how many, and the eventDate of the latest. Activities without events are absent.',
      response: {
        200: jsonResponse('One entry per activity with events.', z.array(EventCount)),
        ...listErrors,
      },
    },
    handler: async (request) => {
      const rows = await countsByActivity.execute({ uid: uidOf(request) })
      return rows.map((row) => ({
        activityId: row.activityId,
        count: row.count,
        lastEventAt: row.lastEventAt ? new Date(row.lastEventAt).toISOString() : null,
      }))
    },
  })
}
