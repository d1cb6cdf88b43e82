import {
  type ActivityDayCounts,
  DayTotalsBuilder,
  SyncChanges,
  SyncChangesQuery,
  SyncHistory,
  SyncHistoryQuery,
} from '@kindling/core'
import {
  and,
  eq,
  getTableColumns,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type Database, rowsOf } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities, attributes, breaks, events, goals, groups } from '../db/schema'
import { uidOf } from '../http/caller'
import { validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import { msg } from '../i18n/message'
import { queryErrors, security } from './common'
import { toActivity, toAttribute, toBreak, toEvent, toGoal, toGroup } from './records'

const tags = ['sync']

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
      // A device's open almost always finds nothing new: the author's latest number (one
      // indexed read, decision 155) says so without reading the tables.
      const quiet = await nothingNewSince(db, uid, { after, since, eventsFrom })
      if (quiet) return quiet
      return changesPage(db, uid, { after, since, limit, eventsFrom })
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
            throw validationError({ timeZone: msg('This time zone is not known to the server.') })
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

/**
 * The author's latest change number in any table of the feed (0 without changes): the row of
 * `change_heads` that the writes' statement triggers keep (migration 0012).
 */
export async function latestSeq(db: Pick<Database, 'execute'>, uid: string): Promise<number> {
  const [row] = rowsOf<{ seq: string | number }>(await db.execute(sql`select ${HEAD(uid)} as seq`))
  return Number(row?.seq ?? 0)
}

const HEAD = (uid: string) =>
  sql`coalesce((select "seq" from "change_heads" where "author" = ${uid}), 0)`

const FEED = { activities, attributes, groups, goals, events, breaks }
type FeedName = keyof typeof FEED
const FEED_NAMES = Object.keys(FEED) as FeedName[]

/**
 * The answer to a read whose cursor is already the author's latest number, from one statement
 * that reads the author's head (and, with `eventsFrom`, probes for one live event before it);
 * undefined when something changed since.
 */
async function nothingNewSince(
  db: Database,
  uid: string,
  query: { after: string | undefined; since: number; eventsFrom: string | undefined },
): Promise<SyncChanges | undefined> {
  const { after, since, eventsFrom } = query
  const older =
    eventsFrom === undefined
      ? sql``
      : sql`, exists(select 1 from ${events} where ${liveEventsBefore(uid, eventsFrom)}) as "olderEvents"`
  const [row] = rowsOf<{ head: string | number; olderEvents?: boolean }>(
    await db.execute(sql`select ${HEAD(uid)} as head${older}`),
  )
  if (Number(row?.head ?? 0) > since) return undefined
  return {
    activities: [],
    attributes: [],
    groups: [],
    goals: [],
    events: [],
    breaks: [],
    cursor: String(since),
    more: false,
    ...(eventsFrom === undefined ? {} : { olderEvents: row?.olderEvents === true }),
    ...(eventsFrom === undefined || after === undefined ? {} : { olderEventsChanged: false }),
  }
}

/**
 * One page of the feed in one statement (one snapshot, so no transaction): each table's first
 * `limit + 1` changes after the cursor (enough to cut the merged page at its `limit`-th change),
 * the cut, the cursor, and whether older events exist or changed.
 */
async function changesPage(
  db: Database,
  uid: string,
  query: {
    after: string | undefined
    since: number
    limit: number
    eventsFrom: string | undefined
  },
): Promise<SyncChanges> {
  const { after, since, limit, eventsFrom } = query
  const pick = (name: FeedName) => {
    const table = FEED[name]
    const extra =
      name === 'events' && eventsFrom !== undefined ? sentEvents(eventsFrom, after) : undefined
    const where = and(
      eq(table.author, uid),
      gt(table.seq, since),
      after === undefined ? isNull(table.deletedAt) : undefined,
      extra,
    )
    return sql`${sql.identifier(`${name}_page`)} as (
      select ${table.seq} as seq, to_jsonb(${table}) as row from ${table}
      where ${where} order by ${table.seq} limit ${limit + 1})`
  }
  const pages = FEED_NAMES.map((name) => sql`select seq from ${sql.identifier(`${name}_page`)}`)
  // The last page of a first sync ends past what it left out (deletions, events before
  // `eventsFrom`), or the next pull would bring those again as changes.
  const headed = after === undefined || eventsFrom !== undefined
  const cursor = headed
    ? sql`case when more then last else greatest(last, ${HEAD(uid)}) end`
    : sql`last`
  const lists = FEED_NAMES.map(
    (name) =>
      sql`(select coalesce(jsonb_agg(row order by seq), '[]'::jsonb)
        from ${sql.identifier(`${name}_page`)} where seq <= answer.cursor) as ${sql.identifier(name)}`,
  )
  // Whether the device needs a history at all (a new account does not: one round trip fewer
  // before its first screen).
  const olderEvents =
    eventsFrom === undefined
      ? sql`null`
      : sql`case when answer.more then null
          else exists(select 1 from ${events} where ${liveEventsBefore(uid, eventsFrom)}) end`
  // Old events added since the cursor, left out of the page: their days are counted anew.
  const olderEventsChanged =
    after === undefined || eventsFrom === undefined
      ? sql`null`
      : sql`exists(select 1 from ${events} where ${and(
          eq(events.author, uid),
          gt(events.seq, since),
          not(sentEvents(eventsFrom, after)),
        )} and ${events.seq} <= answer.cursor)`
  const result = await db.execute(sql`
    with ${sql.join(FEED_NAMES.map(pick), sql`, `)},
    page as (${sql.join(pages, sql` union all `)} order by seq limit ${limit + 1}),
    cut as (
      select count(*) > ${limit} as more,
        case when count(*) > ${limit}
          then (select seq from page order by seq offset ${limit - 1} limit 1)
          else coalesce(max(seq), ${since}) end as last
      from page),
    answer as (select more, ${cursor} as cursor from cut)
    select answer.more, answer.cursor, ${sql.join(lists, sql`, `)},
      ${olderEvents} as "olderEvents", ${olderEventsChanged} as "olderEventsChanged"
    from answer`)
  const [row] = rowsOf<
    Record<FeedName, Record<string, unknown>[]> & {
      more: boolean
      cursor: string | number
      olderEvents: boolean | null
      olderEventsChanged: boolean | null
    }
  >(result)
  if (!row) throw new Error('the change feed answered no row')
  const records = <Name extends FeedName>(name: Name) =>
    row[name].map((json) => fromJson(FEED[name], json) as (typeof FEED)[Name]['$inferSelect'])
  return {
    activities: records('activities').map(toActivity),
    attributes: records('attributes').map(toAttribute),
    groups: records('groups').map(toGroup),
    goals: records('goals').map(toGoal),
    events: records('events').map(toEvent),
    breaks: records('breaks').map(toBreak),
    cursor: String(Number(row.cursor)),
    more: row.more,
    ...(row.olderEvents === null ? {} : { olderEvents: row.olderEvents }),
    ...(row.olderEventsChanged === null ? {} : { olderEventsChanged: row.olderEventsChanged }),
  }
}

/** A row as `to_jsonb` gives it (columns by their database names), as Drizzle would map it. */
function fromJson(table: (typeof FEED)[FeedName], json: Record<string, unknown>) {
  const row: Record<string, unknown> = {}
  const columns: Record<string, PgColumn> = getTableColumns(table)
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row
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
