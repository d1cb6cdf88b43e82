import { z } from 'zod'
import { TimeOfDay } from './attribute'
import { CalendarDay, Id, IsoDateTime, RecordStamp } from './common'
import { Language } from './language'
import { Weekday } from './schedule'
import { isValidTimeZone } from './user'

/** Every weekday, Sunday first: what a new reminder fires on. */
export const ALL_WEEKDAYS: readonly number[] = [0, 1, 2, 3, 4, 5, 6]

const ReminderDays = z
  .array(Weekday)
  .max(7)
  .describe('Weekdays it fires on, 0 Sunday … 6 Saturday; empty: never (switched off).')

/** What a client sends for a reminder; days are sorted and de-duplicated (issue 18). */
export const ReminderInput = z.object({
  activityId: Id.describe('The habit it reminds of; it must exist and be yours.'),
  time: TimeOfDay.describe('Local time of day, `HH:mm` (24-hour), in your time zone.'),
  days: ReminderDays.default([...ALL_WEEKDAYS]).transform((days) =>
    [...new Set(days)].sort((a, b) => a - b),
  ),
})
export type ReminderInput = z.input<typeof ReminderInput>
export const ReminderUpdateInput = ReminderInput
export type ReminderUpdateInput = z.input<typeof ReminderUpdateInput>

export const Reminder = z.object({
  ...RecordStamp,
  activityId: Id,
  time: TimeOfDay,
  days: z.array(Weekday),
  updatedAt: IsoDateTime.nullable(),
})
export type Reminder = z.infer<typeof Reminder>

export const TimeZone = z
  .string()
  .min(1)
  .max(100)
  .refine(isValidTimeZone, 'Not a known IANA time zone.')
  .describe('An IANA time zone such as `Europe/Berlin`.')

/** A user's settings: reminders (issue 18) and language (issue 54), as stored and answered. */
export const UserSettings = z.object({
  timeZone: z.string().describe('IANA time zone reminders follow (from the device).'),
  emailReminders: z.boolean().describe('Also send each reminder by e-mail.'),
  remindersPausedUntil: CalendarDay.nullable().describe(
    'No reminders up to and including this day; null when not paused.',
  ),
  language: Language.nullable()
    .default(null)
    .describe(
      "The account's language (e-mails, notifications, every device that has not chosen its own); null follows each device's.",
    ),
})
export type UserSettings = z.infer<typeof UserSettings>

/** PUT /api/settings: any of the fields; those left out keep their value. */
export const UserSettingsInput = z.object({
  timeZone: TimeZone.optional(),
  emailReminders: z.boolean().optional(),
  remindersPausedUntil: CalendarDay.nullable().optional(),
  language: Language.nullable().optional(),
})
export type UserSettingsInput = z.input<typeof UserSettingsInput>

/** The settings after a PUT: the fields sent replace the stored ones, the others stay. */
export function mergeUserSettings(stored: UserSettings, change: UserSettingsInput): UserSettings {
  return {
    timeZone: change.timeZone ?? stored.timeZone,
    emailReminders: change.emailReminders ?? stored.emailReminders,
    remindersPausedUntil:
      change.remindersPausedUntil === undefined
        ? stored.remindersPausedUntil
        : change.remindersPausedUntil,
    language: change.language === undefined ? stored.language : change.language,
  }
}

const Base64Url = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url.')

/** The browser's standard PushSubscription JSON (`subscription.toJSON()`). */
export const PushSubscriptionInput = z.object({
  endpoint: z
    .url({ protocol: /^https$/, message: 'Must be an https URL.' })
    .max(2000)
    .describe("The push service's URL for this browser."),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: Base64Url.describe("The browser's P-256 public key, base64url."),
    auth: Base64Url.describe('The 16-byte authentication secret, base64url.'),
  }),
})
export type PushSubscriptionInput = z.input<typeof PushSubscriptionInput>

export const PushSubscriptionRemoval = z.object({
  endpoint: z.string().min(1).max(2000).describe('The endpoint of the subscription to remove.'),
})
export type PushSubscriptionRemoval = z.input<typeof PushSubscriptionRemoval>

/** What a reminder's Web Push notification carries to the app's service worker. */
export interface ReminderPushMessage {
  type: 'reminder'
  title: string
  body: string
  reminderId: string
  activityId: string
  /** The local day it is for (YYYY-MM-DD). */
  day: string
  /** The page to open on a tap, relative to the app. */
  url: string
  /**
   * The notification's buttons in the account's language (the service worker has no catalogs);
   * without them (an older server) it shows 'Done' and 'Snooze 1 hour'.
   */
  actions?: { done: string; snooze: string }
}
