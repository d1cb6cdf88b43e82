import type { AdminUser } from '@kindling/core'
import { asc, eq, like, sql } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { rowsOf } from '../db/client'
import {
  apiTokens,
  emailRateLimit,
  eventCounts,
  session,
  user,
  userStatus,
  verification,
} from '../db/schema'

/*
 * The accounts of the instance as its admin sees and changes them (issue 53).
 */

/**
 * Whether the caller (a verified e-mail) administers this server: one of ADMIN_EMAILS, or,
 * without that list, the first account made on it.
 */
export async function isAdmin(
  db: Database,
  config: Config,
  caller: { uid: string; email: string; emailVerified: boolean },
): Promise<boolean> {
  if (!caller.emailVerified) return false
  if (config.adminEmails.length > 0) return config.adminEmails.includes(caller.email.toLowerCase())
  return (await firstAccountId(db)) === caller.uid
}

/**
 * The first account's id, remembered once there is one: an admin cannot delete their own
 * account, so it stays the first (asked on every id token and admin request).
 */
const firstAccounts = new WeakMap<Database, string>()

async function firstAccountId(db: Database): Promise<string | undefined> {
  const known = firstAccounts.get(db)
  if (known) return known
  const [first] = await db
    .select({ id: user.id })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(1)
  if (first) firstAccounts.set(db, first.id)
  return first?.id
}

const isoFromMs = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString())

interface UserRow {
  id: string
  email: string
  name: string
  email_verified: boolean
  created_ms: number | string
  last_active_ms: number | string | null
  events: number | string
  disabled: boolean
}

/**
 * Every account, oldest first, with what the admin's list shows: last active is the later of
 * its last data API call and its last session, events its live ones (the counts kept by
 * triggers, decision 016).
 */
export async function listUsers(
  db: Database,
  config: Config,
  filter?: { id: string },
): Promise<AdminUser[]> {
  const where = filter ? sql`where u.id = ${filter.id}` : sql``
  const result = await db.execute(sql`
    select u.id, u.email, u.name, u.email_verified,
      extract(epoch from u.created_at) * 1000 as created_ms,
      extract(epoch from greatest(
        s.last_active_at,
        (select max(greatest(se.created_at, se.updated_at)) from ${session} se where se.user_id = u.id)
      )) * 1000 as last_active_ms,
      coalesce((select sum(c.count) from ${eventCounts} c where c.author = u.id), 0) as events,
      coalesce(s.disabled_at is not null, false) as disabled
    from ${user} u left join ${userStatus} s on s.user_id = u.id
    ${where}
    order by u.created_at, u.id`)
  const rows = rowsOf<UserRow>(result)
  const firstId = rows[0]?.id
  const admins = new Set(config.adminEmails)
  const first = { id: filter ? await firstAccountId(db) : firstId }
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified,
    createdAt: isoFromMs(row.created_ms) as string,
    lastActiveAt: isoFromMs(row.last_active_ms),
    events: Number(row.events),
    disabled: row.disabled,
    admin:
      row.email_verified &&
      (admins.size > 0 ? admins.has(row.email.toLowerCase()) : row.id === first?.id),
  }))
}

/**
 * Disables an account and ends its sessions and API tokens in one transaction; false when there
 * is none.
 */
export async function disableUser(db: Database, uid: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.id, uid))
    if (!found) return false
    await tx
      .insert(userStatus)
      .values({ userId: uid, disabledAt: now })
      .onConflictDoUpdate({ target: userStatus.userId, set: { disabledAt: now } })
    await tx.delete(session).where(eq(session.userId, uid))
    // Its personal API tokens end with its sessions (decisions 135, 140).
    await tx.delete(apiTokens).where(eq(apiTokens.userId, uid))
    return true
  })
}

export async function enableUser(db: Database, uid: string): Promise<boolean> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.id, uid))
  if (!found) return false
  await db.update(userStatus).set({ disabledAt: null }).where(eq(userStatus.userId, uid))
  return true
}

/**
 * Deletes an account and everything of it: every table keyed by a user cascades from `user`
 * (its records, sessions, reminders, push subscriptions, settings...); what names it without a
 * key goes here too (its password reset tokens, its e-mail's attempt counters).
 */
export async function deleteUser(db: Database, uid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ email: user.email }).from(user).where(eq(user.id, uid))
    if (!found) return false
    await tx.delete(verification).where(eq(verification.value, uid))
    await tx.delete(emailRateLimit).where(like(emailRateLimit.key, `%:${escapeLike(found.email)}`))
    await tx.delete(user).where(eq(user.id, uid))
    return true
  })
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)

/** The e-mail of an account, or undefined. */
export async function emailOf(db: Database, uid: string): Promise<string | undefined> {
  const [found] = await db.select({ email: user.email }).from(user).where(eq(user.id, uid))
  return found?.email
}

/**
 * Remembers that an account used the data API, at most once per LAST_ACTIVE_PRECISION_MS per
 * account and node (a write in the background, never in the request's way).
 */
export const LAST_ACTIVE_PRECISION_MS = 5 * 60 * 1000

export function createActivityTracker(db: Database, log: { warn: (o: object, m: string) => void }) {
  const written = new Map<string, number>()
  return (uid: string) => {
    const now = Date.now()
    if ((written.get(uid) ?? 0) > now - LAST_ACTIVE_PRECISION_MS) return
    if (written.size > 10_000) written.clear()
    written.set(uid, now)
    const at = new Date(now)
    void db
      .insert(userStatus)
      .values({ userId: uid, lastActiveAt: at })
      .onConflictDoUpdate({ target: userStatus.userId, set: { lastActiveAt: at } })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'could not note when an account was active'),
      )
  }
}
