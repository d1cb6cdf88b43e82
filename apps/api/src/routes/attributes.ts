import { Attribute, AttributeInput, AttributeUpdateInput } from '@kindling/core'
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { activities, attributes } from '../db/schema'
import { uidOf } from '../http/caller'
import { notFound, validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import {
  bodyObject,
  createErrors,
  deleteErrors,
  findLiveActivity,
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

type Row = typeof attributes.$inferSelect
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

const COMMON_KEYS = new Set(['id', 'activityId', 'type', 'name', 'description', 'required'])

export function toAttribute(row: Row): Attribute {
  return {
    ...row.details,
    id: row.id,
    activityId: row.activityId,
    type: row.type,
    name: row.name,
    description: row.description,
    required: row.required,
    author: row.author,
    createdAt: isoRequired(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  } as Attribute
}

function splitInput(input: z.output<typeof AttributeInput>) {
  const details = Object.fromEntries(Object.entries(input).filter(([key]) => !COMMON_KEYS.has(key)))
  return {
    activityId: input.activityId,
    type: input.type,
    name: input.name,
    description: input.description,
    required: input.required,
    details,
  }
}

/** Keeps `activity.attributes` (the ids of its attributes) in step with attribute writes. */
async function linkToActivity(tx: Tx, activityId: string, attributeId: string, add: boolean) {
  const list = add
    ? sql`(${activities.attributes} - ${attributeId}::text) || jsonb_build_array(${attributeId}::text)`
    : sql`${activities.attributes} - ${attributeId}::text`
  await tx.update(activities).set({ attributes: list }).where(eq(activities.id, activityId))
}

const tags = ['attributes']

export function registerAttributeRoutes(app: FastifyInstance, db: Database): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  /** Live attributes of the caller's live activities (deleting an activity deletes them too). */
  const live = (uid: string) =>
    and(
      eq(attributes.author, uid),
      isNull(attributes.deletedAt),
      inArray(
        attributes.activityId,
        db
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.author, uid), isNull(activities.deletedAt))),
      ),
    )
  const owned = (uid: string, id: string) => and(eq(attributes.id, id), live(uid))

  async function load(uid: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound('Attribute')
    const [row] = await db.select().from(attributes).where(owned(uid, id))
    if (!row) throw notFound('Attribute')
    return row
  }

  async function checkActivity(uid: string, activityId: string) {
    if (!(await findLiveActivity(db, uid, activityId))) {
      throw validationError({ activityId: 'Not an activity of yours.' })
    }
  }

  r.get('/api/attributes', {
    schema: {
      operationId: 'listAttributes',
      tags,
      security,
      summary: 'List your attributes',
      description: 'Your live attribute definitions of all your live activities, newest first.',
      response: { 200: jsonResponse('Your live attributes.', z.array(Attribute)), ...listErrors },
    },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(attributes)
        .where(live(uidOf(request)))
        .orderBy(desc(attributes.createdAt))
      return rows.map(toAttribute)
    },
  })

  r.get('/api/attributes/:id', {
    schema: {
      operationId: 'getAttribute',
      tags,
      security,
      summary: 'Get one attribute',
      description: 'One of your live attribute definitions by id.',
      params: IdParams,
      response: { 200: jsonResponse('The record.', Attribute), ...readErrors },
    },
    handler: async (request) => toAttribute(await load(uidOf(request), request.params.id)),
  })

  r.post('/api/attributes', {
    schema: {
      operationId: 'createAttribute',
      tags,
      security,
      summary: 'Create an attribute',
      description:
        "Defines an attribute of one of your live activities (tagged by `type`, with that type's fields) and appends its id to the activity's `attributes`.",
      body: AttributeInput,
      response: { 201: jsonResponse('Created: the stored record.', Attribute), ...createErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const parsed = parseBody(AttributeInput, request.body)
      const stored = await storedCreate<Row>(db, attributes, uid, parsed.id)
      if (stored) return reply.status(201).send(toAttribute(stored))
      const input = splitInput(parsed)
      await checkActivity(uid, input.activityId)
      const id = parsed.id ?? crypto.randomUUID()
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(attributes)
          .values({ id, author: uid, ...input, createdAt: new Date() })
          .onConflictDoNothing()
          .returning()
        if (!inserted) return (await storedCreate<Row>(tx, attributes, uid, id)) as Row
        await linkToActivity(tx, input.activityId, id, true)
        return inserted
      })
      return reply.status(201).send(toAttribute(row))
    },
  })

  r.put('/api/attributes/:id', {
    schema: {
      operationId: 'updateAttribute',
      tags,
      security,
      summary: 'Update an attribute',
      description:
        'Merges the body over the stored attribute, validates the whole and saves it. Fields of other types are dropped when the type changes.',
      params: IdParams,
      body: AttributeUpdateInput,
      response: { 200: jsonResponse('Updated: the stored record.', Attribute), ...updateErrors },
    },
    handler: async (request) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      const input = splitInput(
        parseBody(AttributeUpdateInput, {
          ...stored.details,
          activityId: stored.activityId,
          type: stored.type,
          name: stored.name,
          description: stored.description,
          required: stored.required,
          ...bodyObject(request.body),
        }),
      )
      if (input.activityId !== stored.activityId) await checkActivity(uid, input.activityId)
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(attributes)
          .set({ ...input, updatedAt: new Date() })
          .where(owned(uid, stored.id))
          .returning()
        if (updated && input.activityId !== stored.activityId) {
          await linkToActivity(tx, stored.activityId, stored.id, false)
          await linkToActivity(tx, input.activityId, stored.id, true)
        }
        return updated
      })
      if (!row) throw notFound('Attribute')
      return toAttribute(row)
    },
  })

  r.delete('/api/attributes/:id', {
    schema: {
      operationId: 'deleteAttribute',
      tags,
      security,
      summary: 'Delete an attribute',
      description:
        "Soft-deletes the attribute and removes its id from the activity's `attributes`.",
      params: IdParams,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      await db.transaction(async (tx) => {
        await tx.update(attributes).set({ deletedAt: new Date() }).where(owned(uid, stored.id))
        await linkToActivity(tx, stored.activityId, stored.id, false)
      })
      return reply.status(204).send(null)
    },
  })
}
