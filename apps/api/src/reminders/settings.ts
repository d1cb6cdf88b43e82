import {
  DEFAULT_TIME_ZONE,
  getNextReminderOccurrence,
  Language,
  type UserSettings,
} from '@kindling/core'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { reminders, userSettings } from '../db/schema'

/** What a user without a settings row has (SPEC §3: the zone defaults to America/Phoenix). */
export const DEFAULT_SETTINGS: UserSettings = {
  timeZone: DEFAULT_TIME_ZONE,
  emailReminders: false,
  remindersPausedUntil: null,
  language: null,
}

type Reader = Pick<Database, 'select'>

/** The user's settings, or the defaults when they never saved any. */
export async function readSettings(db: Reader, uid: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, uid))
  if (!row) return DEFAULT_SETTINGS
  return {
    timeZone: row.timeZone,
    emailReminders: row.emailReminders,
    remindersPausedUntil: row.remindersPausedUntil,
    language: Language.nullable().catch(null).parse(row.language),
  }
}

/** The columns that say when a reminder fires next after `now` in `timeZone`. */
export function nextDue(
  reminder: { id: string; activityId: string; time: string; days: readonly number[] },
  now: Date,
  timeZone: string,
): { nextDueAt: Date | null; nextDueDay: string | null } {
  const next = getNextReminderOccurrence(reminder, now, timeZone)
  return next
    ? { nextDueAt: new Date(next.at), nextDueDay: next.day }
    : { nextDueAt: null, nextDueDay: null }
}

/** Re-plans every live reminder of `uid` from `now` (after a change of time zone). */
export async function replanReminders(
  db: Database,
  uid: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  const rows = await db.select().from(reminders).where(liveRowsOf(reminders, uid))
  for (const row of rows) {
    await db
      .update(reminders)
      .set(nextDue(row, now, timeZone))
      .where(eq(reminders.id, row.id))
  }
}
