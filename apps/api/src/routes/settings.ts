import { mergeUserSettings, UserSettings, UserSettingsInput } from '@kindling/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Database } from '../db/client'
import { userSettings } from '../db/schema'
import { uidOf } from '../http/caller'
import { jsonResponse } from '../http/openapi'
import { readSettings, replanReminders } from '../reminders/settings'
import {
  bodyObject,
  listErrors,
  parseBody,
  sessionOnlySecurity as security,
  writeErrors,
} from './common'

const tags = ['settings']

export function registerSettingsRoutes(
  app: FastifyInstance,
  db: Database,
  clock: () => Date,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get('/api/settings', {
    schema: {
      operationId: 'getSettings',
      tags,
      security,
      summary: 'Your settings',
      description:
        'The time zone your reminders follow (America/Phoenix until a device sets it), whether they also come by e-mail, the day they are paused until (inclusive), and your language (null: each device its own).',
      response: { 200: jsonResponse('Your settings.', UserSettings), ...listErrors },
    },
    handler: async (request) => readSettings(db, uidOf(request)),
  })

  r.put('/api/settings', {
    schema: {
      operationId: 'updateSettings',
      tags,
      security,
      summary: 'Change your settings',
      description:
        'Merges the fields sent over your settings. A new time zone re-plans every reminder at its local time there.',
      body: UserSettingsInput,
      response: { 200: jsonResponse('Your settings as stored.', UserSettings), ...writeErrors },
    },
    handler: async (request) => {
      const uid = uidOf(request)
      const input = parseBody(UserSettingsInput, bodyObject(request.body))
      const stored = await readSettings(db, uid)
      const next = mergeUserSettings(stored, input)
      const now = clock()
      await db
        .insert(userSettings)
        .values({ userId: uid, ...next, updatedAt: now })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...next, updatedAt: now } })
      if (next.timeZone !== stored.timeZone) await replanReminders(db, uid, next.timeZone, now)
      return next
    },
  })
}
