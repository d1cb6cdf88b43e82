import { Activity, ActivityInput, ActivityUpdateInput, randomColor } from '@kindling/core'
import { desc, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { activities } from '../db/schema'
import { msg } from '../i18n/message'
import { registerCrud } from './crud'
import { toActivity } from './records'

export function registerActivityRoutes(app: FastifyInstance, db: Database): void {
  registerCrud(app, db, {
    table: activities,
    plural: 'activities',
    noun: 'Activity',
    missing: msg('Activity not found.'),
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
        archived: input.archived,
        position: input.position,
      }),
    },
    update: {
      schema: ActivityUpdateInput,
      description:
        "Merges the body over the stored activity's editable fields (name, description, color, visibility, schedule, archived, position), validates the result as a whole and saves it.",
      values: (input, stored) => ({
        name: input.name,
        description: input.description,
        color: input.color ?? stored.color,
        visibility: input.visibility,
        schedule: input.schedule,
        archived: input.archived,
        position: input.position,
      }),
    },
    remove: {
      description: 'Soft-deletes the activity and its attributes and takes it out of its group.',
    },
  })
}
