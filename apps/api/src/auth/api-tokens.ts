import { createHash, randomBytes } from 'node:crypto'
import { API_TOKEN_PREFIX } from '@kindling/core'
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { apiTokens, user } from '../db/schema'
import { type Caller, InvalidTokenError } from './id-token'

/** A personal API token: the prefix and 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`)

/** A new token's secret, shown once to its owner; the server keeps only its hash. */
export function generateApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
}

/**
 * What is stored of a token: its SHA-256. A token has 256 random bits, so a plain fast hash is
 * enough (a password hash's cost is there for guessable secrets) and the lookup is one index
 * seek.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a bearer credential is a personal API token rather than an id token. */
export const isApiToken = (credential: string) => credential.startsWith(API_TOKEN_PREFIX)

/** A token over its rate limit: retry after `retryAfter` seconds. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfter: number) {
    super('rate limited')
  }
}

export interface ApiTokenLimits {
  /** Requests one token may make per window. */
  max: number
  windowMs: number
}

/**
 * Verifies personal API tokens against the database on every request (decision 140): a revoked
 * token (its row deleted) is refused at once by every node, with no cache to forget. The same
 * statement counts the request in the token's fixed window and stamps its last use, so the limit
 * holds across nodes and the lookup costs one indexed update.
 */
export function createApiTokenVerifier(
  db: Database,
  options: { limits: ApiTokenLimits; clock: () => Date },
) {
  const { limits, clock } = options
  return {
    /** The token's caller; throws InvalidTokenError (unknown, expired) or RateLimitedError. */
    async verify(token: string): Promise<Caller> {
      if (!TOKEN_SHAPE.test(token)) throw new InvalidTokenError('not a personal API token')
      const now = clock()
      const windowFrom = new Date(now.getTime() - limits.windowMs)
      const freshWindow = sql`(${apiTokens.windowStart} is null or ${apiTokens.windowStart} <= ${windowFrom})`
      const [row] = await db
        .update(apiTokens)
        .set({
          windowStart: sql`case when ${freshWindow} then ${now} else ${apiTokens.windowStart} end`,
          windowCount: sql`case when ${freshWindow} then 1 else ${apiTokens.windowCount} + 1 end`,
          lastUsedAt: now,
        })
        .from(user)
        .where(
          and(
            eq(apiTokens.tokenHash, hashApiToken(token)),
            eq(user.id, apiTokens.userId),
            or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
          ),
        )
        .returning({
          id: apiTokens.id,
          uid: apiTokens.userId,
          scope: apiTokens.scope,
          windowStart: apiTokens.windowStart,
          windowCount: apiTokens.windowCount,
          email: user.email,
          emailVerified: user.emailVerified,
        })
      if (!row) throw new InvalidTokenError('unknown, revoked or expired token')
      if (row.windowCount > limits.max) {
        const start = row.windowStart ? new Date(row.windowStart).getTime() : now.getTime()
        const retryAfter = Math.max(1, Math.ceil((start + limits.windowMs - now.getTime()) / 1000))
        throw new RateLimitedError(retryAfter)
      }
      return {
        uid: row.uid,
        email: row.email,
        emailVerified: row.emailVerified,
        kind: 'token',
        scope: row.scope,
        tokenId: row.id,
      }
    },
  }
}

export type ApiTokenVerifier = ReturnType<typeof createApiTokenVerifier>

/** Deletes every token of a user: a password reset or a sign-out everywhere (decision 140). */
export async function revokeAllApiTokens(db: Database, uid: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, uid))
}
