import { Break, BreakInput, BreakUpdateInput } from '@kindling/core'
import { desc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Database } from '../db/client'
import { breaks } from '../db/schema'
import { notAnActivity } from '../http/errors'
import { msg } from '../i18n/message'
import { findLiveActivity } from './common'
import { type Reader, registerCrud } from './crud'
import { toBreak } from './records'

/** Breaks (issue 49): days a habit, or every habit, is off. */
export function registerBreakRoutes(app: FastifyInstance, db: Database): void {
  /** A break of one habit names a live habit of the caller's; null is every habit. */
  async function checkBreak(uid: string, input: z.output<typeof BreakInput>, reader: Reader) {
    if (input.activityId === null) return
    if (!(await findLiveActivity(reader, uid, input.activityId))) {
      throw notAnActivity()
    }
  }
  const values = ({ activityId, from, to, note }: z.output<typeof BreakInput>) => ({
    activityId,
    from,
    to,
    note,
  })

  registerCrud(app, db, {
    table: breaks,
    plural: 'breaks',
    noun: 'Break',
    missing: msg('Break not found.'),
    record: Break,
    toRecord: toBreak,
    list: {
      description: 'Your live breaks, latest first.',
      orderBy: [desc(breaks.from), desc(breaks.id)],
    },
    create: {
      schema: BreakInput,
      description:
        'Says that a habit (`activityId`), or every habit (`activityId` null: a vacation), is off from `from` to `to` (days in your time zone, both included): a skipped day is a break of one day. Break days are neither done nor missed: streaks pass over them, a day, week or month wholly inside a break is not due and sends no reminder, and completion rates leave them out. An event logged on a break day still counts: the day is done.',
      check: checkBreak,
      values,
    },
    update: {
      schema: BreakUpdateInput,
      description: 'Merges the body over the stored break, validates the whole and saves it.',
      check: (uid, input, _stored, reader) => checkBreak(uid, input, reader),
      values,
    },
    remove: { description: 'Soft-deletes the break: its days count as before again.' },
  })
}
