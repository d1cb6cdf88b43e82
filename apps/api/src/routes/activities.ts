import { Activity, ActivityInput, ActivityUpdateInput, randomColor } from '@kindling/core'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities, attributes, groups } from '../db/schema'
import { registerCrud } from './crud'
import { toActivity } from './records'

export function registerActivityRoutes(app: FastifyInstance, db: Database): void {
  registerCrud(app, db, {
    table: activities,
    plural: 'activities',
    noun: 'Activity',
    record: Activity,
    toRecord: toActivity,
    list: {
      description: 'Your live activities, most recently updated (else created) first.',
      orderBy: [desc(sql`coalesce(${activities.updatedAt}, ${activities.createdAt})`)],
    },
    create: {
      schema: ActivityInput,
      description:
        "Creates an activity. `color` defaults to a random hex colour, `schedule` to Daily, `visibility` to private. `attributes` is managed by the server (the ids of the activity's attributes); a value sent here is ignored.",
      values: (input) => ({
        name: input.name,
        description: input.description,
        color: input.color ?? randomColor(),
        attributes: [],
        visibility: input.visibility,
        schedule: input.schedule,
      }),
    },
    update: {
      schema: ActivityUpdateInput,
      description:
        "Merges the body over the stored activity's editable fields (name, description, color, visibility, schedule), validates the result as a whole and saves it.",
      base: (row) => ({
        name: row.name,
        description: row.description,
        color: row.color,
        visibility: row.visibility,
        schedule: row.schedule,
      }),
      pinned: (row) => ({ attributes: row.attributes }),
      values: (input, stored) => ({
        name: input.name,
        description: input.description,
        color: input.color ?? stored.color,
        visibility: input.visibility,
        schedule: input.schedule,
      }),
    },
    remove: {
      description: 'Soft-deletes the activity and its attributes and takes it out of its group.',
      after: async (tx, uid, stored, now) => {
        await tx
          .update(attributes)
          .set({ deletedAt: now })
          .where(and(liveRowsOf(attributes, uid), eq(attributes.activityId, stored.id)))
        await tx
          .update(groups)
          .set({ activities: sql`${groups.activities} - ${stored.id}::text`, updatedAt: now })
          .where(
            and(
              liveRowsOf(groups, uid),
              sql`jsonb_exists(${groups.activities}, ${stored.id}::text)`,
            ),
          )
      },
    },
  })
}
