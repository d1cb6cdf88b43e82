import { GoalInput, Goal as GoalRecord, GoalUpdateInput } from '@kindling/core'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { attributes, goals } from '../db/schema'
import { notAnActivity, validationError } from '../http/errors'
import { msg } from '../i18n/message'
import { findLiveActivity, isUuid } from './common'
import { type Reader, registerCrud } from './crud'
import { toGoal } from './records'

/** Attribute types whose values a goal's target can sum. */
const TARGET_ATTRIBUTE_TYPES = ['number', 'duration']

export function registerGoalRoutes(app: FastifyInstance, db: Database): void {
  /** The activity must be the caller's live one; a target must sum one of its amounts. */
  async function checkGoal(uid: string, input: z.output<typeof GoalInput>, reader: Reader) {
    if (!(await findLiveActivity(reader, uid, input.activityId))) {
      throw notAnActivity()
    }
    if (input.target?.kind !== 'amount') return
    const { attributeId } = input.target
    const [attribute] = isUuid(attributeId)
      ? await reader
          .select({ type: attributes.type })
          .from(attributes)
          .where(
            and(
              eq(attributes.id, attributeId),
              liveRowsOf(attributes, uid),
              eq(attributes.activityId, input.activityId),
            ),
          )
      : []
    if (!attribute || !TARGET_ATTRIBUTE_TYPES.includes(attribute.type)) {
      throw validationError({
        'target.attributeId': msg('Must be a number or duration attribute of this activity.'),
      })
    }
  }

  registerCrud(app, db, {
    table: goals,
    plural: 'goals',
    noun: 'Goal',
    missing: msg('Goal not found.'),
    record: GoalRecord,
    toRecord: toGoal,
    list: { description: 'Your live goals, newest first.', orderBy: [desc(goals.createdAt)] },
    create: {
      schema: GoalInput,
      description:
        'Sets a Daily, Weekly or Monthly goal on one of your live activities. An optional `target` says what each period asks: a number of events (`{ kind: "count", count }`, e.g. 3 a week) or the total of a number or duration attribute of that activity over the period, at least or at most `value` (`{ kind: "amount", attributeId, comparison, value }`; `kind` may be left out, as before counts existed). Without one, one event in the period is enough. Failures are named `target.<field>`.',
      check: checkGoal,
      values: ({ activityId, cadence, target }) => ({ activityId, cadence, target }),
    },
    update: {
      schema: GoalUpdateInput,
      description: 'Merges the body over the stored goal, validates the whole and saves it.',
      check: (uid, input, _stored, reader) => checkGoal(uid, input, reader),
      values: ({ activityId, cadence, target }) => ({ activityId, cadence, target }),
    },
    remove: { description: 'Soft-deletes the goal.' },
  })
}
