import {
  REMINDERS_PER_ACTIVITY_MAX,
  Reminder,
  ReminderInput,
  ReminderUpdateInput,
} from '@kindling/core'
import { and, asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { reminderSnoozes, reminders } from '../db/schema'
import { uidOf } from '../http/caller'
import { notAnActivity, validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import { msg } from '../i18n/message'
import { nextDue, readSettings } from '../reminders/settings'
import { deleteErrors, findLiveActivity, IdParams, isUuid, queryErrors, security } from './common'
import { type Reader, registerCrud } from './crud'
import { toReminder } from './records'

const ReminderListQuery = z.object({
  activityId: z.string().optional().describe('Only the reminders of this habit.'),
})

/** How long 'Snooze 1 hour' waits. */
export const SNOOZE_MS = 60 * 60 * 1000

const Snoozed = z.object({
  reminderId: z.string(),
  dueAt: z.string().describe('When the snoozed reminder is delivered (ISO instant).'),
})

const tags = ['reminders']

export function registerReminderRoutes(
  app: FastifyInstance,
  db: Database,
  clock: () => Date,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  /**
   * The habit must be the caller's live one, with room for one more reminder. Counted in the
   * write's transaction under the author's lock, so reminders created at once take turns and
   * the last ones find the habit full.
   */
  async function checkActivity(reader: Reader, uid: string, activityId: string) {
    if (!(await findLiveActivity(reader, uid, activityId))) {
      throw notAnActivity()
    }
    const [row] = await reader
      .select({ value: count() })
      .from(reminders)
      .where(and(liveRowsOf(reminders, uid), eq(reminders.activityId, activityId)))
    if ((row?.value ?? 0) >= REMINDERS_PER_ACTIVITY_MAX) {
      throw validationError({
        activityId: msg(
          '{max, plural, one {A habit can have at most # reminder.} other {A habit can have at most # reminders.}}',
          { max: REMINDERS_PER_ACTIVITY_MAX },
        ),
      })
    }
  }

  r.get('/api/reminders', {
    schema: {
      operationId: 'listReminders',
      tags,
      security,
      summary: 'List your reminders',
      description:
        'Your live reminders, oldest first, optionally of one habit. Times are local to your time zone (`GET /api/settings`).',
      querystring: ReminderListQuery,
      response: { 200: jsonResponse('Your live reminders.', z.array(Reminder)), ...queryErrors },
    },
    handler: async (request) => {
      const uid = uidOf(request)
      const { activityId } = request.query
      if (activityId !== undefined && !isUuid(activityId)) return []
      const rows = await db
        .select()
        .from(reminders)
        .where(
          and(
            liveRowsOf(reminders, uid),
            activityId === undefined ? undefined : eq(reminders.activityId, activityId),
          ),
        )
        .orderBy(asc(reminders.createdAt), asc(reminders.id))
      return rows.map(toReminder)
    },
  })

  const { load } = registerCrud(app, db, {
    table: reminders,
    plural: 'reminders',
    noun: 'Reminder',
    missing: msg('Reminder not found.'),
    record: Reminder,
    toRecord: toReminder,
    clock,
    create: {
      schema: ReminderInput,
      description: `Reminds of one of your live habits at a local time on some weekdays (every day when \`days\` is left out; none switches it off). At most ${REMINDERS_PER_ACTIVITY_MAX} per habit. It first fires at its next occurrence after now.`,
      check: (uid, input, reader) => checkActivity(reader, uid, input.activityId),
      values: async (input, { uid, id, now }) => {
        const { timeZone } = await readSettings(db, uid)
        return { ...input, ...nextDue({ id, ...input }, now, timeZone) }
      },
    },
    update: {
      schema: ReminderUpdateInput,
      description:
        'Merges the body over the stored reminder, validates the whole and saves it. It fires next at its next occurrence after now, but never twice on one local day.',
      check: async (uid, input, stored, reader) => {
        if (input.activityId !== stored.activityId) {
          await checkActivity(reader, uid, input.activityId)
        }
      },
      values: async (input, stored, now, reader) => {
        const { timeZone } = await readSettings(reader, stored.author)
        return { ...input, ...nextDue({ id: stored.id, ...input }, now, timeZone) }
      },
    },
    remove: {
      description: 'Soft-deletes the reminder; it never fires again.',
      values: { nextDueAt: null, nextDueDay: null },
    },
  })

  r.post('/api/reminders/:id/snooze', {
    schema: {
      operationId: 'snoozeReminder',
      tags,
      security,
      summary: 'Snooze a reminder for an hour',
      description:
        "The notification's 'Snooze 1 hour': the reminder is delivered once more an hour from now (unless the habit is done by then or reminders are paused).",
      params: IdParams,
      response: { 201: jsonResponse('Snoozed.', Snoozed), ...deleteErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      const dueAt = new Date(clock().getTime() + SNOOZE_MS)
      await db
        .insert(reminderSnoozes)
        .values({ id: crypto.randomUUID(), reminderId: stored.id, author: uid, dueAt })
      return reply.status(201).send({ reminderId: stored.id, dueAt: dueAt.toISOString() })
    },
  })
}
