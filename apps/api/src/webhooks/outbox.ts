import { randomUUID } from 'node:crypto'
import {
  type Activity,
  buildDayTotals,
  type Event,
  type Goal,
  isDoneInPeriod,
  resolveTarget,
  toCalendarDay,
  type WebhookEventType,
  type WebhookPayload,
} from '@kindling/core'
import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities, attributes, events, goals, webhookDeliveries, webhooks } from '../db/schema'
import { readSettings } from '../reminders/settings'
import { toActivity, toAttribute, toEvent, toGoal } from '../routes/records'

/*
 * The webhook outbox (decision 141): every data write records, in its own transaction, one
 * pending delivery per change and subscribed webhook of its author. A write that commits has its
 * deliveries; one that rolls back has none; a server that dies after the commit leaves them for
 * any node's sender to find. A user without webhooks costs one indexed read per write.
 */

/** What the reader and writer of the outbox need of a transaction (or the database). */
type Writer = Pick<Database, 'select' | 'insert'>

/** One write's change of one record, as the CRUD pattern and the import report it. */
export type DataChange =
  | { table: 'events'; action: ChangeAction; record: Event; previous?: Event }
  | { table: 'activities'; action: ChangeAction; record: Activity }
  | { table: string; action: ChangeAction; record: unknown }

export type ChangeAction = 'created' | 'updated' | 'deleted'

const TYPES: Record<string, Record<ChangeAction, WebhookEventType>> = {
  events: { created: 'event.logged', updated: 'event.changed', deleted: 'event.deleted' },
  activities: { created: 'habit.created', updated: 'habit.changed', deleted: 'habit.deleted' },
}

/** Deliveries inserted per statement. */
const INSERT_CHUNK = 500
const DAY_MS = 86_400_000

/**
 * Records the deliveries of `changes` (all of `uid`'s, written at `now`) for each of the
 * author's enabled webhooks that subscribed to their type, plus `goal.done` for each goal of the
 * author that an event logged or changed has just made done for its current period.
 */
export async function recordWebhookDeliveries(
  tx: Writer,
  uid: string,
  changes: readonly DataChange[],
  now: Date,
  { goals: judgeGoals = true }: { goals?: boolean } = {},
): Promise<void> {
  if (!changes.some((change) => change.table in TYPES)) return
  const hooks = await tx
    .select({ id: webhooks.id, events: webhooks.events })
    .from(webhooks)
    .where(and(eq(webhooks.userId, uid), isNull(webhooks.disabledAt)))
  if (hooks.length === 0) return
  const subscribed = (type: WebhookEventType) => hooks.filter((hook) => hook.events.includes(type))
  const rows: (typeof webhookDeliveries.$inferInsert)[] = []
  const add = (type: WebhookEventType, record: unknown) => {
    for (const hook of subscribed(type)) {
      const id = randomUUID()
      const payload: WebhookPayload = {
        id,
        type,
        createdAt: now.toISOString(),
        record: record as Record<string, unknown>,
      }
      rows.push({
        id,
        webhookId: hook.id,
        author: uid,
        type,
        body: JSON.stringify(payload),
        createdAt: now,
        nextAttemptAt: now,
      })
    }
  }
  const wantsGoals = judgeGoals && subscribed('goal.done').length > 0
  for (const change of changes) {
    const type = TYPES[change.table]?.[change.action]
    if (!type) continue
    add(type, change.record)
    if (wantsGoals && change.table === 'events' && change.action !== 'deleted') {
      const { record, previous } = change as Extract<DataChange, { table: 'events' }>
      for (const goal of await findGoalsJustDone(tx, uid, record, previous, now)) {
        add('goal.done', goal)
      }
    }
  }
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(webhookDeliveries).values(rows.slice(start, start + INSERT_CHUNK))
  }
}

/**
 * The author's live goals on `event`'s activity that were not done for their current period
 * (in the author's time zone, at `now`) before this event was logged or changed, and are now.
 * A goal is done by core's done-state rule (SPEC §4), the one the screens show.
 */
async function findGoalsJustDone(
  tx: Writer,
  uid: string,
  event: Event,
  previous: Event | undefined,
  now: Date,
): Promise<Goal[]> {
  const candidates = await tx
    .select()
    .from(goals)
    .where(and(liveRowsOf(goals, uid), eq(goals.activityId, event.activityId)))
  if (candidates.length === 0) return []
  const { timeZone } = await readSettings(tx, uid)
  // A month and a day either side of now holds every event of any current period, in any zone.
  const nearby = await tx
    .select()
    .from(events)
    .where(
      and(
        liveRowsOf(events, uid),
        eq(events.activityId, event.activityId),
        gte(events.eventDate, new Date(now.getTime() - 33 * DAY_MS)),
        lt(events.eventDate, new Date(now.getTime() + 33 * DAY_MS)),
      ),
    )
  const after = nearby.map(toEvent)
  const before = after.filter((other) => other.id !== event.id)
  if (previous && !previous.deletedAt) before.push(previous)
  const habitAttributes = await tx
    .select()
    .from(attributes)
    .where(and(liveRowsOf(attributes, uid), eq(attributes.activityId, event.activityId)))
  const defined = habitAttributes.map(toAttribute)
  // The habit's days before and after, judged toward each goal's target as the screens judge them.
  const daysBefore = buildDayTotals(before, timeZone)
  const daysAfter = buildDayTotals(after, timeZone)
  const today = toCalendarDay(now, timeZone)
  return candidates.map(toGoal).filter((goal) => {
    const target = resolveTarget(goal.target, defined)
    return (
      !isDoneInPeriod(daysBefore, goal.cadence, today, target) &&
      isDoneInPeriod(daysAfter, goal.cadence, today, target)
    )
  })
}

/**
 * The deliveries of what an import stored (habits created, events logged), in the import's
 * transaction: the records are read back only when the author has a webhook for them. Goals are
 * not judged per imported event (an import holds years of history, not today's news).
 */
export async function recordImportedDeliveries(
  tx: Writer,
  uid: string,
  stored: { activities?: readonly string[]; events?: readonly string[] },
  now: Date,
): Promise<void> {
  const hooks = await tx
    .select({ events: webhooks.events })
    .from(webhooks)
    .where(and(eq(webhooks.userId, uid), isNull(webhooks.disabledAt)))
  const wanted = new Set(hooks.flatMap((hook) => hook.events))
  const changes: DataChange[] = []
  if (wanted.has('habit.created') && stored.activities?.length) {
    const rows = await tx
      .select()
      .from(activities)
      .where(and(eq(activities.author, uid), inArray(activities.id, [...stored.activities])))
    for (const row of rows) {
      changes.push({ table: 'activities', action: 'created', record: toActivity(row) })
    }
  }
  if (wanted.has('event.logged') && stored.events?.length) {
    const ids = [...stored.events]
    for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
      const rows = await tx
        .select()
        .from(events)
        .where(
          and(eq(events.author, uid), inArray(events.id, ids.slice(start, start + INSERT_CHUNK))),
        )
      for (const row of rows) {
        changes.push({ table: 'events', action: 'created', record: toEvent(row) })
      }
    }
  }
  if (changes.length > 0) await recordWebhookDeliveries(tx, uid, changes, now, { goals: false })
}
