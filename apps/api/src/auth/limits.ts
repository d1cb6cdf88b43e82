import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { emailRateLimit } from '../db/schema'

/** E-mails of one kind (verification, password reset) one address gets at most per hour. */
export const MAILS_PER_HOUR = 3

export const SIGN_UP_PATH = '/api/auth/sign-up/email'
/** Resends the verification link; its count per address also holds the sign-up's own mail. */
export const VERIFICATION_PATH = '/api/auth/send-verification-email'

/** Auth paths that mail the address they name: each is counted, success or not. */
export const MAIL_PATHS = new Set([VERIFICATION_PATH, '/api/auth/request-password-reset'])

/** Auth paths limited per e-mail address on top of the per-IP limit. */
export const EMAIL_LIMITED = new Set(['/api/auth/sign-in/email', SIGN_UP_PATH, ...MAIL_PATHS])

/**
 * Auth paths limited per client address: AUTH_RATE_LIMIT_MAX attempts per fixed window of
 * AUTH_RATE_LIMIT_WINDOW seconds (better-auth's limiter is off for them, see auth.ts).
 */
export const IP_LIMITED = new Set([
  ...EMAIL_LIMITED,
  '/api/auth/reset-password',
  '/api/auth/change-password',
])

export function emailLimitKey(path: string, email: string): string {
  return `${path}:${email.trim().toLowerCase()}`
}

export function ipLimitKey(path: string, ip: string): string {
  return `ip ${path}:${ip}`
}

export interface Attempt {
  key: string
  windowStart: number
  /** Null when the attempt may go ahead, else the seconds until the window ends. */
  retryAfter: number | null
}

/**
 * Counts one attempt under `key` in its fixed window of `windowSeconds`, atomically, and says
 * whether it may go ahead (at most `max` per window). The count is taken before the attempt, so
 * no number of parallel attempts gets past the limit. A window starts with its first attempt
 * and ends `windowSeconds` later, however busy it was: unlike better-auth's own limiter, whose
 * window restarts with every accepted request, a steady stream never locks a client out for
 * good. Keys: `<path>:<e-mail>` and `ip <path>:<address>`.
 */
export async function reserveAttempt(
  db: Database,
  key: string,
  max: number,
  windowSeconds: number,
  now: number,
): Promise<Attempt> {
  const windowMs = windowSeconds * 1000
  // The stored window is over: this attempt starts a new one.
  const over = sql`${emailRateLimit.windowStart} <= ${now - windowMs}`
  const [row] = await db
    .insert(emailRateLimit)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: emailRateLimit.key,
      set: {
        count: sql`case when ${over} then 1 else ${emailRateLimit.count} + 1 end`,
        windowStart: sql`case when ${over} then ${now} else ${emailRateLimit.windowStart} end`,
      },
    })
    .returning({ count: emailRateLimit.count, windowStart: emailRateLimit.windowStart })
  const count = row?.count ?? 1
  const windowStart = Number(row?.windowStart ?? now)
  return {
    key,
    windowStart,
    retryAfter: count <= max ? null : Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  }
}

/** Gives back the count of an attempt that succeeded, if its window is still the current one. */
export async function releaseAttempt(db: Database, attempt: Attempt): Promise<void> {
  await db
    .update(emailRateLimit)
    .set({ count: sql`greatest(${emailRateLimit.count} - 1, 0)` })
    .where(
      and(eq(emailRateLimit.key, attempt.key), eq(emailRateLimit.windowStart, attempt.windowStart)),
    )
}
