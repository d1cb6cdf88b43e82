import { Writable } from 'node:stream'
import type { CreatedApiToken } from '@kindling/core'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  cookieHeader,
  createBackend,
  idToken,
  nextIp,
  ORIGIN,
  PASSWORD,
  postgresAvailable,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
  testBackends,
} from './test/harness'

/*
 * Issue 52: personal API tokens. A script holds one (`kdl_…`) and calls the data API and sync
 * with it, as `Authorization: Bearer`; never the account's own routes.
 */

const DAY_MS = 86_400_000
const NOW = new Date('2027-03-01T12:00:00Z')

/** A clock the test moves: expiry and the rate window follow it, nothing waits for real time. */
function testClock() {
  let now = NOW.getTime()
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

async function createToken(
  app: App,
  user: TestUser,
  input: { name?: string; scope: 'read' | 'write'; expires?: string },
): Promise<CreatedApiToken> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { authorization: `Bearer ${user.token}` },
    payload: {
      name: input.name ?? 'script',
      scope: input.scope,
      expires: input.expires ?? 'never',
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const as =
  (app: App, token: string) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    })

describe.each(await testBackends())('personal API tokens on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  const time = testClock()
  const logLines: string[] = []

  beforeAll(async () => {
    if (skip) return
    smtp = await startSmtp()
    backend = await createBackend(kind)
    // Every line the server logs, at its most talkative, to look for tokens in.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk))
        done()
      },
    })
    app = await startApp(
      backend,
      smtp.url,
      { API_TOKEN_RATE_LIMIT: '8' },
      { clock: time.clock, logger: pino({ level: 'trace' }, sink) },
    )
  })

  afterAll(async () => {
    if (skip) return
    await app.close()
    await smtp.close()
    await backend.drop()
  })

  describe.skipIf(skip)('with a session', () => {
    it('creates a token shown once, lists it without its secret, and revokes it at once', async () => {
      const user = await signUp(app, smtp, `tokens-${kind}-${crypto.randomUUID()}@example.com`)
      const { token, secret } = await createToken(app, user, {
        name: 'Home Assistant',
        scope: 'write',
        expires: '90d',
      })
      expect(secret).toMatch(/^kdl_[A-Za-z0-9_-]{43}$/)
      expect(token).toMatchObject({
        name: 'Home Assistant',
        scope: 'write',
        createdAt: NOW.toISOString(),
        expiresAt: new Date(NOW.getTime() + 90 * DAY_MS).toISOString(),
        lastUsedAt: null,
      })
      const call = as(app, secret)
      expect((await call('GET', '/api/activities')).statusCode).toBe(200)

      const listed = await as(app, user.token)('GET', '/api/tokens')
      expect(listed.statusCode).toBe(200)
      expect(listed.json()).toEqual([{ ...token, lastUsedAt: NOW.toISOString() }])
      expect(listed.body).not.toContain(secret)
      // Only a hash is stored.
      const stored = await app.database.db.execute(
        sql`select * from api_tokens where id = ${token.id}`,
      )
      expect(JSON.stringify(stored)).not.toContain(secret)

      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/tokens/${token.id}`,
        headers: { authorization: `Bearer ${user.token}` },
      })
      expect(revoked.statusCode).toBe(204)
      const refused = await call('GET', '/api/activities')
      expect(refused.statusCode).toBe(401)
      expect(refused.json().error.code).toBe('invalid-token')
      expect(refused.headers['www-authenticate']).toContain('invalid_token')
      expect((await as(app, user.token)('GET', '/api/tokens')).json()).toEqual([])
    })

    it("refuses a name that is missing or too long, and another user's token id", async () => {
      const user = await signUp(app, smtp, `tokens-bad-${kind}-${crypto.randomUUID()}@example.com`)
      const other = await signUp(
        app,
        smtp,
        `tokens-other-${kind}-${crypto.randomUUID()}@example.com`,
      )
      const post = (payload: object) =>
        app.inject({
          method: 'POST',
          url: '/api/tokens',
          headers: { authorization: `Bearer ${user.token}` },
          payload,
        })
      const blank = await post({ name: '  ', scope: 'read', expires: '30d' })
      expect(blank.statusCode).toBe(400)
      expect(blank.json().error.fields).toHaveProperty('name')
      const scope = await post({ name: 'x', scope: 'admin', expires: '30d' })
      expect(scope.json().error.fields).toHaveProperty('scope')
      const expires = await post({ name: 'x', scope: 'read', expires: '2d' })
      expect(expires.json().error.fields).toHaveProperty('expires')
      expect((await as(app, user.token)('GET', '/api/tokens')).json()).toEqual([])

      const { token } = await createToken(app, other, { scope: 'read' })
      const stranger = await app.inject({
        method: 'DELETE',
        url: `/api/tokens/${token.id}`,
        headers: { authorization: `Bearer ${user.token}` },
      })
      expect(stranger.statusCode).toBe(404)
      expect((await as(app, other.token)('GET', '/api/tokens')).json()).toHaveLength(1)
    })
  })

  describe.skipIf(skip)('as a script', () => {
    it('reads with a read token and gets 403 on every write; a write token writes', async () => {
      const user = await signUp(app, smtp, `scopes-${kind}-${crypto.randomUUID()}@example.com`)
      const reader = as(app, (await createToken(app, user, { scope: 'read' })).secret)
      const writer = as(app, (await createToken(app, user, { scope: 'write' })).secret)

      const habit = await writer('POST', '/api/activities', { name: 'Water' })
      expect(habit.statusCode).toBe(201)
      const activityId = habit.json().id
      const logged = await writer('POST', '/api/events', {
        activityId,
        eventDate: NOW.toISOString(),
        attributes: {},
      })
      expect(logged.statusCode).toBe(201)
      expect(logged.json().author).toBe(habit.json().author)

      expect((await reader('GET', '/api/activities')).json()).toHaveLength(1)
      expect((await reader('GET', `/api/events?activityId=${activityId}`)).json()).toHaveLength(1)
      expect((await reader('GET', '/api/sync/changes')).statusCode).toBe(200)
      const write = await reader('POST', '/api/events', {
        activityId,
        eventDate: NOW.toISOString(),
        attributes: {},
      })
      expect(write.statusCode).toBe(403)
      expect(write.json().error.code).toBe('insufficient-scope')
      for (const [method, url, payload] of [
        ['PUT', `/api/activities/${activityId}`, { name: 'Tea' }],
        ['DELETE', `/api/activities/${activityId}`, undefined],
        ['POST', '/api/import', { nothing: true }],
      ] as const) {
        const refused = await reader(method, url, payload)
        expect(refused.statusCode, `${method} ${url}`).toBe(403)
        expect(refused.json().error.code).toBe('insufficient-scope')
      }
      expect((await reader('GET', `/api/activities/${activityId}`)).json().name).toBe('Water')
    })

    it('stops working when it expires (its owner still sees it listed)', async () => {
      const user = await signUp(app, smtp, `expiry-${kind}-${crypto.randomUUID()}@example.com`)
      const { secret, token } = await createToken(app, user, { scope: 'read', expires: '30d' })
      const forever = await createToken(app, user, { scope: 'read', expires: 'never' })
      expect(forever.token.expiresAt).toBeNull()
      expect((await as(app, secret)('GET', '/api/goals')).statusCode).toBe(200)
      time.advance(30 * DAY_MS - 1000)
      expect((await as(app, secret)('GET', '/api/goals')).statusCode).toBe(200)
      time.advance(1000)
      const expired = await as(app, secret)('GET', '/api/goals')
      expect(expired.statusCode).toBe(401)
      expect(expired.json().error.code).toBe('invalid-token')
      expect((await as(app, forever.secret)('GET', '/api/goals')).statusCode).toBe(200)
      // The session's id token was made before the clock moved: ask for a new one.
      const fresh = await idToken(app, user.cookie)
      const listed = (await as(app, fresh)('GET', '/api/tokens')).json() as { id: string }[]
      expect(listed.map((item) => item.id)).toContain(token.id)
    })

    it('is refused on account and auth routes, even beside a session cookie', async () => {
      const user = await signUp(app, smtp, `refused-${kind}-${crypto.randomUUID()}@example.com`)
      const { secret } = await createToken(app, user, { scope: 'write' })
      const bearer = { authorization: `Bearer ${secret}` }
      // Tokens cannot make, list or revoke tokens, nor change settings or push subscriptions.
      for (const [method, url, payload] of [
        ['GET', '/api/tokens', undefined],
        ['POST', '/api/tokens', { name: 'more', scope: 'write', expires: 'never' }],
        ['GET', '/api/settings', undefined],
        ['PUT', '/api/settings', { emailReminders: true }],
      ] as const) {
        const answer = await app.inject({
          method,
          url,
          headers: bearer,
          ...(payload ? { payload } : {}),
        })
        expect(answer.statusCode, `${method} ${url}`).toBe(403)
        expect(answer.json().error.code).toBe('token-not-allowed')
      }
      for (const [url, payload] of [
        ['/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'another pass 1' }],
        ['/api/auth/update-user', { name: 'Mallory' }],
        ['/api/auth/sign-out', {}],
      ] as const) {
        const answer = await app.inject({
          method: 'POST',
          url,
          remoteAddress: nextIp(),
          headers: { ...ORIGIN, ...bearer, cookie: user.cookie },
          payload,
        })
        expect(answer.statusCode, url).toBe(403)
        expect(answer.json().code).toBe('TOKEN_NOT_ALLOWED')
      }
      const session = await app.inject({
        method: 'GET',
        url: '/api/auth/token',
        headers: bearer,
      })
      expect(session.statusCode).toBe(403)
      // Nothing changed: the old password still signs in.
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: nextIp(),
        headers: ORIGIN,
        payload: { email: user.email, password: PASSWORD },
      })
      expect(signIn.statusCode).toBe(200)
    })

    it('is rate limited per token: 429 with Retry-After, other tokens unaffected', async () => {
      const user = await signUp(app, smtp, `limit-${kind}-${crypto.randomUUID()}@example.com`)
      const busy = as(app, (await createToken(app, user, { scope: 'read' })).secret)
      const calm = as(app, (await createToken(app, user, { scope: 'read' })).secret)
      const statuses: number[] = []
      for (let n = 0; n < 10; n++) statuses.push((await busy('GET', '/api/groups')).statusCode)
      expect(statuses).toEqual([...Array(8).fill(200), 429, 429])
      const limited = await busy('GET', '/api/groups')
      expect(limited.json().error.code).toBe('rate-limited')
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
      expect((await calm('GET', '/api/groups')).statusCode).toBe(200)
      // The id token of the session is not limited by the tokens'.
      expect((await as(app, user.token)('GET', '/api/groups')).statusCode).toBe(200)
      time.advance(60_000)
      expect((await busy('GET', '/api/groups')).statusCode).toBe(200)
    })

    it('ends with a password reset, and with a password change that signs out everywhere', async () => {
      const email = `revoked-${kind}-${crypto.randomUUID()}@example.com`
      const user = await signUp(app, smtp, email)
      smtp.mails.splice(0, smtp.mails.length)
      const first = (await createToken(app, user, { scope: 'read' })).secret
      expect((await as(app, first)('GET', '/api/goals')).statusCode).toBe(200)

      const post = (url: string, payload: object, cookie?: string) =>
        app.inject({
          method: 'POST',
          url,
          remoteAddress: nextIp(),
          headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
          payload,
        })
      await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })
      const mail = await smtp.waitFor(email)
      const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      const resetToken = /reset-password\?token=([\w-]+)/.exec(unfolded)?.[1] as string
      const reset = await post('/api/auth/reset-password', {
        token: resetToken,
        newPassword: 'a brand new passphrase',
      })
      expect(reset.statusCode).toBe(200)
      expect((await as(app, first)('GET', '/api/goals')).statusCode).toBe(401)

      // Signed in again: a token made now, then a password change that keeps other devices
      // signed in leaves it; one that signs them out ends it.
      const signedIn = await post('/api/auth/sign-in/email', {
        email,
        password: 'a brand new passphrase',
      })
      const cookie = cookieHeader(signedIn.headers['set-cookie'])
      const session = { ...user, cookie, token: await idToken(app, cookie) }
      const second = (await createToken(app, session, { scope: 'write' })).secret
      const kept = await post(
        '/api/auth/change-password',
        { currentPassword: 'a brand new passphrase', newPassword: 'the second passphrase' },
        cookie,
      )
      expect(kept.statusCode).toBe(200)
      expect((await as(app, second)('GET', '/api/goals')).statusCode).toBe(200)
      const everywhere = await post(
        '/api/auth/change-password',
        {
          currentPassword: 'the second passphrase',
          newPassword: 'the third passphrase!',
          revokeOtherSessions: true,
        },
        cookie,
      )
      expect(everywhere.statusCode).toBe(200)
      expect((await as(app, second)('GET', '/api/goals')).statusCode).toBe(401)
    })

    it('ends, with every session, when its owner signs out everywhere', async () => {
      const email = `everywhere-${kind}-${crypto.randomUUID()}@example.com`
      const user = await signUp(app, smtp, email)
      const other = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: nextIp(),
        headers: ORIGIN,
        payload: { email, password: PASSWORD },
      })
      const otherCookie = cookieHeader(other.headers['set-cookie'])
      const otherIdToken = await idToken(app, otherCookie)
      const { secret } = await createToken(app, user, { scope: 'write' })
      expect((await as(app, secret)('GET', '/api/goals')).statusCode).toBe(200)

      const everywhere = await app.inject({
        method: 'POST',
        url: '/api/auth/revoke-sessions',
        headers: { ...ORIGIN, cookie: user.cookie },
        payload: {},
      })
      expect(everywhere.statusCode, everywhere.body).toBe(200)
      expect((await as(app, secret)('GET', '/api/goals')).statusCode).toBe(401)
      for (const token of [user.token, otherIdToken]) {
        expect((await as(app, token)('GET', '/api/goals')).statusCode).toBe(401)
      }
      for (const cookie of [user.cookie, otherCookie]) {
        const session = await app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { cookie },
        })
        expect(session.json()).toBeNull()
      }
    })

    it('never writes a token to the log, whatever the answer', async () => {
      const user = await signUp(app, smtp, `logged-${kind}-${crypto.randomUUID()}@example.com`)
      const { secret, token } = await createToken(app, user, { scope: 'read' })
      const call = as(app, secret)
      await call('GET', '/api/activities')
      await call('POST', '/api/activities', { name: 'Refused' })
      await call('GET', '/api/tokens')
      await call('GET', `/api/activities?x=${encodeURIComponent('y')}`)
      for (let n = 0; n < 8; n++) await call('GET', '/api/goals')
      await app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...ORIGIN, authorization: `Bearer ${secret}` },
        payload: { name: 'x' },
      })
      await app.inject({
        method: 'DELETE',
        url: `/api/tokens/${token.id}`,
        headers: { authorization: `Bearer ${user.token}` },
      })
      await call('GET', '/api/activities')
      const log = logLines.join('')
      expect(log).toContain('/api/activities')
      expect(log).not.toContain(secret)
      expect(log).not.toContain(secret.slice(4))
    })
  })
})

describe.skipIf(!(await postgresAvailable()))('personal API tokens on two servers', () => {
  it('stops a token revoked on one server at once on the other', async () => {
    const smtp = await startSmtp()
    const backend = await createBackend('postgres')
    const one = await startApp(backend, smtp.url)
    const two = await startApp(backend, smtp.url)
    try {
      const user = await signUp(one, smtp, `two-nodes-${crypto.randomUUID()}@example.com`)
      const { secret, token } = await createToken(one, user, { scope: 'read' })
      expect((await as(two, secret)('GET', '/api/activities')).statusCode).toBe(200)
      expect((await as(one, secret)('GET', '/api/activities')).statusCode).toBe(200)
      const revoked = await one.inject({
        method: 'DELETE',
        url: `/api/tokens/${token.id}`,
        headers: { authorization: `Bearer ${user.token}` },
      })
      expect(revoked.statusCode).toBe(204)
      expect((await as(two, secret)('GET', '/api/activities')).statusCode).toBe(401)
      expect((await as(one, secret)('GET', '/api/activities')).statusCode).toBe(401)
    } finally {
      await one.close()
      await two.close()
      await smtp.close()
      await backend.drop()
    }
  })
})
