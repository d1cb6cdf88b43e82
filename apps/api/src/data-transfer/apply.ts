import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import {
  type AttributeValue,
  type GoalTarget,
  type ImportSummary,
  type Language,
  REMINDERS_PER_ACTIVITY_MAX,
  type UserSettings,
} from '@kindling/core'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { type Database, rowsOf } from '../db/client'
import { liveRowsOf, lockAuthorsWrites } from '../db/owned'
import {
  activities,
  attributes,
  breaks,
  events,
  goals,
  groups,
  importLinks,
  reminders,
  userSettings,
} from '../db/schema'
import { translate } from '../i18n/translate'
import { nextDue, readSettings, replanReminders } from '../reminders/settings'
import { isUuid } from '../routes/common'
import type { ImportPlan, PlannedBreak, PlannedEvent, PlannedGoal } from './plan'
import { SKIP, skipReason } from './plan'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type LinkKind = 'activity' | 'group' | 'attribute' | 'goal' | 'reminder'

/** Events written per statement: one JSON parameter each, so the statement stays small. */
export const EVENT_CHUNK = 5000
/** Other records written per statement. */
const RECORD_CHUNK = 500

const DAY_MS = 86_400_000

/**
 * A stable id for a record copied from a backup: the same caller importing the same original
 * record always gets the same id, so a second import meets the first copy (`on conflict`).
 */
export function derivedId(uid: string, source: string, originalId: string): string {
  const hash = createHash('sha1').update(`${uid}\u0000${source}\u0000${originalId}`).digest()
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80
  return formatUuid(hash.subarray(0, 16).toString('hex'))
}

const formatUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`

/**
 * Time-ordered ids (UUID version 7: the milliseconds of `now`, a counter, random bits) for the
 * events an import creates: consecutive ids land side by side in the primary key's index, which
 * writes 100k of them markedly faster than random ones.
 */
export function createOrderedIds(now: Date): () => string {
  let counter = 0
  const time = now.getTime().toString(16).padStart(12, '0').slice(-12)
  const random = randomBytes(6).toString('hex')
  return () => {
    counter += 1
    const sequence = (counter >>> 14).toString(16).padStart(3, '0').slice(-3)
    const low = ((counter & 0x3fff) | 0x8000).toString(16)
    return formatUuid(`${time}7${sequence}${low}${random}`)
  }
}

interface EventRow {
  id: string
  originalId: string | null
  activityId: string
  eventDate: string
  attributes: Record<string, AttributeValue>
  createdAt: string
}

/** How `applyPlan` writes. */
export interface ApplyOptions {
  /** The import's moment: records without dates of their own are dated from it. */
  now?: Date
  /**
   * Commits the events in slices of `EVENT_SLICE`, each its own short transaction, after the one
   * that stores the other records: on PGlite (one session for everyone) another user's request
   * then waits for a slice, not for the whole import (issue 16). A slice that fails takes back
   * all the import wrote; one user's imports wait for each other in this process.
   */
  sliced?: boolean
  /** Called as events are written, with how many of the plan's were dealt with so far. */
  onProgress?: (stored: number) => void
  /**
   * Runs in each of the import's transactions with the ids it stored there: the habits it
   * created, the events it wrote (the webhook outbox, decision 141).
   */
  onStored?: (tx: Tx, stored: { activities?: string[]; events?: string[] }) => Promise<void>
  /** The language the summary's reasons and notes are written in (default English). */
  language?: Language
}

/**
 * Stores a plan for the caller: a failure stores nothing. Records already imported (found
 * through `import_links`, or by their own id for a backup restored into its account) are reused
 * as they are, never duplicated; day-based events are skipped when their activity already has an
 * event that UTC day, backup events when their copy exists. Imports of one caller are serialised
 * (an advisory lock, and in `sliced` mode a queue), so two uploads of one file cannot both add it.
 * Records are written in a few multi-row statements, events 5,000 to a statement. Without
 * `sliced`, everything is one transaction.
 */
export async function applyPlan(
  db: Database,
  uid: string,
  plan: ImportPlan,
  { now = new Date(), sliced = false, onProgress, onStored, language = 'en' }: ApplyOptions = {},
): Promise<ImportSummary> {
  let dealtWith = 0
  const progress = (rows: readonly unknown[]) => {
    dealtWith += rows.length
    onProgress?.(dealtWith)
  }
  const storeHabits = async (tx: Tx) => {
    const records = await storeRecords(tx, uid, plan, now)
    await onStored?.(tx, { activities: records.created.activities })
    return records
  }
  const storeSlice = async (tx: Tx, records: StoredRecords, rows: EventRow[]) => {
    const ids = await storeEvents(tx, uid, plan, records, rows)
    await onStored?.(tx, { events: ids })
    return ids
  }
  if (!sliced) {
    const stored = await db.transaction(async (tx) => {
      const records = await storeHabits(tx)
      for (const rows of eventSlices(uid, plan, records, now, EVENT_CHUNK)) {
        records.counts.events += (await storeSlice(tx, records, rows)).length
        progress(rows)
      }
      records.counts.settings = await storeSettings(tx, uid, plan.settings, now)
      return records
    })
    return summarise(plan, stored.counts, language)
  }
  return oneImportAtATime(uid, async () => {
    const records = await db.transaction(storeHabits)
    const written: string[] = []
    try {
      // Each slice's rows are built before its transaction opens: the session is held only for
      // the statements.
      for (const rows of eventSlices(uid, plan, records, now, EVENT_SLICE)) {
        // PGlite's lock (on its thread, db/pglite-thread.ts) passes to statements in the order
        // they were sent: waiting for this loop's next turn lets requests that arrived meanwhile
        // send theirs first.
        await setImmediate()
        const ids = await db.transaction(async (tx) => {
          await lockAuthorsWrites(tx, uid)
          return storeSlice(tx, records, rows)
        })
        for (const id of ids) written.push(id)
        progress(rows)
      }
    } catch (error) {
      await takeBack(db, uid, records.created, written, now)
      throw error
    }
    records.counts.events = written.length
    // Last, once everything else is stored: a failed import leaves the settings as they were.
    records.counts.settings = await db.transaction((tx) =>
      storeSettings(tx, uid, plan.settings, now),
    )
    return summarise(plan, records.counts, language)
  })
}

function summarise(plan: ImportPlan, counts: Counts, language: Language): ImportSummary {
  const planned = plan.activities.reduce((sum, activity) => sum + activity.events.length, 0)
  plan.skipped.add(SKIP.alreadyThere, planned - counts.events)
  const { breaks: breakCount, ...rest } = counts
  return {
    format: plan.format,
    ...rest,
    ...(breakCount > 0 ? { breaks: breakCount } : {}),
    skipped: plan.skipped
      .list()
      .map(({ reason, count }) => ({ reason: translate(language, skipReason(reason)), count })),
    notes: (plan.notes ?? []).map((note) => translate(language, note)),
  }
}

type Counts = Omit<ImportSummary, 'format' | 'skipped' | 'notes' | 'breaks'> & { breaks: number }

/** The records an import created, by table: what `takeBack` soft-deletes. */
interface Created {
  groups: string[]
  activities: string[]
  attributes: string[]
  goals: string[]
  reminders: string[]
  breaks: string[]
}

/** The events of one planned activity and the local ids they refer to. */
interface EventSource {
  activityId: string
  /** Attribute plan key to local id. */
  attributeIds: Map<string, string>
  events: PlannedEvent[]
}

/** The records stored, the events still to write and what was created. */
interface StoredRecords {
  counts: Counts
  /** The plan's events by activity, made rows slice by slice (`eventSlices`). */
  sources: EventSource[]
  /** Activities that existed before this import: only they can hold events already. */
  existing: Set<string>
  /** Whether events are a backup's copies (`on conflict (id) do nothing`). */
  copies: boolean
  created: Created
}

/**
 * Stores the plan's groups, activities, attributes, goals and links in `tx`, and answers where
 * the events go, for the caller to write. Only the decisions happen here: the event rows are
 * built, and checked against the events already stored, slice by slice (`eventSlices`,
 * `storeEvents`), so this transaction stays short however long the history.
 */
async function storeRecords(
  tx: Tx,
  uid: string,
  plan: ImportPlan,
  now: Date,
): Promise<StoredRecords> {
  const counts: Counts = {
    activities: 0,
    events: 0,
    attributes: 0,
    goals: 0,
    groups: 0,
    reminders: 0,
    settings: false,
    breaks: 0,
  }
  const at = (offset: number) => new Date(now.getTime() - offset)
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kindling-import:${uid}`}))`)
  const state = await loadState(tx, uid, plan.source)
  // New reminders are planned in the zone the account will have (a backup's settings are stored
  // last, `storeSettings`).
  const timeZone = plan.settings?.timeZone ?? (await readSettings(tx, uid)).timeZone
  const newLinks = new Map<string, { kind: LinkKind; key: string; localId: string }>()
  /** The local record of `keys`: the caller's own original id, else a live linked one. */
  const find = (
    kind: LinkKind,
    keys: string[],
    originalId: string | undefined,
    live: (id: string) => boolean,
  ) => {
    if (plan.sameAccountIds && originalId && live(originalId)) return { id: originalId, own: true }
    for (const key of keys) {
      const id = state.links.get(`${kind}\u0000${key}`)
      if (id && live(id)) return { id, own: false }
    }
    return undefined
  }
  const link = (kind: LinkKind, keys: string[], localId: string) => {
    for (const key of keys) newLinks.set(`${kind}\u0000${key}`, { kind, key, localId })
  }

  const groupRows: (typeof groups.$inferInsert)[] = []
  const groupIds = new Map<string, string>()
  for (const [index, group] of plan.groups.entries()) {
    const found = find('group', group.keys, group.originalId, (id) => state.groups.has(id))
    const id = found?.id ?? randomUUID()
    if (!found) {
      groupRows.push({
        id,
        author: uid,
        name: group.name,
        description: group.description,
        color: group.color,
        activities: [],
        position: group.position ?? null,
        createdAt: group.createdAt ? new Date(group.createdAt) : at(index),
        updatedAt: group.updatedAt ? new Date(group.updatedAt) : null,
      })
    }
    if (!found?.own) link('group', group.keys, id)
    groupIds.set(group.key, id)
  }

  const activityRows: (typeof activities.$inferInsert)[] = []
  const attributeRows: (typeof attributes.$inferInsert)[] = []
  const goalRows: (typeof goals.$inferInsert)[] = []
  const reminderRows: (typeof reminders.$inferInsert)[] = []
  const breakRows: (typeof breaks.$inferInsert)[] = []
  /** A break is stored once: the same habit and days as a live one (imported before) is it. */
  const addBreak = (activityId: string | null, brk: PlannedBreak) => {
    const key = `${activityId}/${brk.from}/${brk.to}`
    if (state.breaks.has(key)) return
    state.breaks.add(key)
    breakRows.push({
      id: randomUUID(),
      author: uid,
      activityId,
      from: brk.from,
      to: brk.to,
      note: brk.note ?? '',
      createdAt: brk.createdAt ? new Date(brk.createdAt) : now,
      updatedAt: brk.updatedAt ? new Date(brk.updatedAt) : null,
    })
  }
  for (const brk of plan.breaks ?? []) addBreak(null, brk)
  /** Attribute lists of activities that gain attributes. */
  const attributeLists = new Map<string, string[]>()
  const members = new Map<string, { id: string; position: number }[]>()
  const existing = new Set<string>()
  const sources: EventSource[] = []

  for (const [index, activity] of plan.activities.entries()) {
    const found = find('activity', activity.keys, activity.originalId, (id) =>
      state.activities.has(id),
    )
    const activityId = found?.id ?? randomUUID()
    if (found) existing.add(activityId)
    else {
      activityRows.push({
        id: activityId,
        author: uid,
        name: activity.name,
        description: activity.description,
        color: activity.color,
        attributes: [],
        visibility: activity.visibility,
        schedule: activity.schedule,
        archived: activity.archived ?? false,
        position: activity.position ?? null,
        // The plan's first activity is the newest, so lists show the file's order.
        createdAt: activity.createdAt ? new Date(activity.createdAt) : at(index),
        updatedAt: activity.updatedAt ? new Date(activity.updatedAt) : null,
      })
      const groupId = activity.groupKey ? groupIds.get(activity.groupKey) : undefined
      if (groupId) {
        const list = members.get(groupId) ?? []
        list.push({ id: activityId, position: activity.groupPosition ?? index })
        members.set(groupId, list)
      }
    }
    if (!found?.own) link('activity', activity.keys, activityId)

    const attributeIds = new Map<string, string>()
    const ofActivity = (id: string) => state.attributes.get(id) === activityId
    for (const [position, attribute] of activity.attributes.entries()) {
      const keys = [`${activityId}/${attribute.key}`]
      const known = find('attribute', keys, attribute.originalId, ofActivity)
      const id = known?.id ?? randomUUID()
      if (!known) {
        const { type, name, description, required, ...details } = attribute.fields
        attributeRows.push({
          id,
          author: uid,
          activityId,
          type,
          name,
          description,
          required,
          details,
          createdAt: attribute.createdAt ? new Date(attribute.createdAt) : at(position),
          updatedAt: attribute.updatedAt ? new Date(attribute.updatedAt) : null,
        })
        const list = attributeLists.get(activityId) ?? [...(state.activities.get(activityId) ?? [])]
        list.push(id)
        attributeLists.set(activityId, list)
      }
      if (!known?.own) link('attribute', keys, id)
      attributeIds.set(attribute.key, id)
    }

    const goalOfActivity = (id: string) => state.goals.get(id) === activityId
    for (const goal of activity.goals) {
      const keys = [`${activityId}/${goal.key}`]
      const known = find('goal', keys, goal.originalId, goalOfActivity)
      const id = known?.id ?? randomUUID()
      if (!known) {
        goalRows.push({
          id,
          author: uid,
          activityId,
          cadence: goal.cadence,
          target: storedTarget(goal.target, attributeIds),
          createdAt: goal.createdAt ? new Date(goal.createdAt) : now,
        })
      }
      if (!known?.own) link('goal', keys, id)
    }

    const reminderOfActivity = (id: string) => state.reminders.get(id) === activityId
    let reminderCount = [...state.reminders.values()].filter((id) => id === activityId).length
    for (const reminder of activity.reminders ?? []) {
      const keys = [`${activityId}/${reminder.key}`]
      const known = find('reminder', keys, reminder.originalId, reminderOfActivity)
      if (!known && reminderCount >= REMINDERS_PER_ACTIVITY_MAX) {
        plan.skipped.add(SKIP.tooManyReminders)
        continue
      }
      const id = known?.id ?? randomUUID()
      if (!known) {
        reminderCount += 1
        reminderRows.push({
          id,
          author: uid,
          activityId,
          time: reminder.time,
          days: reminder.days,
          ...nextDue({ id, activityId, ...reminder }, now, timeZone),
          createdAt: reminder.createdAt ? new Date(reminder.createdAt) : now,
          updatedAt: reminder.updatedAt ? new Date(reminder.updatedAt) : null,
        })
      }
      if (!known?.own) link('reminder', keys, id)
    }

    for (const brk of activity.breaks ?? []) addBreak(activityId, brk)
    sources.push({ activityId, attributeIds, events: activity.events })
  }

  // Writes: records first (events refer to them), then the lists that name them. The author's
  // write lock comes before the first row lock, as for every write (decision 108); the events'
  // own numbers (`nextval` in the insert, not the trigger) must come after it too.
  await lockAuthorsWrites(tx, uid)
  for (const [table, rows] of [
    [groups, groupRows],
    [activities, activityRows],
    [attributes, attributeRows],
    [goals, goalRows],
    [reminders, reminderRows],
    [breaks, breakRows],
  ] as const) {
    for (let start = 0; start < rows.length; start += RECORD_CHUNK) {
      await tx.insert(table).values(rows.slice(start, start + RECORD_CHUNK) as never)
    }
  }
  counts.groups = groupRows.length
  counts.activities = activityRows.length
  counts.attributes = attributeRows.length
  counts.goals = goalRows.length
  counts.reminders = reminderRows.length
  counts.breaks = breakRows.length
  for (const [activityId, list] of attributeLists) {
    await tx
      .update(activities)
      .set({ attributes: list })
      .where(and(eq(activities.id, activityId), eq(activities.author, uid)))
  }
  const newGroups = new Set(groupRows.map((row) => row.id))
  for (const [groupId, list] of members) {
    const ids = list.sort((a, b) => a.position - b.position).map((member) => member.id)
    await tx
      .update(groups)
      .set({
        activities: sql`${groups.activities} || ${JSON.stringify(ids)}::jsonb`,
        ...(newGroups.has(groupId) ? {} : { updatedAt: now }),
      })
      .where(and(eq(groups.id, groupId), eq(groups.author, uid)))
  }
  const linkRows = [...newLinks.values()].map((entry) => ({
    author: uid,
    source: plan.source,
    ...entry,
  }))
  for (let start = 0; start < linkRows.length; start += RECORD_CHUNK) {
    await tx
      .insert(importLinks)
      .values(linkRows.slice(start, start + RECORD_CHUNK))
      .onConflictDoUpdate({
        target: [importLinks.author, importLinks.source, importLinks.kind, importLinks.key],
        set: { localId: sql`excluded.local_id`, createdAt: now },
      })
  }

  return {
    counts,
    sources,
    existing,
    copies: plan.eventIdentity === 'id',
    created: {
      groups: groupRows.map((row) => row.id),
      activities: activityRows.map((row) => row.id),
      attributes: attributeRows.map((row) => row.id),
      goals: goalRows.map((row) => row.id),
      reminders: reminderRows.map((row) => row.id),
      breaks: breakRows.map((row) => row.id),
    },
  }
}

/**
 * The plan's events as rows, `size` at a time, in the plan's order (an activity's events side
 * by side, so a slice's days fall in few ranges). Built lazily: a slice costs a few
 * milliseconds, and a 100k-event plan built at once held the thread for a third of a second.
 */
function* eventSlices(
  uid: string,
  plan: ImportPlan,
  { sources }: Pick<StoredRecords, 'sources'>,
  now: Date,
  size: number,
): Generator<EventRow[]> {
  const nextEventId = createOrderedIds(now)
  const createdAt = now.toISOString()
  let slice: EventRow[] = []
  for (const { activityId, attributeIds, events } of sources) {
    for (const event of events) {
      const values: Record<string, AttributeValue> = {}
      for (const [key, value] of Object.entries(event.values)) {
        const attributeId = attributeIds.get(key)
        if (attributeId) values[attributeId] = value
      }
      slice.push({
        id: event.originalId ? derivedId(uid, plan.source, event.originalId) : nextEventId(),
        originalId: event.originalId ?? null,
        activityId,
        eventDate: event.eventDate,
        attributes: values,
        createdAt: event.createdAt ?? createdAt,
      })
      if (slice.length === size) {
        yield slice
        slice = []
      }
    }
  }
  if (slice.length > 0) yield slice
}

/**
 * Writes the rows of one slice that are new, in `tx`: day-based events whose activity has no
 * live event that UTC day, backup events that are not the caller's own already. Checked here,
 * slice by slice, rather than once for the whole file: a slice's check reads only its own days,
 * and it sees what earlier slices wrote. Answers the ids written.
 */
async function storeEvents(
  tx: Tx,
  uid: string,
  plan: ImportPlan,
  { existing, copies }: Pick<StoredRecords, 'existing' | 'copies'>,
  rows: EventRow[],
): Promise<string[]> {
  const fresh =
    plan.eventIdentity === 'day'
      ? await withoutKnownDays(tx, uid, rows, existing)
      : plan.sameAccountIds
        ? await withoutOwnIds(tx, uid, rows)
        : rows
  return fresh.length === 0 ? [] : insertEvents(tx, uid, fresh, copies)
}

/**
 * Events per transaction of a sliced import: about 80 ms each on PGlite on a quiet machine, the
 * longest another user's request then waits for. Between two slices every statement sent
 * meanwhile goes first: since PGlite has its own thread (decision 167) readers send many more,
 * and with slices of 500 (25 ms) a 100k import beside five busy readers took 19-20 s against its
 * 15 s (decision 118).
 */
export const EVENT_SLICE = 2000

/** The running import of each user of this process (sliced mode). */
const importsRunning = new Map<string, Promise<unknown>>()

/** Runs `task` once the user's earlier imports in this process have ended. */
async function oneImportAtATime<T>(uid: string, task: () => Promise<T>): Promise<T> {
  const before = importsRunning.get(uid) ?? Promise.resolve()
  const run = before.then(task, task)
  const settled = run.then(
    () => undefined,
    () => undefined,
  )
  importsRunning.set(uid, settled)
  try {
    return await run
  } finally {
    if (importsRunning.get(uid) === settled) importsRunning.delete(uid)
  }
}

/**
 * Soft-deletes what a sliced import wrote before one of its slices failed, in one transaction,
 * as if the user had deleted it: a device that synced part of it meanwhile removes it too.
 * Activities and attributes are taken out of the lists of records that existed before.
 */
async function takeBack(
  db: Database,
  uid: string,
  created: Created,
  eventIds: string[],
  now: Date,
): Promise<void> {
  const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`
  const texts = (ids: string[]) => sql`${`{${ids.join(',')}}`}::text[]`
  await db.transaction(async (tx) => {
    await lockAuthorsWrites(tx, uid)
    for (const [table, ids] of [
      [events, eventIds],
      [reminders, created.reminders],
      [breaks, created.breaks],
      [goals, created.goals],
      [attributes, created.attributes],
      [activities, created.activities],
      [groups, created.groups],
    ] as const) {
      if (ids.length === 0) continue
      await tx
        .update(table)
        .set({ deletedAt: now })
        .where(and(liveRowsOf(table, uid), sql`${table.id} = any(${uuids(ids)})`))
    }
    if (created.attributes.length > 0) {
      await tx
        .update(activities)
        .set({ attributes: sql`${activities.attributes} - ${texts(created.attributes)}` })
        .where(
          and(
            liveRowsOf(activities, uid),
            sql`jsonb_exists_any(${activities.attributes}, ${texts(created.attributes)})`,
          ),
        )
    }
    if (created.activities.length > 0) {
      await tx
        .update(groups)
        .set({
          activities: sql`${groups.activities} - ${texts(created.activities)}`,
          updatedAt: now,
        })
        .where(
          and(
            liveRowsOf(groups, uid),
            sql`jsonb_exists_any(${groups.activities}, ${texts(created.activities)})`,
          ),
        )
    }
  })
}

/**
 * Day-based events minus those whose activity already has a live event that UTC day. Only the
 * activities found rather than created can: for each, the days between its rows' first and last
 * are read (one index range), and the rest is a lookup, which stays linear however long the
 * history and the file.
 */
async function withoutKnownDays(
  tx: Tx,
  uid: string,
  rows: EventRow[],
  existing: Set<string>,
): Promise<EventRow[]> {
  const dayOf = (row: EventRow) => Math.floor(Date.parse(row.eventDate) / DAY_MS)
  const spans = new Map<string, { first: number; last: number }>()
  for (const row of rows) {
    if (!existing.has(row.activityId)) continue
    const day = dayOf(row)
    const span = spans.get(row.activityId)
    if (!span) spans.set(row.activityId, { first: day, last: day })
    else {
      span.first = Math.min(span.first, day)
      span.last = Math.max(span.last, day)
    }
  }
  if (spans.size === 0) return rows
  const known = new Set<string>()
  // One query per activity: with its equality the planner takes the (author, activity, date)
  // index even when PGlite's statistics are stale after a large import (an `any(...)` of
  // activities read every activity's events of the range through the date index).
  for (const [activityId, { first, last }] of spans) {
    const found = await tx.execute(sql`
      select floor(extract(epoch from event_date) / 86400)::int as day
      from events
      where author = ${uid} and deleted_at is null and activity_id = ${activityId}
        and event_date >= to_timestamp(${first * 86_400})
        and event_date < to_timestamp(${(last + 1) * 86_400})`)
    for (const { day } of rowsOf<{ day: number }>(found)) known.add(`${activityId}/${day}`)
  }
  return rows.filter(
    (row) => !spans.has(row.activityId) || !known.has(`${row.activityId}/${dayOf(row)}`),
  )
}

/** Backup events minus those that are still the caller's own (a backup restored in place). */
async function withoutOwnIds(tx: Tx, uid: string, rows: EventRow[]): Promise<EventRow[]> {
  const originals = rows
    .map((row) => row.originalId)
    .filter((id): id is string => id !== null && isUuid(id))
  const own = new Set<string>()
  for (let start = 0; start < originals.length; start += EVENT_CHUNK) {
    const found = await tx
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          liveRowsOf(events, uid),
          inArray(events.id, originals.slice(start, start + EVENT_CHUNK)),
        ),
      )
    for (const row of found) own.add(row.id)
  }
  return rows.filter((row) => !row.originalId || !own.has(row.originalId))
}

const ROWS = sql.raw(
  'x(id uuid, "activityId" uuid, "eventDate" timestamptz, attributes jsonb, "createdAt" timestamptz)',
)

/**
 * Inserts one chunk of events, each numbered in the change feed as it is written; answers the
 * ids of those that were new (a backup's copy may exist).
 */
async function insertEvents(
  tx: Tx,
  uid: string,
  rows: EventRow[],
  copies: boolean,
): Promise<string[]> {
  const json = JSON.stringify(rows.map(({ originalId: _original, ...row }) => row))
  const result = await tx.execute(sql`
    insert into events (id, author, activity_id, event_date, attributes, created_at, seq)
    select x.id, ${uid}, x."activityId", x."eventDate", x.attributes, x."createdAt", nextval('change_seq')
    from jsonb_to_recordset(${json}::jsonb) as ${ROWS}
    ${copies ? sql`on conflict (id) do nothing` : sql``}
    returning id::text as id`)
  return rowsOf<{ id: string }>(result).map((row) => row.id)
}

interface State {
  links: Map<string, string>
  /** Live activity id to its attribute list. */
  activities: Map<string, string[]>
  groups: Set<string>
  /** Live attribute id to its activity. */
  attributes: Map<string, string>
  /** Live goal id to its activity. */
  goals: Map<string, string>
  /** Live reminder id to its activity. */
  reminders: Map<string, string>
  /** Live breaks as `activityId/from/to` (`null/…` for breaks of every habit). */
  breaks: Set<string>
}

async function loadState(tx: Tx, uid: string, source: string): Promise<State> {
  // One after the other: a transaction is one connection (node-postgres wants no overlap).
  const linkRows = await tx
    .select({ kind: importLinks.kind, key: importLinks.key, localId: importLinks.localId })
    .from(importLinks)
    .where(and(eq(importLinks.author, uid), eq(importLinks.source, source)))
  const activityRows = await tx
    .select({ id: activities.id, attributes: activities.attributes })
    .from(activities)
    .where(liveRowsOf(activities, uid))
  const groupRows = await tx.select({ id: groups.id }).from(groups).where(liveRowsOf(groups, uid))
  const attributeRows = await tx
    .select({ id: attributes.id, activityId: attributes.activityId })
    .from(attributes)
    .where(liveRowsOf(attributes, uid))
  const goalRows = await tx
    .select({ id: goals.id, activityId: goals.activityId })
    .from(goals)
    .where(liveRowsOf(goals, uid))
  const reminderRows = await tx
    .select({ id: reminders.id, activityId: reminders.activityId })
    .from(reminders)
    .where(liveRowsOf(reminders, uid))
  const breakRows = await tx
    .select({ activityId: breaks.activityId, from: breaks.from, to: breaks.to })
    .from(breaks)
    .where(liveRowsOf(breaks, uid))
  return {
    breaks: new Set(breakRows.map((row) => `${row.activityId}/${row.from}/${row.to}`)),
    links: new Map(linkRows.map((row) => [`${row.kind}\u0000${row.key}`, row.localId])),
    activities: new Map(activityRows.map((row) => [row.id, row.attributes])),
    groups: new Set(groupRows.map((row) => row.id)),
    attributes: new Map(attributeRows.map((row) => [row.id, row.activityId])),
    goals: new Map(goalRows.map((row) => [row.id, row.activityId])),
    reminders: new Map(reminderRows.map((row) => [row.id, row.activityId])),
  }
}

/** A planned goal's target as stored: an amount's attribute by its id (null when not planned). */
function storedTarget(
  target: PlannedGoal['target'],
  attributeIds: ReadonlyMap<string, string>,
): GoalTarget | null {
  if (!target) return null
  if (target.kind === 'count') return { kind: 'count', count: target.count }
  const attributeId = attributeIds.get(target.attributeKey)
  if (!attributeId) return null
  return { kind: 'amount', attributeId, comparison: target.comparison, value: target.value }
}

/**
 * Stores a backup's settings for the caller, in `tx`, when they differ from the caller's (a
 * restore takes the backup's time zone, e-mail reminders, pause and language); a new time zone re-plans
 * every reminder, as PUT /api/settings does. Answers whether anything changed.
 */
async function storeSettings(
  tx: Tx,
  uid: string,
  given: ImportPlan['settings'],
  now: Date,
): Promise<boolean> {
  if (!given) return false
  const stored = await readSettings(tx, uid)
  const settings: UserSettings = { ...given, language: given.language ?? stored.language }
  if (
    stored.timeZone === settings.timeZone &&
    stored.emailReminders === settings.emailReminders &&
    stored.remindersPausedUntil === settings.remindersPausedUntil &&
    stored.language === settings.language
  ) {
    return false
  }
  await tx
    .insert(userSettings)
    .values({ userId: uid, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...settings, updatedAt: now } })
  if (stored.timeZone !== settings.timeZone) {
    await replanReminders(tx as unknown as Database, uid, settings.timeZone, now)
  }
  return true
}
