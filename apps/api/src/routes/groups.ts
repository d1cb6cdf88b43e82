import { Group, GroupInput, GroupUpdateInput, randomColor } from '@kindling/core'
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { groups } from '../db/schema'
import { uidOf } from '../http/caller'
import { notFound, validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import {
  bodyObject,
  createErrors,
  deleteErrors,
  IdParams,
  iso,
  isoRequired,
  isUuid,
  listErrors,
  missingActivities,
  NoContent,
  parseBody,
  readErrors,
  security,
  storedCreate,
  updateErrors,
} from './common'

type Row = typeof groups.$inferSelect
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export function toGroup(row: Row): Group {
  return {
    id: row.id,
    author: row.author,
    name: row.name,
    description: row.description,
    color: row.color,
    activities: row.activities,
    createdAt: isoRequired(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  }
}

const tags = ['groups']

/**
 * An activity is in at most one group: takes `activityIds` out of the caller's other groups.
 * Runs inside the group write's transaction; the row locks serialise concurrent writes.
 */
async function takeOutOfOtherGroups(tx: Tx, uid: string, groupId: string, activityIds: string[]) {
  if (activityIds.length === 0) return
  const others = await tx
    .select({ id: groups.id, activities: groups.activities })
    .from(groups)
    .where(and(eq(groups.author, uid), isNull(groups.deletedAt), ne(groups.id, groupId)))
    .for('update')
  const taken = new Set(activityIds)
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
  const r = app.withTypeProvider<ZodTypeProvider>()
  const owned = (uid: string, id: string) =>
    and(eq(groups.id, id), eq(groups.author, uid), isNull(groups.deletedAt))

  async function load(uid: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound('Group')
    const [row] = await db.select().from(groups).where(owned(uid, id))
    if (!row) throw notFound('Group')
    return row
  }

  async function checkActivities(uid: string, ids: string[]) {
    const missing = await missingActivities(db, uid, ids)
    if (missing.length > 0) {
      throw validationError({ activities: `Not an activity of yours: ${missing.join(', ')}` })
    }
  }

  r.get('/api/groups', {
    schema: {
      operationId: 'listGroups',
      tags,
      security,
      summary: 'List your groups',
      description: 'Your live groups, most recently updated (else created) first.',
      response: { 200: jsonResponse('Your live groups.', z.array(Group)), ...listErrors },
    },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(groups)
        .where(and(eq(groups.author, uidOf(request)), isNull(groups.deletedAt)))
        .orderBy(desc(sql`coalesce(${groups.updatedAt}, ${groups.createdAt})`))
      return rows.map(toGroup)
    },
  })

  r.get('/api/groups/:id', {
    schema: {
      operationId: 'getGroup',
      tags,
      security,
      summary: 'Get one group',
      description: 'One of your live groups by id.',
      params: IdParams,
      response: { 200: jsonResponse('The record.', Group), ...readErrors },
    },
    handler: async (request) => toGroup(await load(uidOf(request), request.params.id)),
  })

  r.post('/api/groups', {
    schema: {
      operationId: 'createGroup',
      tags,
      security,
      summary: 'Create a group',
      description:
        'Creates a group. Every listed activity must be one of your live activities; listed activities leave any other group in the same transaction.',
      body: GroupInput,
      response: { 201: jsonResponse('Created: the stored record.', Group), ...createErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const input = parseBody(GroupInput, request.body)
      const stored = await storedCreate<Row>(db, groups, uid, input.id)
      if (stored) return reply.status(201).send(toGroup(stored))
      await checkActivities(uid, input.activities)
      const id = input.id ?? crypto.randomUUID()
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(groups)
          .values({
            id,
            author: uid,
            name: input.name,
            description: input.description,
            color: input.color ?? randomColor(),
            activities: input.activities,
            createdAt: new Date(),
          })
          .onConflictDoNothing()
          .returning()
        // A concurrent duplicate stored it first: leave everything as that request left it.
        if (!inserted) return undefined
        await takeOutOfOtherGroups(tx, uid, id, input.activities)
        return inserted
      })
      if (!row)
        return reply
          .status(201)
          .send(toGroup((await storedCreate<Row>(db, groups, uid, id)) as Row))
      return reply.status(201).send(toGroup(row))
    },
  })

  r.put('/api/groups/:id', {
    schema: {
      operationId: 'updateGroup',
      tags,
      security,
      summary: 'Update a group',
      description:
        'Merges the body over the stored group, validates the whole (name required, at least one activity) and saves it; listed activities leave any other group in the same transaction.',
      params: IdParams,
      body: GroupUpdateInput,
      response: { 200: jsonResponse('Updated: the stored record.', Group), ...updateErrors },
    },
    handler: async (request) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      const input = parseBody(GroupUpdateInput, {
        name: stored.name,
        description: stored.description,
        color: stored.color,
        activities: stored.activities,
        ...bodyObject(request.body),
      })
      await checkActivities(uid, input.activities)
      const row = await db.transaction(async (tx) => {
        await takeOutOfOtherGroups(tx, uid, stored.id, input.activities)
        const [updated] = await tx
          .update(groups)
          .set({
            name: input.name,
            description: input.description,
            color: input.color ?? stored.color,
            activities: input.activities,
            updatedAt: new Date(),
          })
          .where(owned(uid, stored.id))
          .returning()
        return updated
      })
      if (!row) throw notFound('Group')
      return toGroup(row)
    },
  })

  r.delete('/api/groups/:id', {
    schema: {
      operationId: 'deleteGroup',
      tags,
      security,
      summary: 'Delete a group',
      description: 'Soft-deletes the group; its activities become ungrouped.',
      params: IdParams,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      await db.update(groups).set({ deletedAt: new Date() }).where(owned(uid, stored.id))
      return reply.status(204).send(null)
    },
  })
}
