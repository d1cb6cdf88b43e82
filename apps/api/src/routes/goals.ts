import { Goal, GoalInput, GoalUpdateInput } from '@kindling/core'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { attributes, goals } from '../db/schema'
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

type Row = typeof goals.$inferSelect

export function toGoal(row: Row): Goal {
  return {
    id: row.id,
    author: row.author,
    activityId: row.activityId,
    cadence: row.cadence,
    target: row.target ?? null,
    createdAt: isoRequired(row.createdAt),
    deletedAt: iso(row.deletedAt),
  }
}

const tags = ['goals']

/** Attribute types whose values a goal's target can sum. */
const TARGET_ATTRIBUTE_TYPES = ['number', 'duration']

export function registerGoalRoutes(app: FastifyInstance, db: Database): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const owned = (uid: string, id: string) =>
    and(eq(goals.id, id), eq(goals.author, uid), isNull(goals.deletedAt))

  async function load(uid: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound('Goal')
    const [row] = await db.select().from(goals).where(owned(uid, id))
    if (!row) throw notFound('Goal')
    return row
  }

  /** The activity must be the caller's live one; a target must sum one of its amounts. */
  async function checkGoal(uid: string, input: z.output<typeof GoalInput>) {
    if (!(await findLiveActivity(db, uid, input.activityId))) {
      throw validationError({ activityId: 'Not an activity of yours.' })
    }
    if (!input.target) return
    const { attributeId } = input.target
    const [attribute] = isUuid(attributeId)
      ? await db
          .select({ type: attributes.type })
          .from(attributes)
          .where(
            and(
              eq(attributes.id, attributeId),
              eq(attributes.author, uid),
              eq(attributes.activityId, input.activityId),
              isNull(attributes.deletedAt),
            ),
          )
      : []
    if (!attribute || !TARGET_ATTRIBUTE_TYPES.includes(attribute.type)) {
      throw validationError({
        'target.attributeId': 'Must be a number or duration attribute of this activity.',
      })
    }
  }

  r.get('/api/goals', {
    schema: {
      operationId: 'listGoals',
      tags,
      security,
      summary: 'List your goals',
      description: 'Your live goals, newest first.',
      response: { 200: jsonResponse('Your live goals.', z.array(Goal)), ...listErrors },
    },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(goals)
        .where(and(eq(goals.author, uidOf(request)), isNull(goals.deletedAt)))
        .orderBy(desc(goals.createdAt))
      return rows.map(toGoal)
    },
  })

  r.get('/api/goals/:id', {
    schema: {
      operationId: 'getGoal',
      tags,
      security,
      summary: 'Get one goal',
      description: 'One of your live goals by id.',
      params: IdParams,
      response: { 200: jsonResponse('The record.', Goal), ...readErrors },
    },
    handler: async (request) => toGoal(await load(uidOf(request), request.params.id)),
  })

  r.post('/api/goals', {
    schema: {
      operationId: 'createGoal',
      tags,
      security,
      summary: 'Create a goal',
      description:
        'Sets a Daily, Weekly or Monthly goal on one of your live activities. An optional `target` asks for an amount per period: the sum of a number or duration attribute of that activity over the period, at least or at most `value` (failures are named `target.attributeId`).',
      body: GoalInput,
      response: { 201: jsonResponse('Created: the stored record.', Goal), ...createErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const input = parseBody(GoalInput, request.body)
      const stored = await storedCreate<Row>(db, goals, uid, input.id)
      if (stored) return reply.status(201).send(toGoal(stored))
      await checkGoal(uid, input)
      const [row] = await db
        .insert(goals)
        .values({
          ...input,
          id: input.id ?? crypto.randomUUID(),
          author: uid,
          createdAt: new Date(),
        })
        .onConflictDoNothing()
        .returning()
      return reply
        .status(201)
        .send(toGoal(row ?? ((await storedCreate<Row>(db, goals, uid, input.id)) as Row)))
    },
  })

  r.put('/api/goals/:id', {
    schema: {
      operationId: 'updateGoal',
      tags,
      security,
      summary: 'Update a goal',
      description: 'Merges the body over the stored goal, validates the whole and saves it.',
      params: IdParams,
      body: GoalUpdateInput,
      response: { 200: jsonResponse('Updated: the stored record.', Goal), ...updateErrors },
    },
    handler: async (request) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      const input = parseBody(GoalUpdateInput, {
        activityId: stored.activityId,
        cadence: stored.cadence,
        target: stored.target ?? null,
        ...bodyObject(request.body),
      })
      await checkGoal(uid, input)
      const [row] = await db
        .update(goals)
        .set({ ...input, updatedAt: new Date() })
        .where(owned(uid, stored.id))
        .returning()
      if (!row) throw notFound('Goal')
      return toGoal(row)
    },
  })

  r.delete('/api/goals/:id', {
    schema: {
      operationId: 'deleteGoal',
      tags,
      security,
      summary: 'Delete a goal',
      description: 'Soft-deletes the goal.',
      params: IdParams,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      await db.update(goals).set({ deletedAt: new Date() }).where(owned(uid, stored.id))
      return reply.status(204).send(null)
    },
  })
}
