import { createHash, randomBytes, randomUUID } from 'node:crypto'
import {
  INVITATION_LIFETIME_DAYS,
  type Invitation,
  type InvitationCheck,
  type InvitationStatus,
} from '@kindling/core'
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { invitations } from '../db/schema'

/*
 * Invitations (issue 53): a link the admin hands to someone, good for one account within
 * INVITATION_LIFETIME_DAYS, optionally only for one e-mail address. Only the token's SHA-256
 * is stored, so the table alone opens no door.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** The newest invitations the admin page lists. */
const LISTED_MAX = 100

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** The page an invitation link opens: the app's create-account page with the token. */
export function invitationUrl(publicUrl: string, token: string): string {
  const url = new URL('/create-account', publicUrl)
  url.searchParams.set('invitation', token)
  return url.toString()
}

type Row = typeof invitations.$inferSelect

function statusOf(row: Row, now: Date): InvitationStatus {
  if (row.usedAt) return 'used'
  return row.expiresAt <= now ? 'expired' : 'pending'
}

export function toInvitation(row: Row, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  }
}

export async function createInvitation(
  db: Database,
  input: { author: string; email: string | null; now: Date },
): Promise<{ row: Row; token: string }> {
  const token = randomBytes(32).toString('base64url')
  const [row] = await db
    .insert(invitations)
    .values({
      id: randomUUID(),
      tokenHash: hashInvitationToken(token),
      email: input.email?.trim().toLowerCase() || null,
      author: input.author,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
    })
    .returning()
  return { row: row as Row, token }
}

/** The instance's invitations, newest first (every admin sees every admin's). */
export async function listInvitations(db: Database): Promise<Row[]> {
  return db.select().from(invitations).orderBy(desc(invitations.createdAt)).limit(LISTED_MAX)
}

/** Withdraws an invitation not used yet; false when there is none such. */
export async function revokeInvitation(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
    .returning({ id: invitations.id })
  return deleted.length > 0
}

async function findByToken(db: Database, token: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
  return row
}

/** Whether a link still works, for the create-account page (nothing is spent). */
export async function checkInvitation(
  db: Database,
  token: string,
  now: Date,
): Promise<InvitationCheck> {
  const row = await findByToken(db, token)
  if (!row) return { status: 'unknown', email: null, expiresAt: null }
  const status = statusOf(row, now)
  return {
    status: status === 'pending' ? 'valid' : status,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
  }
}

export type SpendResult =
  | { ok: true; id: string; boundEmail: boolean }
  | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'other-email' }

/**
 * Spends an invitation for an account with `email`, in one statement: of two sign-ups racing
 * with one link, one gets it. Refused: unknown, already used, expired, or for another address.
 */
export async function spendInvitation(
  db: Database,
  token: string,
  email: string,
  now: Date,
): Promise<SpendResult> {
  const address = email.trim().toLowerCase()
  const [spent] = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(invitations.tokenHash, hashInvitationToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
        sql`(${invitations.email} is null or ${invitations.email} = ${address})`,
      ),
    )
    .returning({ id: invitations.id, email: invitations.email })
  if (spent) return { ok: true, id: spent.id, boundEmail: spent.email !== null }
  const row = await findByToken(db, token)
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.usedAt) return { ok: false, reason: 'used' }
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' }
  return { ok: false, reason: 'other-email' }
}

/** Records which account a spent invitation made (it goes when that account is deleted). */
export async function recordInvitationUser(db: Database, id: string, userId: string) {
  await db.update(invitations).set({ usedBy: userId }).where(eq(invitations.id, id))
}
