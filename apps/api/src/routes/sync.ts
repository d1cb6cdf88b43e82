import {
  type ActivityDayCounts,
  type Attribute,
  DayTotalsBuilder,
  SyncChanges,
  SyncChangesQuery,
  SyncHistory,
  SyncHistoryQuery,
} from '@kindling/core'
import {
  and,
  asc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type Database, rowsOf } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities, attributes, breaks, events, goals, groups } from '../db/schema'
import { uidOf } from '../http/caller'
import { validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import { queryErrors, security } from './common'
import { toActivity, toAttribute, toBreak, toEvent, toGoal, toGroup } from './records'

const tags = ['sync']

/** One table's changes after a cursor, as API records with their sequence numbers. */
interface Changed<T> {
  seq: number
  record: T
}

export function registerSyncRoutes(app: FastifyInstance, db: Database): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/sync/changes', {
    schema: {
      operationId: 'listChanges',
      tags,
      security,
      summary: 'Your changes after a cursor',
      description:
        "The change feed a device keeps its copy in step with: every activity, attribute, group, goal, event and break of yours created, updated or soft-deleted (`deletedAt` set) after `after`, each in its latest version, oldest change first, at most `limit` records. Send the answer's `cursor` back as `after` for the next page (ask again at once while `more` is true) and, later, for what changed since. The cursor is the server's own change sequence, not a clock. Without `after` (a first sync) deleted records are left out.",
      querystring: SyncChangesQuery,
      response: { 200: jsonResponse('One page of changes.', SyncChanges), ...queryErrors },
    },
    handler: async (request) => {
      const uid = uidOf(request)
      const { after, limit, eventsFrom } = request.query
      const since = after === undefined ? 0 : Number(after)
      return db.transaction(
        async (tx) => {
          // Each table's first `limit + 1` changes hold every change up to the page's last one.
          const pick = async <Row extends { seq: number | null }, T>(
            table:
              | typeof activities
              | typeof attributes
              | typeof groups
              | typeof goals
              | typeof events
              | typeof breaks,
            map: (row: Row) => T,
            extra?: SQL,
          ): Promise<Changed<T>[]> => {
            const rows = (await tx
              .select()
              .from(table)
              .where(
                and(
                  eq(table.author, uid),
                  gt(table.seq, since),
                  after === undefined ? isNull(table.deletedAt) : undefined,
                  extra,
                ),
              )
              .orderBy(asc(table.seq))
              .limit(limit + 1)) as Row[]
            return rows.map((row) => ({ seq: Number(row.seq), record: map(row) }))
          }
          const changed = {
            activities: await pick(activities, toActivity),
            attributes: await pick<typeof attributes.$inferSelect, Attribute>(
              attributes,
              toAttribute,
            ),
            groups: await pick(groups, toGroup),
            goals: await pick(goals, toGoal),
            events: await pick(
              events,
              toEvent,
              eventsFrom === undefined ? undefined : sentEvents(eventsFrom, after),
            ),
            breaks: await pick(breaks, toBreak),
          }
          const seqs = Object.values(changed)
            .flatMap((list) => list.map((item) => item.seq))
            .sort((a, b) => a - b)
          const more = seqs.length > limit
          let last = more ? (seqs[limit - 1] as number) : (seqs.at(-1) ?? since)
          // The last page of a first sync ends past what it left out (deletions, events before
          // `eventsFrom`), or the next pull would bring those again as changes.
          if (!more && (after === undefined || eventsFrom !== undefined)) {
            last = Math.max(last, await latestSeq(tx, uid))
          }
          // Whether the device needs a history at all (a new account does not: one round trip
          // fewer before its first screen).
          const olderEvents =
            !more && eventsFrom !== undefined
              ? (
                  await tx
                    .select({ id: events.id })
                    .from(events)
                    .where(liveEventsBefore(uid, eventsFrom))
                    .limit(1)
                ).length > 0
              : undefined
          // Old events added since the cursor, left out of the page: their days are counted anew.
          const olderEventsChanged =
            after !== undefined && eventsFrom !== undefined
              ? (
                  await tx
                    .select({ id: events.id })
                    .from(events)
                    .where(
                      and(
                        eq(events.author, uid),
                        gt(events.seq, since),
                        lte(events.seq, last),
                        not(sentEvents(eventsFrom, after)),
                      ),
                    )
                    .limit(1)
                ).length > 0
              : undefined
          const upTo = <T>(list: Changed<T>[]) =>
            list.filter((item) => item.seq <= last).map((item) => item.record)
          return {
            activities: upTo(changed.activities),
            attributes: upTo(changed.attributes),
            groups: upTo(changed.groups),
            goals: upTo(changed.goals),
            events: upTo(changed.events),
            breaks: upTo(changed.breaks),
            cursor: String(last),
            more,
            ...(olderEvents === undefined ? {} : { olderEvents }),
            ...(olderEventsChanged === undefined ? {} : { olderEventsChanged }),
          }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
    },
  })

  r.get('/api/sync/history', {
    schema: {
      operationId: 'getHistory',
      tags,
      security,
      summary: 'Per-day counts of your older events',
      description:
        "How many live events each of your activities has on each calendar day (in `timeZone`) before `before`, with the date of the latest: what streaks, calendars and counts need of an old history, without its events. A device pairs it with the change feed's `eventsFrom`.",
      querystring: SyncHistoryQuery,
      response: { 200: jsonResponse('The counts.', SyncHistory), ...queryErrors },
    },
    handler: async (request) => {
      const { before, timeZone } = request.query
      const activities = await historyOf(db, uidOf(request), before, timeZone).catch(
        (error: unknown) => {
          // A zone the runtime knows but the database does not (22023).
          if ((error as { code?: string }).code === '22023') {
            throw validationError({ timeZone: 'This time zone is not known to the server.' })
          }
          throw error
        },
      )
      return { before, timeZone, activities }
    },
  })
}

/**
 * The events a read with `eventsFrom` sends. A first sync (no `after`) leaves out every event
 * dated before it; a later read only those never edited nor deleted since they were made, as no
 * device can hold an earlier version of them: an import of years of history reaches the devices
 * as per-day counts, not as a hundred thousand events each.
 */
function sentEvents(eventsFrom: string, after: string | undefined): SQL {
  const recent = gte(events.eventDate, new Date(eventsFrom))
  if (after === undefined) return recent
  return or(recent, isNotNull(events.updatedAt), isNotNull(events.deletedAt)) as SQL
}

/** The author's live events dated before `instant`: what the history counts. */
function liveEventsBefore(uid: string, instant: string): SQL | undefined {
  return and(liveRowsOf(events, uid), lt(events.eventDate, new Date(instant)))
}

/** The author's latest change number in any table (0 without changes). */
export async function latestSeq(tx: Pick<Database, 'execute'>, uid: string): Promise<number> {
  const latest = [activities, attributes, groups, goals, events, breaks].map(
    (table) => sql`(select max(${table.seq}) from ${table} where ${table.author} = ${uid})`,
  )
  const result = await tx.execute(sql`select greatest(${sql.join(latest, sql`, `)}) as seq`)
  const [row] = rowsOf<{ seq: string | number | null }>(result)
  return Number(row?.seq ?? 0)
}

/** One activity's days with live events, as day numbers (days since 1970-01-01) in order. */
interface DaysRow {
  activityId: string
  days: number[]
  counts: number[]
  last: Date | string
  created: Date | string
}

/** One attribute's number values on the days it has them. */
interface NumbersRow {
  activityId: string
  key: string
  days: number[]
  sums: number[]
  entries: number[]
  mins: number[]
  maxes: number[]
}

/**
 * The author's per-day counts and number values of live events before `before`, days taken in
 * `timeZone`. The database answers one row per activity (and per number attribute) with its days
 * as arrays: years of history are a few dozen rows, not one per day, which on PGlite is most of
 * the time such a read takes.
 */
async function historyOf(
  db: Database,
  uid: string,
  before: string,
  timeZone: string,
): Promise<ActivityDayCounts[]> {
  const day = sql`((${events.eventDate} at time zone ${timeZone})::date - date '1970-01-01')`
  const older = liveEventsBefore(uid, before)
  const counted = await db.execute(sql`
    select "activityId", array_agg(day order by day) as days, array_agg(n order by day) as counts,
      max(last) as last, max(created) as created
    from (
      select ${events.activityId} as "activityId", ${day} as day, count(*)::int as n,
        max(${events.eventDate}) as last, max(${events.createdAt}) as created
      from ${events} where ${older} group by 1, 2
    ) per_day
    group by 1 order by 1`)
  const numbered = await db.execute(sql`
    select "activityId", key, array_agg(day order by day) as days,
      array_agg(sum order by day) as sums, array_agg(entries order by day) as entries,
      array_agg(min order by day) as mins, array_agg(max order by day) as maxes
    from (
      select ${events.activityId} as "activityId", ${day} as day, kv.key as key,
        sum((kv.value)::text::float8)::float8 as sum, count(*)::int as entries,
        min((kv.value)::text::float8)::float8 as min, max((kv.value)::text::float8)::float8 as max
      from ${events}, jsonb_each(${events.attributes}) kv
      where ${older} and jsonb_typeof(kv.value) = 'number'
      group by 1, 2, 3
    ) per_day
    group by 1, 2`)
  // Each activity's days laid out by core's builder, the one that makes every DayTotals.
  const items = rowsOf<DaysRow>(counted).map((row) => {
    const builder = new DayTotalsBuilder()
    row.days.forEach((day, index) => {
      builder.addCount(day, row.counts[index] ?? 0)
    })
    return { row, builder }
  })
  const byActivity = new Map(items.map((item) => [item.row.activityId, item.builder]))
  for (const row of rowsOf<NumbersRow>(numbered)) {
    const builder = byActivity.get(row.activityId)
    row.days.forEach((day, index) => {
      builder?.addValues(row.key, day, {
        sum: Number(row.sums[index]),
        entries: Number(row.entries[index]),
        min: Number(row.mins[index]),
        max: Number(row.maxes[index]),
      })
    })
  }
  return items.map(({ row, builder }) => ({
    activityId: row.activityId,
    // Built fresh for this answer: nothing else holds these arrays.
    ...(builder.build() as Pick<ActivityDayCounts, 'firstDay' | 'counts' | 'numbers'>),
    lastEventAt: new Date(row.last).toISOString(),
    lastCreatedAt: new Date(row.created).toISOString(),
  }))
}
