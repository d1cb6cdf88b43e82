import {
  Activity,
  ActivityInput,
  ActivityUpdateInput,
  randomColor,
  type Schedule,
} from '@kindling/core'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { activities, attributes, groups } from '../db/schema'
import { uidOf } from '../http/caller'
import { notFound } from '../http/errors'
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
  NoContent,
  parseBody,
  readErrors,
  security,
  storedCreate,
  updateErrors,
} from './common'

type Row = typeof activities.$inferSelect

export function toActivity(row: Row): Activity {
  return {
    id: row.id,
    author: row.author,
    name: row.name,
    description: row.description,
    color: row.color,
    attributes: row.attributes,
    visibility: row.visibility,
    schedule: row.schedule as Schedule,
    createdAt: isoRequired(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  }
}

const tags = ['activities']

export function registerActivityRoutes(app: FastifyInstance, db: Database): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const owned = (uid: string, id: string) =>
    and(eq(activities.id, id), eq(activities.author, uid), isNull(activities.deletedAt))

  async function load(uid: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound('Activity')
    const [row] = await db.select().from(activities).where(owned(uid, id))
    if (!row) throw notFound('Activity')
    return row
  }

  r.get('/api/activities', {
    schema: {
      operationId: 'listActivities',
      tags,
      security,
      summary: 'List your activities',
      description: 'Your live activities, most recently updated (else created) first.',
      response: { 200: jsonResponse('Your live activities.', z.array(Activity)), ...listErrors },
    },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(activities)
        .where(and(eq(activities.author, uidOf(request)), isNull(activities.deletedAt)))
        .orderBy(desc(sql`coalesce(${activities.updatedAt}, ${activities.createdAt})`))
      return rows.map(toActivity)
    },
  })

  r.get('/api/activities/:id', {
    schema: {
      operationId: 'getActivity',
      tags,
      security,
      summary: 'Get one activity',
      description: 'One of your live activities by id.',
      params: IdParams,
      response: { 200: jsonResponse('The record.', Activity), ...readErrors },
    },
    handler: async (request) => toActivity(await load(uidOf(request), request.params.id)),
  })

  r.post('/api/activities', {
    schema: {
      operationId: 'createActivity',
      tags,
      security,
      summary: 'Create an activity',
      description:
        "Creates an activity. `color` defaults to a random hex colour, `schedule` to Daily, `visibility` to private. `attributes` is managed by the server (the ids of the activity's attributes); a value sent here is ignored.",
      body: ActivityInput,
      response: { 201: jsonResponse('Created: the stored record.', Activity), ...createErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const input = parseBody(ActivityInput, request.body)
      const stored = await storedCreate<Row>(db, activities, uid, input.id)
      if (stored) return reply.status(201).send(toActivity(stored))
      const [row] = await db
        .insert(activities)
        .values({
          id: input.id ?? crypto.randomUUID(),
          author: uid,
          name: input.name,
          description: input.description,
          color: input.color ?? randomColor(),
          attributes: [],
          visibility: input.visibility,
          schedule: input.schedule,
          createdAt: new Date(),
        })
        .onConflictDoNothing()
        .returning()
      return reply
        .status(201)
        .send(toActivity(row ?? ((await storedCreate<Row>(db, activities, uid, input.id)) as Row)))
    },
  })

  r.put('/api/activities/:id', {
    schema: {
      operationId: 'updateActivity',
      tags,
      security,
      summary: 'Update an activity',
      description:
        "Merges the body over the stored activity's editable fields (name, description, color, visibility, schedule), validates the result as a whole and saves it.",
      params: IdParams,
      body: ActivityUpdateInput,
      response: { 200: jsonResponse('Updated: the stored record.', Activity), ...updateErrors },
    },
    handler: async (request) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      const input = parseBody(ActivityUpdateInput, {
        name: stored.name,
        description: stored.description,
        color: stored.color,
        visibility: stored.visibility,
        schedule: stored.schedule,
        ...bodyObject(request.body),
        attributes: stored.attributes,
      })
      const [row] = await db
        .update(activities)
        .set({
          name: input.name,
          description: input.description,
          color: input.color ?? stored.color,
          visibility: input.visibility,
          schedule: input.schedule,
          updatedAt: new Date(),
        })
        .where(owned(uid, stored.id))
        .returning()
      if (!row) throw notFound('Activity')
      return toActivity(row)
    },
  })

  r.delete('/api/activities/:id', {
    schema: {
      operationId: 'deleteActivity',
      tags,
      security,
      summary: 'Delete an activity',
      description: 'Soft-deletes the activity and its attributes and takes it out of its group.',
      params: IdParams,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      await db.transaction(async (tx) => {
        const now = new Date()
        await tx.update(activities).set({ deletedAt: now }).where(owned(uid, stored.id))
        await tx
          .update(attributes)
          .set({ deletedAt: now })
          .where(
            and(
              eq(attributes.author, uid),
              eq(attributes.activityId, stored.id),
              isNull(attributes.deletedAt),
            ),
          )
        await tx
          .update(groups)
          .set({ activities: sql`${groups.activities} - ${stored.id}::text`, updatedAt: now })
          .where(
            and(
              eq(groups.author, uid),
              isNull(groups.deletedAt),
              sql`jsonb_exists(${groups.activities}, ${stored.id}::text)`,
            ),
          )
      })
      return reply.status(204).send(null)
    },
  })
}
