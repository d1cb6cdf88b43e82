import {
  applyWrite,
  formatHlc,
  type RecordChange,
  type RecordWrite,
  type RuleTables,
  readsOf,
  SERVER_NODE,
} from '@kindling/core'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities, attributes, breaks, groups } from '../db/schema'
import { toActivity, toAttribute, toBreak, toGroup } from './records'

type Stored = { id: string } & Record<string, unknown>

/**
 * Runs core's write rules (applyWrite) for a write the caller's transaction has just stored:
 * loads the author's records the rules read (core's readsOf), applies the rules to them as the
 * device applies them to its copy, and stores the other records they changed. Runs under the
 * author's write lock (decision 108), so what it reads is what the write changes.
 */
export async function storeWriteEffects(
  tx: Tx,
  uid: string,
  write: RecordWrite,
  previous: Stored | undefined,
): Promise<void> {
  const reads = readsOf(write, previous)
  const tables: RuleTables = {
    activities: new Map(),
    attributes: new Map(),
    groups: new Map(),
    breaks: new Map(),
  }
  if (reads.groups) {
    for (const row of await tx.select().from(groups).where(liveRowsOf(groups, uid))) {
      tables.groups.set(row.id, toGroup(row))
    }
  }
  if (reads.activities && reads.activities.length > 0) {
    const rows = await tx
      .select()
      .from(activities)
      .where(and(liveRowsOf(activities, uid), inArray(activities.id, reads.activities)))
    for (const row of rows) tables.activities.set(row.id, toActivity(row))
  }
  const of = reads.dependentsOf
  if (of !== undefined) {
    const owned = await tx
      .select()
      .from(attributes)
      .where(and(liveRowsOf(attributes, uid), eq(attributes.activityId, of)))
    for (const row of owned) tables.attributes.set(row.id, toAttribute(row))
    const pauses = await tx
      .select()
      .from(breaks)
      .where(and(liveRowsOf(breaks, uid), eq(breaks.activityId, of)))
    for (const row of pauses) tables.breaks.set(row.id, toBreak(row))
    const listing = await tx
      .select()
      .from(groups)
      .where(and(liveRowsOf(groups, uid), sql`jsonb_exists(${groups.activities}, ${of}::text)`))
    for (const row of listing) tables.groups.set(row.id, toGroup(row))
  }
  // The rules see the written record as it was (an attribute's old activity, say).
  const own = (tables as unknown as Record<string, Map<string, Stored>>)[write.table]
  if (previous && own) own.set(previous.id, previous)
  for (const change of applyWrite(tables, write)) await storeChange(tx, uid, change)
}

/** Stores one record a rule changed: only the fields rules change. */
async function storeChange(tx: Tx, uid: string, change: RecordChange): Promise<void> {
  const { table } = change
  const record = change.record as Stored
  const stamp = (value: unknown) => (typeof value === 'string' ? new Date(value) : null)
  if (table === 'groups') {
    const at = stamp(record.updatedAt) ?? new Date()
    // A change of its habits like any other (decision 151): an older edit made elsewhere does
    // not put a habit back that this rule took out.
    const time = formatHlc({ wall: at.getTime(), counter: 0, node: SERVER_NODE })
    await tx
      .update(groups)
      .set({
        activities: record.activities as string[],
        updatedAt: stamp(record.updatedAt),
        fieldTimes: sql`${groups.fieldTimes} || jsonb_build_object('activities', ${time}::text)`,
      })
      .where(and(eq(groups.id, record.id), eq(groups.author, uid)))
  } else if (table === 'activities') {
    await tx
      .update(activities)
      .set({ attributes: record.attributes as string[] })
      .where(and(eq(activities.id, record.id), eq(activities.author, uid)))
  } else {
    // A deleted activity's attributes and breaks: soft-deleted with it.
    const deleted = table === 'breaks' ? breaks : attributes
    await tx
      .update(deleted)
      .set({ deletedAt: stamp(record.deletedAt) })
      .where(and(eq(deleted.id, record.id), eq(deleted.author, uid)))
  }
}
