import { once } from 'node:events'
import { type AddressInfo, connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  createBackend,
  nextIp,
  ORIGIN,
  PASSWORD,
  PUBLIC_URL,
  postgresAvailable,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
} from './test/harness'

/**
 * Issue 14: what an attacker, a native shell or a LAN install meets. Each case failed on the
 * server before its fix.
 */

const hasPostgres = await postgresAvailable()

const NATIVE_ORIGINS = ['capacitor://localhost', 'https://localhost', 'http://localhost']

describe.each([
  { kind: 'pglite' as const, skip: false },
  { kind: 'postgres' as const, skip: !hasPostgres },
])('security on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  let user: TestUser

  beforeAll(async () => {
    if (skip) return
    smtp = await startSmtp()
    backend = await createBackend(kind)
    app = await startApp(backend, smtp.url)
    user = await signUp(app, smtp, `security-${kind}@example.com`)
  })

  afterAll(async () => {
    if (skip) return
    await app?.close()
    await smtp?.close()
    await backend?.drop()
  })

  describe.skipIf(skip)('cross-origin clients (native shells)', () => {
    it('allows every method of the API in the preflight of each trusted origin, and none to others', async () => {
      const document = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json()
      const used = new Set<string>()
      for (const operations of Object.values(document.paths as Record<string, object>)) {
        for (const method of Object.keys(operations)) used.add(method.toUpperCase())
      }
      expect(used).toContain('PUT')
      expect(used).toContain('DELETE')
      for (const origin of [...NATIVE_ORIGINS, PUBLIC_URL]) {
        for (const method of used) {
          const preflight = await app.inject({
            method: 'OPTIONS',
            url: '/api/activities/0190b3c4-0000-7000-8000-000000000000',
            headers: {
              origin,
              'access-control-request-method': method,
              'access-control-request-headers': 'authorization,content-type',
            },
          })
          expect(preflight.statusCode, `${origin} ${method}`).toBe(204)
          expect(preflight.headers['access-control-allow-origin']).toBe(origin)
          const allowed = String(preflight.headers['access-control-allow-methods']).split(/,\s*/)
          expect(allowed, `${origin} ${method}`).toContain(method)
          expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
            'authorization',
          )
        }
      }
      const stranger = await app.inject({
        method: 'OPTIONS',
        url: '/api/activities',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
      })
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('lets a native shell edit and delete with its bearer token', async () => {
      const headers = { origin: 'capacitor://localhost', authorization: `Bearer ${user.token}` }
      const created = await app.inject({
        method: 'POST',
        url: '/api/activities',
        headers,
        payload: { name: 'Native' },
      })
      expect(created.statusCode).toBe(201)
      const url = `/api/activities/${created.json().id}`
      const updated = await app.inject({ method: 'PUT', url, headers, payload: { name: 'Edited' } })
      expect(updated.statusCode).toBe(200)
      expect(updated.headers['access-control-allow-origin']).toBe('capacitor://localhost')
      const deleted = await app.inject({ method: 'DELETE', url, headers })
      expect(deleted.statusCode).toBe(204)
      expect(deleted.headers['access-control-allow-origin']).toBe('capacitor://localhost')
    })
  })

  describe.skipIf(skip)('sign-in limits', () => {
    it('checks at most AUTH_RATE_LIMIT_EMAIL_MAX passwords of 50 parallel attempts, then refuses the right one', async () => {
      const target = await signUp(app, smtp, `target-${kind}@example.com`, false)
      const signInAs = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: ORIGIN,
          // Every attempt from its own address: only the per-e-mail limit stands in the way.
          remoteAddress: nextIp(),
          payload: { email: target.email, password },
        })
      const statuses = (
        await Promise.all(Array.from({ length: 50 }, (_, n) => signInAs(`wrong password ${n}`)))
      ).map((response) => response.statusCode)
      // The harness allows 5 failures per address and window.
      expect(statuses.filter((status) => status === 401)).toHaveLength(5)
      expect(statuses.filter((status) => status === 429)).toHaveLength(45)
      const right = await signInAs(PASSWORD)
      expect(right.statusCode).toBe(429)
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0)
    })
  })

  describe.skipIf(skip)('mail bombing', () => {
    it('sends one address at most 3 verification e-mails an hour, however often asked', async () => {
      const email = `bomb-${kind}-${crypto.randomUUID()}@example.com`
      await signUp(app, smtp, email, false)
      const resend = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          remoteAddress: nextIp(),
          headers: { 'content-type': 'application/json', ...ORIGIN },
          payload: { email },
        })
      const statuses: number[] = []
      for (let n = 0; n < 6; n++) statuses.push((await resend()).statusCode)
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
      // The sign-up's own mail and three resent ones.
      await expect.poll(() => smtp.mails.filter((mail) => mail.to === email).length).toBe(4)
    })
  })

  describe.skipIf(skip)('input the database cannot store', () => {
    const send = (method: 'GET' | 'POST', url: string, payload?: string, auth = true) =>
      app.inject({
        method,
        url,
        remoteAddress: nextIp(),
        headers: {
          'content-type': 'application/json',
          ...ORIGIN,
          ...(auth ? { authorization: `Bearer ${user.token}` } : {}),
        },
        payload,
      })

    it('answers 400 naming the field, and stores nothing, for NUL, unpaired surrogates, year 0000 and deep nesting', async () => {
      const activity = (
        await send('POST', '/api/activities', JSON.stringify({ name: 'Run' }))
      ).json()
      const noon = '2026-11-20T12:00:00.000Z'
      const cases: Array<[string, 'GET' | 'POST', string, string | undefined, boolean]> = [
        ['name', 'POST', '/api/activities', JSON.stringify({ name: 'a\u0000b' }), true],
        [
          'description',
          'POST',
          '/api/groups',
          JSON.stringify({ name: 'g', description: '\u0000', activities: [activity.id] }),
          true,
        ],
        [
          'attributes.note',
          'POST',
          '/api/events',
          `{"activityId":"${activity.id}","eventDate":"${noon}","attributes":{"note":"\\ud800"}}`,
          true,
        ],
        [
          'eventDate',
          'POST',
          '/api/events',
          JSON.stringify({ activityId: activity.id, eventDate: '0000-06-01T00:00:00Z' }),
          true,
        ],
        ['from', 'GET', '/api/events?from=0000-01-01T00:00:00Z', undefined, true],
        ['activityId', 'GET', '/api/events?activityId=a%00b', undefined, true],
        ['0', 'POST', '/api/activities', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, true],
        [
          'email',
          'POST',
          '/api/auth/sign-in/email',
          JSON.stringify({ email: 'a\u0000@example.com', password: PASSWORD }),
          false,
        ],
        [
          'a',
          'POST',
          '/api/auth/sign-up/email',
          `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
          false,
        ],
      ]
      for (const [field, method, url, payload, auth] of cases) {
        const answer = await send(method, url, payload, auth)
        expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBe(400)
        const fields = Object.keys(answer.json().error?.fields ?? answer.json().fields ?? {})
        expect(
          fields.some((name) => name.split('.')[0] === field.split('.')[0]),
          url,
        ).toBe(true)
      }
      const events = (await send('GET', '/api/events')).json()
      expect(events).toEqual([])
      const names = (await send('GET', '/api/activities'))
        .json()
        .map((a: { name: string }) => a.name)
      expect(names).toEqual(['Run'])
      expect((await send('GET', '/api/groups')).json()).toEqual([])
    })
  })

  describe.skipIf(skip)('content security policy', () => {
    it('does not upgrade requests to https when the app is served over http', async () => {
      const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
      const policy = String(page.headers['content-security-policy'])
      expect(policy).toContain("default-src 'self'")
      expect(policy).not.toContain('upgrade-insecure-requests')
    })

    it('gives JSON answers the shortest policy that allows nothing', async () => {
      const answer = await app.inject({ method: 'GET', url: '/api/health' })
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      const docs = await app.inject({ method: 'GET', url: '/api/docs/' })
      expect(String(docs.headers['content-security-policy'])).toContain("default-src 'self'")
    })
  })
})

describe('content security policy over https', () => {
  it('upgrades insecure requests when PUBLIC_URL is https', async () => {
    const smtp = await startSmtp()
    const backend = await createBackend('pglite')
    const app = await startApp(backend, smtp.url, { PUBLIC_URL: 'https://kindling.example.com' })
    try {
      const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
    } finally {
      await app.close()
      await smtp.close()
      await backend.drop()
    }
  }, 120_000)
})

describe('clients that never finish', () => {
  it('answers 408 and closes a request whose body never completes, and keeps serving', async () => {
    const smtp = await startSmtp()
    const backend = await createBackend('pglite')
    const app = await startApp(backend, smtp.url, { REQUEST_TIMEOUT: '1', MAX_CONNECTIONS: '2' })
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const { port } = app.server.address() as AddressInfo
      const stalled = connect(port, '127.0.0.1')
      let answer = ''
      stalled.on('data', (chunk) => {
        answer += chunk.toString()
      })
      stalled.write(
        'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
      )
      await once(stalled, 'close')
      expect(answer).toMatch(/^HTTP\/1\.1 408/)

      // The connection limit is the server's own (MAX_CONNECTIONS).
      expect(app.server.maxConnections).toBe(2)
      const health = await fetch(`http://127.0.0.1:${port}/api/health`)
      expect(health.status).toBe(200)
    } finally {
      await app.close()
      await smtp.close()
      await backend.drop()
    }
  })
})
