import {
  describeMissingActivities,
  Group,
  GroupInput,
  GroupUpdateInput,
  randomColor,
} from '@kindling/core'
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { groups } from '../db/schema'
import { validationError } from '../http/errors'
import { missingActivities } from './common'
import { type Reader, registerCrud, type Tx } from './crud'
import { toGroup } from './records'

/**
 * An activity is in at most one group: takes the group's activities out of the caller's other
 * groups. Runs inside the group write's transaction, under the author's write lock that every
 * write of their groups takes first (decision 108): concurrent group writes take turns, so none
 * reads another's groups before it commits, and none waits for a row another holds.
 */
async function takeOutOfOtherGroups(tx: Tx, uid: string, group: typeof groups.$inferSelect) {
  if (group.activities.length === 0) return
  const others = await tx
    .select({ id: groups.id, activities: groups.activities })
    .from(groups)
    .where(and(liveRowsOf(groups, uid), ne(groups.id, group.id)))
  const taken = new Set(group.activities)
  for (const other of others) {
    const kept = other.activities.filter((id) => !taken.has(id))
    if (kept.length === other.activities.length) continue
    await tx
      .update(groups)
      .set({ activities: kept, updatedAt: new Date() })
      .where(eq(groups.id, other.id))
  }
}

export function registerGroupRoutes(app: FastifyInstance, db: Database): void {
  async function checkActivities(reader: Reader, uid: string, input: { activities: string[] }) {
    const missing = await missingActivities(reader, uid, input.activities)
    if (missing.length > 0) {
      throw validationError({ activities: describeMissingActivities(missing) })
    }
  }

  registerCrud(app, db, {
    table: groups,
    plural: 'groups',
    noun: 'Group',
    record: Group,
    toRecord: toGroup,
    list: {
      description: 'Your live groups, most recently updated (else created) first.',
      orderBy: [desc(sql`coalesce(${groups.updatedAt}, ${groups.createdAt})`)],
    },
    create: {
      schema: GroupInput,
      description:
        'Creates a group. Every listed activity must be one of your live activities; listed activities leave any other group in the same transaction.',
      check: (uid, input, reader) => checkActivities(reader, uid, input),
      values: (input) => ({
        name: input.name,
        description: input.description,
        color: input.color ?? randomColor(),
        activities: input.activities,
      }),
      after: (tx, uid, row) => takeOutOfOtherGroups(tx, uid, row),
    },
    update: {
      schema: GroupUpdateInput,
      description:
        'Merges the body over the stored group, validates the whole (name required, at least one activity) and saves it; listed activities leave any other group in the same transaction.',
      base: (row) => ({
        name: row.name,
        description: row.description,
        color: row.color,
        activities: row.activities,
      }),
      check: (uid, input, _stored, reader) => checkActivities(reader, uid, input),
      values: (input, stored) => ({
        name: input.name,
        description: input.description,
        color: input.color ?? stored.color,
        activities: input.activities,
      }),
      after: (tx, uid, _stored, row) => takeOutOfOtherGroups(tx, uid, row),
    },
    remove: { description: 'Soft-deletes the group; its activities become ungrouped.' },
  })
}
