import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { App } from '../app'
import type { Database } from '../db/client'
import {
  PUBLIC_URL,
  signUp,
  startTestServer,
  stopTestServer,
  type TestServer,
} from '../test/harness'
import { createIdTokenVerifier, InvalidTokenError, SESSION_RECHECK_MS } from './id-token'

/** `db`, counting the reads it starts (the verifier reads the keys and the session). */
function counting(db: Database) {
  const counter = { selects: 0 }
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') {
        return (...args: unknown[]) => {
          counter.selects += 1
          return (target.select as (...a: unknown[]) => unknown)(...args)
        }
      }
      return Reflect.get(target, property, receiver)
    },
  })
  return { db: wrapped, counter }
}

describe('id token verifier', () => {
  let app: App
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']

  beforeAll(async () => {
    ;({ smtp, backend, app } = await startTestServer())
  })

  afterAll(async () => {
    await stopTestServer({ smtp, backend, app })
  })

  it("looks at a token's session once for many parallel calls, and again after the interval", async () => {
    const user = await signUp(app, smtp, 'parallel-calls@example.com')
    const { db, counter } = counting(app.database.db)
    const verifier = createIdTokenVerifier(db, PUBLIC_URL)
    const calls = () => Promise.all(Array.from({ length: 20 }, () => verifier.verify(user.token)))

    const callers = await calls()
    expect(new Set(callers.map((caller) => caller.email))).toEqual(new Set([user.email]))
    // The signing keys once, the session once.
    expect(counter.selects).toBe(2)
    await calls()
    expect(counter.selects).toBe(2)

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_RECHECK_MS })
    try {
      await calls()
      expect(counter.selects).toBe(3)

      // Signed out: the next look, shared by every parallel call, refuses them all.
      const signOut = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: user.cookie, origin: PUBLIC_URL },
        payload: {},
      })
      expect(signOut.statusCode).toBe(200)
      vi.setSystemTime(Date.now() + SESSION_RECHECK_MS)
      const refused = await Promise.allSettled(
        Array.from({ length: 20 }, () => verifier.verify(user.token)),
      )
      expect(refused.every((result) => result.status === 'rejected')).toBe(true)
      expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(InvalidTokenError)
      expect(counter.selects).toBe(4)
    } finally {
      vi.useRealTimers()
    }
  })
})
