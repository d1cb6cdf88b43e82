import { FIELD_REASON, Group, GroupInput, GroupUpdateInput, randomColor } from '@kindling/core'
import { desc, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { groups } from '../db/schema'
import { validationError } from '../http/errors'
import { msg } from '../i18n/message'
import { missingActivities } from './common'
import { type Reader, registerCrud } from './crud'
import { toGroup } from './records'

export function registerGroupRoutes(app: FastifyInstance, db: Database): void {
  async function checkActivities(reader: Reader, uid: string, input: { activities: string[] }) {
    const missing = await missingActivities(reader, uid, input.activities)
    if (missing.length > 0) {
      throw validationError(
        { activities: msg('Not an activity of yours: {ids}', { ids: missing.join(', ') }) },
        { activities: { code: FIELD_REASON.notAnActivity, ids: missing } },
      )
    }
  }

  registerCrud(app, db, {
    table: groups,
    plural: 'groups',
    noun: 'Group',
    missing: msg('Group not found.'),
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
        position: input.position,
      }),
    },
    update: {
      schema: GroupUpdateInput,
      description:
        'Merges the body over the stored group, validates the whole (name required, at least one activity) and saves it; listed activities leave any other group in the same transaction.',
      check: (uid, input, _stored, reader) => checkActivities(reader, uid, input),
      values: (input, stored) => ({
        name: input.name,
        description: input.description,
        color: input.color ?? stored.color,
        activities: input.activities,
        position: input.position,
      }),
    },
    remove: { description: 'Soft-deletes the group; its activities become ungrouped.' },
  })
}
