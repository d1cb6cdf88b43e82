import { Attribute, AttributeInput, AttributeUpdateInput } from '@kindling/core'
import { and, desc, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities, attributes } from '../db/schema'
import { notAnActivity } from '../http/errors'
import { msg } from '../i18n/message'
import { findLiveActivity } from './common'
import { type Reader, registerCrud } from './crud'
import { toAttribute } from './records'

const COMMON_KEYS = new Set(['id', 'activityId', 'type', 'name', 'description', 'required'])

/** The input as columns: the type's own fields go to `details`. */
function toColumns(input: z.output<typeof AttributeInput>) {
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

export function registerAttributeRoutes(app: FastifyInstance, db: Database): void {
  async function checkActivity(reader: Reader, uid: string, activityId: string) {
    if (!(await findLiveActivity(reader, uid, activityId))) {
      throw notAnActivity()
    }
  }

  registerCrud(app, db, {
    table: attributes,
    plural: 'attributes',
    noun: 'Attribute',
    missing: msg('Attribute not found.'),
    record: Attribute,
    toRecord: toAttribute,
    /** Live attributes of the caller's live activities (deleting an activity deletes them too). */
    live: (uid) =>
      and(
        liveRowsOf(attributes, uid),
        inArray(
          attributes.activityId,
          db.select({ id: activities.id }).from(activities).where(liveRowsOf(activities, uid)),
        ),
      ),
    list: {
      description: 'Your live attribute definitions of all your live activities, newest first.',
      orderBy: [desc(attributes.createdAt)],
    },
    get: { description: 'One of your live attribute definitions by id.' },
    create: {
      schema: AttributeInput,
      description:
        "Defines an attribute of one of your live activities (tagged by `type`, with that type's fields) and appends its id to the activity's `attributes`.",
      check: (uid, input, reader) => checkActivity(reader, uid, input.activityId),
      values: toColumns,
    },
    update: {
      schema: AttributeUpdateInput,
      description:
        'Merges the body over the stored attribute, validates the whole and saves it. Fields of other types are dropped when the type changes.',
      check: async (uid, input, stored, reader) => {
        if (input.activityId !== stored.activityId) {
          await checkActivity(reader, uid, input.activityId)
        }
      },
      values: toColumns,
    },
    remove: {
      description:
        "Soft-deletes the attribute and removes its id from the activity's `attributes`.",
    },
  })
}
