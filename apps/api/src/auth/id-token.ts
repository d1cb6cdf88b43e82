import { and, eq, gt, sql } from 'drizzle-orm'
import { importJWK, type JWK, type JWTVerifyGetKey, jwtVerify, type KeyObject } from 'jose'
import type { Database } from '../db/client'
import { jwks, session, userStatus } from '../db/schema'
import { ID_TOKEN_AUDIENCE } from './auth'

export interface Caller {
  uid: string
  email: string
  emailVerified: boolean
  /** An id token of a signed-in session, or a personal API token (decision 140). */
  kind: 'session' | 'token'
  /** What the caller may do: a session everything, a token what its owner chose. */
  scope: 'read' | 'write'
  /** The personal API token's id (tokens only). */
  tokenId?: string
}

export class InvalidTokenError extends Error {}

/** How many verified tokens are remembered (the oldest is forgotten first). */
export const VERIFIED_TOKENS_MAX = 10_000

/**
 * How long a token's session is trusted to be alive between two looks: a session ended (a
 * password reset, a sign-out) stops its id tokens within this time on every server, instead of
 * when they expire 15 minutes after issue.
 */
export const SESSION_RECHECK_MS = 5000

interface Verified {
  caller: Caller
  expiresAt: number
  /** The better-auth session the token was issued for (tokens before this claim have none). */
  sessionId: string | undefined
  sessionCheckedAt: number
  /** The look at the session under way: parallel calls with one token share it. */
  sessionCheck?: Promise<boolean> | undefined
}

/**
 * Verifies better-auth's id tokens locally: public keys come from the jwks table once and are
 * cached; a token signed with an unknown key id reloads them (at most once per second).
 */
export function createIdTokenVerifier(db: Database, issuer: string) {
  let keys = new Map<string, { key: KeyObject | Uint8Array; alg: string }>()
  let loadedAt = 0
  let loading: Promise<void> | undefined

  async function load(): Promise<void> {
    const rows = await db.select().from(jwks)
    const next = new Map<string, { key: KeyObject | Uint8Array; alg: string }>()
    for (const row of rows) {
      const jwk = JSON.parse(row.publicKey) as JWK
      const alg = row.alg ?? jwk.alg ?? 'EdDSA'
      next.set(row.id, { key: (await importJWK({ ...jwk, alg }, alg)) as KeyObject, alg })
    }
    keys = next
    loadedAt = Date.now()
  }

  async function reload(): Promise<void> {
    if (Date.now() - loadedAt < 1000 && loadedAt !== 0) return
    loading ??= load().finally(() => {
      loading = undefined
    })
    await loading
  }

  const getKey: JWTVerifyGetKey = async (header) => {
    const kid = header.kid
    if (!kid) throw new InvalidTokenError('token without key id')
    if (!keys.has(kid)) await reload()
    const found = keys.get(kid)
    if (!found || (header.alg && header.alg !== found.alg)) {
      throw new InvalidTokenError('unknown signing key')
    }
    return found.key
  }

  // A client sends the same token with every call for its 15 minutes: the signature check (an
  // EdDSA verify, the largest single cost of a small read) is done once per token. A cached
  // token still expires at its own `exp`.
  const verified = new Map<string, Verified>()
  /** Signature checks under way, by token. */
  const checking = new Map<string, Promise<Verified>>()

  function remember(token: string, entry: Verified) {
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next().value
      if (oldest !== undefined) verified.delete(oldest)
    }
    verified.set(token, entry)
  }

  async function checkSignature(token: string): Promise<Verified> {
    try {
      const { payload } = await jwtVerify(token, getKey, { issuer, audience: ID_TOKEN_AUDIENCE })
      if (typeof payload.sub !== 'string' || !payload.sub) throw new InvalidTokenError('no subject')
      if (payload.exp === undefined) throw new InvalidTokenError('no expiry')
      return {
        caller: {
          uid: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : '',
          emailVerified: payload.emailVerified === true,
          kind: 'session',
          scope: 'write',
        },
        expiresAt: payload.exp * 1000,
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
        sessionCheckedAt: 0,
      }
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token')
    }
  }

  /** Whether the caller's session still exists (a database failure is thrown, not a "no"). */
  async function sessionAlive(entry: Verified): Promise<boolean> {
    if (!entry.sessionId) return true
    const rows = await db
      .select({ id: session.id })
      .from(session)
      .where(
        and(
          eq(session.id, entry.sessionId),
          eq(session.userId, entry.caller.uid),
          gt(session.expiresAt, new Date()),
          // A session made as its account was being disabled (issue 53) ends all the same
          // (one statement: the look stays one read).
          sql`not exists (select 1 from ${userStatus} where ${userStatus.userId} = ${session.userId} and ${userStatus.disabledAt} is not null)`,
        ),
      )
    return rows.length > 0
  }

  return {
    /**
     * The caller of a token: signed by our key, not expired, and its session alive (looked at
     * again after SESSION_RECHECK_MS). Throws InvalidTokenError for a token to refuse.
     */
    async verify(token: string): Promise<Caller> {
      let entry = verified.get(token)
      if (entry && entry.expiresAt <= Date.now()) {
        verified.delete(token)
        entry = undefined
      }
      if (!entry) {
        // Parallel first calls with one token share one check, and so its session's look.
        let signing = checking.get(token)
        if (!signing) {
          signing = checkSignature(token).finally(() => checking.delete(token))
          checking.set(token, signing)
        }
        entry = await signing
        if (!verified.has(token)) remember(token, entry)
      }
      if (Date.now() - entry.sessionCheckedAt >= SESSION_RECHECK_MS) {
        const checked = entry
        const started = Date.now()
        checked.sessionCheck ??= sessionAlive(checked)
          .then((alive) => {
            if (alive) checked.sessionCheckedAt = started
            return alive
          })
          .finally(() => {
            checked.sessionCheck = undefined
          })
        if (!(await checked.sessionCheck)) {
          verified.delete(token)
          throw new InvalidTokenError('the session has ended')
        }
      }
      return entry.caller
    },

    /**
     * Forgets the tokens of every session of `uid` (or of everyone, for null): their next call
     * looks at its session again (an account disabled or deleted, issue 53).
     */
    forgetUser(uid: string | null): void {
      for (const [token, entry] of verified) {
        if (uid === null || entry.caller.uid === uid) verified.delete(token)
      }
    },

    /** Forgets the tokens of an ended session: their next call looks at it and is refused. */
    forgetSession(sessionId: string): void {
      for (const [token, entry] of verified) {
        if (entry.sessionId === sessionId) verified.delete(token)
      }
    },
  }
}

export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>
