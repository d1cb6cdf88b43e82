import { importJWK, type JWK, type JWTVerifyGetKey, jwtVerify, type KeyObject } from 'jose'
import type { Database } from '../db/client'
import { jwks } from '../db/schema'
import { ID_TOKEN_AUDIENCE } from './auth'

export interface Caller {
  uid: string
  email: string
  emailVerified: boolean
}

export class InvalidTokenError extends Error {}

/** How many verified tokens are remembered (the oldest is forgotten first). */
export const VERIFIED_TOKENS_MAX = 10_000

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
  const verified = new Map<string, { caller: Caller; expiresAt: number }>()

  function remember(token: string, caller: Caller, exp: number | undefined) {
    if (exp === undefined) return
    if (verified.size >= VERIFIED_TOKENS_MAX) {
      const oldest = verified.keys().next().value
      if (oldest !== undefined) verified.delete(oldest)
    }
    verified.set(token, { caller, expiresAt: exp * 1000 })
  }

  return {
    async verify(token: string): Promise<Caller> {
      const cached = verified.get(token)
      if (cached) {
        if (cached.expiresAt > Date.now()) return cached.caller
        verified.delete(token)
      }
      try {
        const { payload } = await jwtVerify(token, getKey, { issuer, audience: ID_TOKEN_AUDIENCE })
        if (typeof payload.sub !== 'string' || !payload.sub)
          throw new InvalidTokenError('no subject')
        const caller = {
          uid: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : '',
          emailVerified: payload.emailVerified === true,
        }
        remember(token, caller, payload.exp)
        return caller
      } catch (error) {
        if (error instanceof InvalidTokenError) throw error
        throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token')
      }
    },
  }
}

export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>
