import type {
  AttributeValue,
  Cadence,
  GoalTarget,
  StoredSchedule,
  Visibility,
} from '@kindling/core'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

// ---- better-auth tables (field names are the adapter's model fields) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
})

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at'),
  alg: text('alg'),
  crv: text('crv'),
})

/** Shared by better-auth's per-IP limiter and our per-e-mail limiter (keys do not collide). */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

// ---- Kindling data ----

const stamps = {
  author: text('author')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at'),
  deletedAt: instant('deleted_at'),
  /**
   * When each field was last changed (core's FieldTimes: hybrid logical times by field name,
   * `*` for the fields not listed), so that an update changes only fields it is newer for
   * (decision 151). Empty: no field changed by a timed update yet.
   */
  fieldTimes: jsonb('field_times').$type<Record<string, string>>().notNull().default({}),
  /**
   * Where this version of the record stands in its author's change feed (issue 13): stamped
   * from the `change_seq` sequence by a trigger on every insert and update (migration 0003),
   * under a per-author lock, so a reader never sees a later number before an earlier one.
   */
  seq: bigint('seq', { mode: 'number' }),
}

const live = (t: { deletedAt: unknown }) => sql`${t.deletedAt} is null`

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    /** Ids of the activity's live attributes, kept in sync by the attribute routes. */
    attributes: jsonb('attributes').$type<string[]>().notNull().default([]),
    visibility: text('visibility').$type<Visibility>().notNull().default('private'),
    schedule: jsonb('schedule').$type<StoredSchedule>().notNull(),
    /** Archived (issue 49): out of every list and reminder, its history kept. */
    archived: boolean('archived').notNull().default(false),
    /** Its place in the user's own order (a fractional index key), or null: none given yet. */
    position: text('position'),
    ...stamps,
  },
  (t) => [
    index('activities_author_idx').on(t.author, t.createdAt).where(live(t)),
    index('activities_author_seq_idx').on(t.author, t.seq),
  ],
)

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    activities: jsonb('activities').$type<string[]>().notNull().default([]),
    /** Its place in the user's own order (a fractional index key), or null. */
    position: text('position'),
    ...stamps,
  },
  (t) => [
    index('groups_author_idx').on(t.author, t.createdAt).where(live(t)),
    index('groups_author_seq_idx').on(t.author, t.seq),
  ],
)

export const attributes = pgTable(
  'attributes',
  {
    id: uuid('id').primaryKey(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    required: boolean('required').notNull().default(false),
    /** The type-specific fields (options, min, max, unit, defaultValue, ...). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    index('attributes_author_idx').on(t.author, t.createdAt).where(live(t)),
    index('attributes_author_seq_idx').on(t.author, t.seq),
    index('attributes_activity_idx').on(t.activityId).where(live(t)),
  ],
)

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id),
    eventDate: instant('event_date').notNull(),
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull().default({}),
    ...stamps,
  },
  // Ascending columns on purpose: `order by event_date desc, id desc` means NULLS FIRST, which
  // a backward scan of an ascending (NULLS LAST) index gives and a `desc nulls last` one does
  // not, so only these serve the list in order (a page stops after `limit` rows). The activity
  // index also answers the counts from the index alone.
  (t) => [
    index('events_author_date_asc_idx').on(t.author, t.eventDate, t.id).where(live(t)),
    index('events_author_seq_idx').on(t.author, t.seq),
    index('events_author_activity_date_asc_idx')
      .on(t.author, t.activityId, t.eventDate, t.id)
      .where(live(t)),
  ],
)

/**
 * How many live events each activity of a user has, kept by triggers on `events` (migration
 * 0002) so the counts answer reads one row per activity, however long the history (issue 8).
 */
export const eventCounts = pgTable(
  'event_counts',
  {
    author: text('author')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.author, t.activityId] })],
)

export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id),
    cadence: text('cadence').$type<Cadence>().notNull(),
    /** An amount per period, or null: one event in the period suffices. */
    target: jsonb('target').$type<GoalTarget>(),
    ...stamps,
  },
  (t) => [
    index('goals_author_idx').on(t.author, t.createdAt).where(live(t)),
    index('goals_author_seq_idx').on(t.author, t.seq),
  ],
)

/**
 * A break (issue 49): days a habit is off, or every habit when `activityId` is null (a
 * vacation), as local days of the user's zone. Its days are neither done nor missed.
 */
export const breaks = pgTable(
  'breaks',
  {
    id: uuid('id').primaryKey(),
    activityId: uuid('activity_id').references(() => activities.id),
    from: date('from', { mode: 'string' }).notNull(),
    to: date('to', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    ...stamps,
  },
  (t) => [
    index('breaks_author_idx').on(t.author, t.from).where(live(t)),
    index('breaks_author_seq_idx').on(t.author, t.seq),
  ],
)

// ---- Reminders (issue 18) ----

/**
 * A reminder: a local time of day on some weekdays (docs/decisions/070). `nextDueAt` is the
 * instant of its next occurrence in its owner's zone, `nextDueDay` the local day it belongs to;
 * the scheduler claims rows whose `nextDueAt` has passed (docs/decisions/071). Null: never.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id),
    time: text('time').notNull(),
    days: jsonb('days').$type<number[]>().notNull(),
    nextDueAt: instant('next_due_at'),
    nextDueDay: date('next_due_day', { mode: 'string' }),
    ...stamps,
  },
  // `seq` is stamped like the other records' (migration 0004), but only when the reminder
  // itself changes: the scheduler moving `nextDueAt` is not a change a device needs.
  (t) => [
    index('reminders_author_idx').on(t.author, t.activityId, t.createdAt).where(live(t)),
    index('reminders_author_seq_idx').on(t.author, t.seq),
    index('reminders_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.deletedAt} is null and ${t.nextDueAt} is not null`),
  ],
)

/**
 * One row per reminder and local day it was due: its primary key is the claim that makes a
 * delivery happen at most once, whatever the number of API nodes (docs/decisions/071).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => reminders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dueAt: instant('due_at').notNull(),
    /** claimed, then sent, skipped-done, skipped-paused, skipped-inactive, no-channel or failed. */
    status: text('status').notNull(),
    claimedAt: instant('claimed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reminderId, t.day] }),
    index('reminder_deliveries_claimed_idx').on(t.claimedAt),
  ],
)

/** A reminder snoozed from a notification ('Snooze 1 hour'): delivered once at `dueAt`. */
export const reminderSnoozes = pgTable(
  'reminder_snoozes',
  {
    id: uuid('id').primaryKey(),
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => reminders.id, { onDelete: 'cascade' }),
    author: text('author')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dueAt: instant('due_at').notNull(),
    /** Set when a scheduler claims it; it is never delivered again. */
    claimedAt: instant('claimed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('reminder_snoozes_due_idx').on(t.dueAt).where(sql`${t.claimedAt} is null`)],
)

/** A user's settings: the time zone reminders follow, e-mail reminders, a pause. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  emailReminders: boolean('email_reminders').notNull().default(false),
  remindersPausedUntil: date('reminders_paused_until', { mode: 'string' }),
  /** The language chosen for the account (issue 54); null follows each device's own. */
  language: text('language'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
})

/** A browser's Web Push subscription; an endpoint belongs to the user who last subscribed it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/**
 * Which local record an imported one became (issue 16), so that importing the same file again
 * stores nothing twice: `source` is the format family (`loop`, `habitbull`, `table-habit`,
 * `kindling`), `kind` the record kind, `key` the record's identity in that family (a Loop
 * habit's uuid or name, an attribute's activity and role, a backup's record id).
 */
export const importLinks = pgTable(
  'import_links',
  {
    author: text('author')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    kind: text('kind').$type<'activity' | 'group' | 'attribute' | 'goal' | 'reminder'>().notNull(),
    key: text('key').notNull(),
    localId: uuid('local_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.author, t.source, t.kind, t.key] })],
)

/** better-auth's model names mapped to our tables. */
export const authSchema = { user, session, account, verification, jwks, rateLimit }

/** Our per-e-mail attempt counter for sign-in, sign-up and verification mails (fixed window). */
export const emailRateLimit = pgTable('email_rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
})

/**
 * Secrets a server generated because none was configured (the auth secret, the Web Push key
 * pair): the first server to start on a database stores its own, and every server uses the
 * stored one, so nodes started together on one PostgreSQL agree (decision 112).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
})

/**
 * The instance's automatic backups (issue 50), one row per backup any node took: the row is the
 * claim that makes one node, not all, take each scheduled backup (decision 132). `file` is on
 * the disk of the node named `node`.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey(),
    /** scheduled, or migration (taken before migrations changed the schema). */
    reason: text('reason').$type<'scheduled' | 'migration'>().notNull(),
    node: text('node').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Why it failed; null while it runs and once it succeeded. */
    error: text('error'),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt)],
)

// ---- Automation (issue 52, decisions 140-142) ----

/**
 * A personal API token: only its SHA-256 hash is stored. Revoking deletes the row; each
 * accepted request stamps `lastUsedAt` and counts in the token's fixed rate-limit window, in the
 * one statement that looks it up (decision 140).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** read or write. */
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at'),
    lastUsedAt: instant('last_used_at'),
    windowStart: instant('window_start'),
    windowCount: integer('window_count').notNull().default(0),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
)

/** A webhook: where to POST which changes of its owner, signed with its secret (decision 141). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** The HMAC key of its signatures: the server must read it back to sign, so it is kept. */
    secret: text('secret').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Since when its deliveries fail without a success since; null when the last went through. */
    failingSince: instant('failing_since'),
    /** Turned off after failing for a day; nothing more is recorded or sent for it. */
    disabledAt: instant('disabled_at'),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
)

/**
 * One change to send to one webhook: recorded in the write's transaction (an outbox), claimed
 * by one node at a time, retried until it is delivered or a day has passed (decision 141).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    author: text('author')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The JSON body as it is sent, every time (its `id` is this row's). */
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** pending, delivered or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    /** A node sending it holds it until then; a node that died lets it go again. */
    claimedUntil: instant('claimed_until'),
    lastAttemptAt: instant('last_attempt_at'),
    responseStatus: integer('response_status'),
    error: text('error'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
)

// ---- Self-hosting: the instance, its admin and its invitations (issue 53) ----

/**
 * The instance's own settings, one row each (today only `sign-up-policy`, unless the
 * SIGNUP_POLICY variable locks it).
 */
export const instanceSettings = pgTable('instance_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
})

/**
 * What the admin and the server know of an account beyond better-auth's user: since when it
 * is disabled (null: it is not), and when it last used the data API.
 */
export const userStatus = pgTable('user_status', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  disabledAt: instant('disabled_at'),
  lastActiveAt: instant('last_active_at'),
})

/**
 * A link the admin made for someone to create an account: single use, expiring, optionally for
 * one e-mail address. Only the token's SHA-256 is stored; `author` is the admin who made it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email'),
    author: text('author')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    // A used invitation goes with the account it made (it names that account's e-mail).
    usedBy: text('used_by').references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('invitations_author_idx').on(t.author, t.createdAt)],
)

/**
 * Single sign-on from the native shells (issue 53), one row per sign-in started in the system
 * browser: the app's PKCE challenge, then, once the provider sent the browser back signed in,
 * the one-time code the app trades for its session. Only SHA-256 hashes of the flow's nonce and
 * of the code are stored; the row goes when the code is traded (or tried) or forgotten.
 */
export const nativeSignIns = pgTable(
  'native_sign_ins',
  {
    flowHash: text('flow_hash').primaryKey(),
    challenge: text('challenge').notNull(),
    startedAt: instant('started_at').notNull(),
    codeHash: text('code_hash').unique(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    codeExpiresAt: instant('code_expires_at'),
  },
  (t) => [index('native_sign_ins_started_idx').on(t.startedAt)],
)
