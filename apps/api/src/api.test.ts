import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { App } from './app'
import { attributes, events } from './db/schema'
import { EVENTS_PAGE_MAX } from './routes/events'
import {
  caller,
  cookieHeader,
  idToken,
  nextIp,
  ORIGIN,
  PASSWORD,
  signUp,
  startTestServer,
  stopTestServer,
  type TestServer,
  type TestUser,
  terminateConnections,
  testBackends,
  verificationLink,
} from './test/harness'

describe.each(await testBackends())('API on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']
  let alice: TestUser
  let bob: TestUser
  let carol: TestUser // never verified

  const call = caller(() => app)

  beforeAll(async () => {
    if (skip) return
    ;({ smtp, backend, app } = await startTestServer(kind))
    ;[alice, bob, carol] = await Promise.all([
      signUp(app, smtp, `alice-${kind}@example.com`),
      signUp(app, smtp, `bob-${kind}@example.com`),
      signUp(app, smtp, `carol-${kind}@example.com`, false),
    ])
  })

  afterAll(async () => {
    if (skip) return
    await stopTestServer({ smtp, backend, app })
  })

  describe.skipIf(skip)('accounts', () => {
    it('mails a proper verification message over SMTP with an absolute link', async () => {
      const mail = await smtp.waitFor(`carol-${kind}@example.com`)
      expect(mail.raw).toMatch(/Subject: Confirm your e-mail for Kindling/)
      expect(mail.raw).toMatch(/text\/plain/)
      expect(mail.raw).toMatch(/text\/html/)
      const link = verificationLink(mail.raw)
      expect(link).toMatch(
        /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=.+&callbackURL=/,
      )
    })

    it('signs in while unverified, and get-session reports emailVerified', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: ORIGIN,
        remoteAddress: nextIp(),
        payload: { email: carol.email, password: PASSWORD },
      })
      expect(response.statusCode).toBe(200)
      const session = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: carol.cookie },
      })
      expect(session.json().user.emailVerified).toBe(false)
      const verified = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: alice.cookie },
      })
      expect(verified.json().user.emailVerified).toBe(true)
    })

    it('answers sign-in failures and duplicate sign-ups with better-auth codes', async () => {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: ORIGIN,
        remoteAddress: nextIp(),
        payload: { email: alice.email, password: 'not the password' },
      })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD')
      const duplicate = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: ORIGIN,
        remoteAddress: nextIp(),
        payload: { email: bob.email, password: PASSWORD },
      })
      expect(duplicate.statusCode).toBe(422)
      expect(duplicate.json().code).toMatch(/USER_ALREADY_EXISTS/)
      const short = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: ORIGIN,
        remoteAddress: nextIp(),
        payload: { email: `short-${kind}@example.com`, password: 'short' },
      })
      expect(short.statusCode).toBe(400)
      expect(short.json().code).toBe('PASSWORD_TOO_SHORT')
    })

    it('answers errors the server raises on auth routes in both shapes, never a 500', async () => {
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        remoteAddress: nextIp(),
        payload: '{"email":',
      })
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json()).toMatchObject({
        code: 'INVALID_JSON',
        error: { code: 'invalid-json' },
      })
      const noToken = await app.inject({ method: 'GET', url: '/api/auth/verify-email' })
      expect(noToken.statusCode).toBe(400)
      expect(noToken.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: { fields: { token: expect.any(String) } },
      })
    })

    it('gives native clients a bearer session token that can fetch an id token', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'capacitor://localhost' },
        remoteAddress: nextIp(),
        payload: { email: alice.email, password: PASSWORD },
      })
      expect(response.statusCode).toBe(200)
      const sessionToken = response.headers['set-auth-token']
      expect(typeof sessionToken).toBe('string')
      const token = await app.inject({
        method: 'GET',
        url: '/api/auth/token',
        headers: { authorization: `Bearer ${sessionToken}` },
      })
      expect(token.statusCode).toBe(200)
      const list = await app.inject({
        method: 'GET',
        url: '/api/activities',
        headers: { authorization: `Bearer ${token.json().token}` },
      })
      expect(list.statusCode).toBe(200)

      // The session check hands over an id token too, readable across origins: one round trip.
      const session = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session?disableCookieCache=true',
        headers: { origin: 'capacitor://localhost', authorization: `Bearer ${sessionToken}` },
      })
      expect(session.json().user.email).toBe(alice.email)
      const exposed = String(session.headers['access-control-expose-headers'])
      expect(exposed.split(/,\s*/)).toContain('set-auth-jwt')
      const idToken = session.headers['set-auth-jwt']
      const listed = await app.inject({
        method: 'GET',
        url: '/api/activities',
        headers: { authorization: `Bearer ${idToken}` },
      })
      expect(listed.statusCode).toBe(200)
    })

    it('rate-limits sign-in per IP and per e-mail with 429', async () => {
      const ip = nextIp()
      const statuses: number[] = []
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: ORIGIN,
          remoteAddress: ip,
          payload: { email: `nobody-${attempt}@example.com`, password: 'whatever1' },
        })
        statuses.push(response.statusCode)
      }
      expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true)
      expect(statuses[5]).toBe(429)

      const perEmail: number[] = []
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: ORIGIN,
          remoteAddress: nextIp(),
          payload: { email: `target-${kind}@example.com`, password: 'whatever1' },
        })
        perEmail.push(response.statusCode)
      }
      expect(perEmail[5]).toBe(429)
      const last = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: ORIGIN,
        remoteAddress: nextIp(),
        payload: { email: `target-${kind}@example.com`, password: 'whatever1' },
      })
      expect(last.json().error.code).toBe('too-many-requests')
    })

    it('counts only failed sign-ins against an address, then locks it even for the right password', async () => {
      const signInAs = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: ORIGIN,
          remoteAddress: nextIp(),
          payload: { email: bob.email, password },
        })
      // The harness allows 5 per window: a user signing in often is never locked out.
      for (let attempt = 0; attempt < 7; attempt += 1) {
        expect((await signInAs(PASSWORD)).statusCode).toBe(200)
      }
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await signInAs('wrong password')).statusCode).toBe(401)
      }
      expect((await signInAs(PASSWORD)).statusCode).toBe(429)
    })
  })

  describe.skipIf(skip)('data API authentication', () => {
    it('answers 401 without or with a bad token, 403 when unverified', async () => {
      expect((await call(null, 'GET', '/api/activities')).statusCode).toBe(401)
      const bad = await app.inject({
        method: 'GET',
        url: '/api/activities',
        headers: { authorization: 'Bearer not.a.jwt' },
      })
      expect(bad.statusCode).toBe(401)
      expect(bad.json().error.code).toBe('invalid-token')
      const forged = await app.inject({
        method: 'GET',
        url: '/api/goals',
        headers: { authorization: `Bearer ${alice.token.slice(0, -4)}AAAA` },
      })
      expect(forged.statusCode).toBe(401)
      const unverified = await call(carol, 'GET', '/api/events')
      expect(unverified.statusCode).toBe(403)
      expect(unverified.json().error.code).toBe('email-not-verified')
    })

    it('names the bearer scheme in WWW-Authenticate on a 401 (RFC 6750)', async () => {
      const missing = await call(null, 'GET', '/api/activities')
      expect(missing.statusCode).toBe(401)
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="kindling"')
      const bad = await app.inject({
        method: 'DELETE',
        url: `/api/events/${crypto.randomUUID()}`,
        headers: { authorization: 'Bearer not.a.jwt' },
      })
      expect(bad.statusCode).toBe(401)
      expect(bad.headers['www-authenticate']).toBe('Bearer realm="kindling", error="invalid_token"')
      expect((await call(alice, 'GET', '/api/activities')).headers['www-authenticate']).toBe(
        undefined,
      )
    })

    it('refuses an id token after its 15 minutes, also one it accepted before', async () => {
      const user = { ...alice, token: await idToken(app, alice.cookie) }
      expect((await call(user, 'GET', '/api/goals')).statusCode).toBe(200)
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        vi.setSystemTime(Date.now() + 14 * 60_000)
        expect((await call(user, 'GET', '/api/goals')).statusCode).toBe(200)
        vi.setSystemTime(Date.now() + 2 * 60_000)
        const late = await call(user, 'GET', '/api/goals')
        expect(late.statusCode).toBe(401)
        expect(late.json().error.code).toBe('invalid-token')
      } finally {
        vi.useRealTimers()
      }
    })

    it('answers 404 JSON for unknown API routes and 413 for oversized bodies', async () => {
      const unknown = await call(alice, 'GET', '/api/nothing-here')
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().error.code).toBe('not-found')
      const big = await call(alice, 'POST', '/api/activities', {
        name: 'x',
        description: 'y'.repeat(1_100_000),
      })
      expect(big.statusCode).toBe(413)
      expect(big.json().error.code).toBe('payload-too-large')
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/activities',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
        payload: '{"name":',
      })
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json().error.code).toBe('invalid-json')
      expect(malformed.body).not.toMatch(/at .*\.ts/)
    })
  })

  describe.skipIf(skip)('activities', () => {
    it('creates with defaults, stamps author and times, lists, gets, merges PUT, soft-deletes', async () => {
      const created = await call(alice, 'POST', '/api/activities', {
        name: '  Run  ',
        author: 'someone-else',
        createdAt: '2000-01-01T00:00:00.000Z',
      })
      expect(created.statusCode).toBe(201)
      const activity = created.json()
      expect(activity).toMatchObject({
        name: 'Run',
        author: expect.not.stringMatching('someone-else'),
        visibility: 'private',
        schedule: { type: 'Daily' },
        attributes: [],
        deletedAt: null,
        updatedAt: null,
      })
      expect(activity.color).toMatch(/^#[0-9a-f]{6}$/)
      expect(activity.createdAt).not.toBe('2000-01-01T00:00:00.000Z')

      const updated = await call(alice, 'PUT', `/api/activities/${activity.id}`, {
        name: 'Run far',
      })
      expect(updated.statusCode).toBe(200)
      expect(updated.json()).toMatchObject({
        name: 'Run far',
        color: activity.color,
        schedule: { type: 'Daily' },
      })
      expect(updated.json().updatedAt).not.toBeNull()

      const weekly = await call(alice, 'PUT', `/api/activities/${activity.id}`, {
        schedule: { type: 'Weekly', days: [3, 1, 1] },
      })
      expect(weekly.json()).toMatchObject({
        name: 'Run far',
        schedule: { type: 'Weekly', days: [1, 3] },
      })

      const list = await call(alice, 'GET', '/api/activities')
      expect(list.json().map((item: { id: string }) => item.id)).toContain(activity.id)
      expect((await call(alice, 'GET', `/api/activities/${activity.id}`)).statusCode).toBe(200)

      expect((await call(alice, 'DELETE', `/api/activities/${activity.id}`)).statusCode).toBe(204)
      expect((await call(alice, 'GET', `/api/activities/${activity.id}`)).statusCode).toBe(404)
      expect(
        (await call(alice, 'PUT', `/api/activities/${activity.id}`, { name: 'x' })).statusCode,
      ).toBe(404)
      expect((await call(alice, 'DELETE', `/api/activities/${activity.id}`)).statusCode).toBe(404)
      const after = await call(alice, 'GET', '/api/activities')
      expect(after.json().map((item: { id: string }) => item.id)).not.toContain(activity.id)
    })

    it('rejects bad input with 400 naming the field, and writes nothing', async () => {
      const before = (await call(alice, 'GET', '/api/activities')).json().length
      const long = await call(alice, 'POST', '/api/activities', { name: 'x'.repeat(21) })
      expect(long.statusCode).toBe(400)
      expect(long.json().error).toMatchObject({
        code: 'validation-failed',
        fields: { name: 'Name must be 20 characters or less.' },
      })
      const color = await call(alice, 'POST', '/api/activities', { name: 'ok', color: 'orange' })
      expect(Object.keys(color.json().error.fields)).toEqual(['color'])
      const schedule = await call(alice, 'POST', '/api/activities', {
        name: 'ok',
        schedule: { type: 'Monthly', dayOfMonth: 40 },
      })
      expect(schedule.json().error.fields).toHaveProperty(['schedule.dayOfMonth'])
      expect((await call(alice, 'GET', '/api/activities')).json().length).toBe(before)

      const created = (await call(alice, 'POST', '/api/activities', { name: 'Keep' })).json()
      const emptied = await call(alice, 'PUT', `/api/activities/${created.id}`, { name: '' })
      expect(emptied.statusCode).toBe(400)
      expect(emptied.json().error.fields.name).toBe('Name is required.')
      expect((await call(alice, 'GET', `/api/activities/${created.id}`)).json().name).toBe('Keep')

      // A day of year 0 (PostgreSQL takes no such text) is the client's error, not the server's.
      const event = { activityId: created.id, eventDate: '0000-01-01' }
      const yearZero = await call(alice, 'POST', '/api/events', event)
      expect(yearZero.statusCode).toBe(400)
      expect(yearZero.json().error.fields).toHaveProperty('eventDate')
    })
  })

  describe.skipIf(skip)('ownership', () => {
    it('hides every resource of another user: 404 on every verb, absent from lists', async () => {
      const activity = (await call(alice, 'POST', '/api/activities', { name: 'Private' })).json()
      const group = (
        await call(alice, 'POST', '/api/groups', { name: 'Mine', activities: [activity.id] })
      ).json()
      const attribute = (
        await call(alice, 'POST', '/api/attributes', {
          activityId: activity.id,
          type: 'boolean',
          name: 'Done',
        })
      ).json()
      const event = (
        await call(alice, 'POST', '/api/events', {
          activityId: activity.id,
          eventDate: '2026-01-02T10:00:00.000Z',
        })
      ).json()
      const goal = (
        await call(alice, 'POST', '/api/goals', { activityId: activity.id, cadence: 'Daily' })
      ).json()
      const records = {
        activities: activity,
        groups: group,
        attributes: attribute,
        events: event,
        goals: goal,
      }
      const bodies: Record<string, unknown> = {
        activities: { name: 'Stolen' },
        groups: { name: 'Stolen', activities: [activity.id] },
        attributes: { activityId: activity.id, type: 'boolean', name: 'x' },
        events: { activityId: activity.id, eventDate: '2026-01-02' },
        goals: { activityId: activity.id, cadence: 'Weekly' },
      }
      for (const [resource, record] of Object.entries(records)) {
        const url = `/api/${resource}/${record.id}`
        expect((await call(bob, 'GET', url)).statusCode, `GET ${resource}`).toBe(404)
        expect((await call(bob, 'PUT', url, bodies[resource])).statusCode, `PUT ${resource}`).toBe(
          404,
        )
        expect((await call(bob, 'DELETE', url)).statusCode, `DELETE ${resource}`).toBe(404)
        const list = (await call(bob, 'GET', `/api/${resource}`)).json() as { id: string }[]
        expect(list.map((item) => item.id)).not.toContain(record.id)
        expect((await call(bob, 'GET', `/api/${resource}/not-a-uuid`)).statusCode).toBe(404)
        expect((await call(bob, 'GET', `/api/${resource}/${crypto.randomUUID()}`)).statusCode).toBe(
          404,
        )
        // Still there for its owner.
        expect((await call(alice, 'GET', url)).statusCode).toBe(200)
      }
      // Bob cannot point his records at Alice's activity.
      for (const resource of ['attributes', 'events', 'goals'] as const) {
        const response = await call(bob, 'POST', `/api/${resource}`, bodies[resource])
        expect(response.statusCode, resource).toBe(400)
        expect(response.json().error.fields).toHaveProperty('activityId')
      }
      const foreignGroup = await call(bob, 'POST', '/api/groups', {
        name: 'G',
        activities: [activity.id],
      })
      expect(foreignGroup.statusCode).toBe(400)
      expect(foreignGroup.json().error.fields).toHaveProperty('activities')
      expect((await call(bob, 'GET', '/api/events/counts/activity')).json()).toEqual([])
    })
  })

  describe.skipIf(skip)('groups', () => {
    it('keeps an activity in at most one group and drops deleted activities', async () => {
      const a = (await call(alice, 'POST', '/api/activities', { name: 'A' })).json()
      const b = (await call(alice, 'POST', '/api/activities', { name: 'B' })).json()
      const first = (
        await call(alice, 'POST', '/api/groups', { name: 'First', activities: [a.id, b.id] })
      ).json()
      expect(first).toMatchObject({ name: 'First', activities: [a.id, b.id], description: '' })
      const second = await call(alice, 'POST', '/api/groups', {
        name: 'Second',
        activities: [b.id],
      })
      expect(second.statusCode).toBe(201)
      expect((await call(alice, 'GET', `/api/groups/${first.id}`)).json().activities).toEqual([
        a.id,
      ])

      const moved = await call(alice, 'PUT', `/api/groups/${first.id}`, {
        activities: [a.id, b.id],
      })
      expect(moved.json()).toMatchObject({ name: 'First', activities: [a.id, b.id] })
      expect(
        (await call(alice, 'GET', `/api/groups/${second.json().id}`)).json().activities,
      ).toEqual([])

      const empty = await call(alice, 'PUT', `/api/groups/${first.id}`, { activities: [] })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().error.fields).toHaveProperty('activities')
      const unknown = await call(alice, 'PUT', `/api/groups/${first.id}`, {
        activities: [crypto.randomUUID()],
      })
      expect(unknown.statusCode).toBe(400)
      expect((await call(alice, 'GET', `/api/groups/${first.id}`)).json().activities).toEqual([
        a.id,
        b.id,
      ])

      await call(alice, 'DELETE', `/api/activities/${a.id}`)
      expect((await call(alice, 'GET', `/api/groups/${first.id}`)).json().activities).toEqual([
        b.id,
      ])
      const deletedMember = await call(alice, 'POST', '/api/groups', {
        name: 'Dead',
        activities: [a.id],
      })
      expect(deletedMember.statusCode).toBe(400)

      expect((await call(alice, 'DELETE', `/api/groups/${first.id}`)).statusCode).toBe(204)
      expect((await call(alice, 'GET', `/api/groups/${first.id}`)).statusCode).toBe(404)
      const noName = await call(alice, 'POST', '/api/groups', { name: '' })
      expect(noName.json().error.fields.name).toBe('Name is required.')
    })
  })

  describe.skipIf(skip)('attributes and events', () => {
    it('keeps activity.attributes in sync and checks event values against definitions', async () => {
      const activity = (await call(alice, 'POST', '/api/activities', { name: 'Lift' })).json()
      const post = (body: object) =>
        call(alice, 'POST', '/api/attributes', { activityId: activity.id, ...body })
      const weight = (
        await post({ type: 'number', name: 'Weight', min: 0, max: 300, unit: 'kg' })
      ).json()
      expect(weight).toMatchObject({
        type: 'number',
        valueType: 'integer',
        unit: 'kg',
        min: 0,
        max: 300,
        required: false,
      })
      const mood = (await post({ type: 'rating', required: true })).json()
      expect(mood).toMatchObject({ min: 1, max: 5, name: '' })
      const kind2 = (
        await post({ type: 'select', name: 'Kind', options: ['squat', 'bench', 'squat'] })
      ).json()
      expect(kind2.options).toEqual(['squat', 'bench'])
      const noName = await post({ type: 'text' })
      expect(noName.json().error.fields.name).toBe('Name is required.')
      const badRange = await post({ type: 'number', name: 'n', min: 5, max: 1 })
      expect(badRange.json().error.fields).toHaveProperty('max')
      const badType = await post({ type: 'colour', name: 'x' })
      expect(badType.statusCode).toBe(400)

      expect(
        (await call(alice, 'GET', `/api/activities/${activity.id}`)).json().attributes,
      ).toEqual([weight.id, mood.id, kind2.id])

      const event = (value: object, date = '2026-03-01T08:00:00.000Z') =>
        call(alice, 'POST', '/api/events', {
          activityId: activity.id,
          eventDate: date,
          attributes: value,
        })
      const ok = await event({ [weight.id]: 100, [mood.id]: 4, [kind2.id]: 'squat' })
      expect(ok.statusCode).toBe(201)
      expect(ok.json()).toMatchObject({
        activityId: activity.id,
        eventDate: '2026-03-01T08:00:00.000Z',
      })

      const bad = await event({ [weight.id]: 301, [mood.id]: 6, [kind2.id]: 'deadlift', nope: 1 })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().error.fields).toEqual({
        [`attributes.${weight.id}`]: 'Must be at most 300.',
        [`attributes.${mood.id}`]: 'Must be between 1 and 5.',
        [`attributes.${kind2.id}`]: 'Must be one of the options.',
        'attributes.nope': 'Not an attribute of this activity.',
      })
      const missing = await event({ [weight.id]: 1.5 })
      expect(missing.json().error.fields).toEqual({
        [`attributes.${weight.id}`]: 'Must be a whole number.',
        [`attributes.${mood.id}`]: 'Required.',
      })
      const day = await event({ [mood.id]: 3 }, '2026-03-02')
      expect(day.json().eventDate).toBe('2026-03-02T12:00:00.000Z')
      const badDate = await event({ [mood.id]: 3 }, 'yesterday')
      expect(badDate.json().error.fields).toHaveProperty('eventDate')

      // PUT merges: only the date changes, the values stay and are re-checked.
      const moved = await call(alice, 'PUT', `/api/events/${ok.json().id}`, {
        eventDate: '2026-03-03T08:00:00.000Z',
      })
      expect(moved.statusCode).toBe(200)
      expect(moved.json().attributes).toEqual({
        [weight.id]: 100,
        [mood.id]: 4,
        [kind2.id]: 'squat',
      })

      // Deleting an attribute takes it out of the activity and out of validation.
      expect((await call(alice, 'DELETE', `/api/attributes/${mood.id}`)).statusCode).toBe(204)
      expect(
        (await call(alice, 'GET', `/api/activities/${activity.id}`)).json().attributes,
      ).toEqual([weight.id, kind2.id])
      expect((await event({})).statusCode).toBe(201)
      const renamed = await call(alice, 'PUT', `/api/attributes/${weight.id}`, { name: 'Load' })
      expect(renamed.json()).toMatchObject({ name: 'Load', unit: 'kg', max: 300 })
      expect(
        (await call(alice, 'GET', '/api/attributes')).json().map((a: { id: string }) => a.id),
      ).not.toContain(mood.id)

      // Events of a deleted activity cannot be written.
      await call(alice, 'DELETE', `/api/activities/${activity.id}`)
      const dead = await event({})
      expect(dead.statusCode).toBe(400)
      expect(dead.json().error.fields).toHaveProperty('activityId')
    })

    it('deletes the attributes of a deleted activity: 404 by id, on PUT and gone from lists', async () => {
      const activity = (await call(alice, 'POST', '/api/activities', { name: 'Doomed' })).json()
      const post = (name: string) =>
        call(alice, 'POST', '/api/attributes', { activityId: activity.id, type: 'text', name })
      const note = (await post('Note')).json()
      const legacy = (await post('Legacy')).json()
      expect((await call(alice, 'DELETE', `/api/activities/${activity.id}`)).statusCode).toBe(204)
      const stored = await app.database.db
        .select({ id: attributes.id, deletedAt: attributes.deletedAt })
        .from(attributes)
        .where(eq(attributes.activityId, activity.id))
      expect(stored.every((row) => row.deletedAt !== null)).toBe(true)
      // A row left live by an older server (deleted before this fix) is hidden all the same.
      await app.database.db
        .update(attributes)
        .set({ deletedAt: null })
        .where(eq(attributes.id, legacy.id))
      for (const attribute of [note, legacy]) {
        const url = `/api/attributes/${attribute.id}`
        expect((await call(alice, 'GET', url)).statusCode).toBe(404)
        expect((await call(alice, 'PUT', url, { name: 'Edited' })).statusCode).toBe(404)
        expect((await call(alice, 'DELETE', url)).statusCode).toBe(404)
      }
      const listed = (await call(alice, 'GET', '/api/attributes')).json() as { id: string }[]
      expect(listed.map((a) => a.id)).not.toContain(note.id)
      expect(listed.map((a) => a.id)).not.toContain(legacy.id)
      const [renamed] = await app.database.db
        .select({ name: attributes.name })
        .from(attributes)
        .where(eq(attributes.id, legacy.id))
      expect(renamed?.name).toBe('Legacy')
    })

    it('filters, pages and counts events', async () => {
      const run = (await call(bob, 'POST', '/api/activities', { name: 'Run' })).json()
      const swim = (await call(bob, 'POST', '/api/activities', { name: 'Swim' })).json()
      const dates = Array.from({ length: 7 }, (_, i) => `2026-05-0${i + 1}T07:00:00.000Z`)
      for (const date of dates) {
        expect(
          (await call(bob, 'POST', '/api/events', { activityId: run.id, eventDate: date }))
            .statusCode,
        ).toBe(201)
      }
      // Two events at the same instant: the id breaks the tie.
      await call(bob, 'POST', '/api/events', { activityId: swim.id, eventDate: dates[3] })
      const all = (await call(bob, 'GET', '/api/events')).json() as {
        id: string
        eventDate: string
      }[]
      expect(all).toHaveLength(8)
      expect(all[0]?.eventDate).toBe(dates[6])

      const pages: string[] = []
      let before: string | undefined
      for (;;) {
        const url: string = `/api/events?limit=3${before ? `&before=${encodeURIComponent(before)}` : ''}`
        const page = await call(bob, 'GET', url)
        const items = page.json() as { id: string }[]
        pages.push(...items.map((item) => item.id))
        before = page.headers['x-next-before'] as string | undefined
        if (!before) break
      }
      expect(pages).toEqual(all.map((item) => item.id))

      const ranged = (
        await call(bob, 'GET', `/api/events?activityId=${run.id}&from=${dates[1]}&to=${dates[4]}`)
      ).json() as { eventDate: string }[]
      expect(ranged.map((item) => item.eventDate)).toEqual([dates[3], dates[2], dates[1]])
      expect((await call(bob, 'GET', '/api/events?limit=1001')).statusCode).toBe(400)
      const badFrom = await call(bob, 'GET', '/api/events?from=monday')
      expect(badFrom.statusCode).toBe(400)
      expect(badFrom.json().error.fields).toHaveProperty('from')

      const victim = all.find((item) => item.eventDate === dates[0])
      await call(bob, 'DELETE', `/api/events/${victim?.id}`)
      const counts = (await call(bob, 'GET', '/api/events/counts/activity')).json() as {
        activityId: string
        count: number
        lastEventAt: string
      }[]
      expect(counts.sort((x, y) => y.count - x.count)).toEqual([
        { activityId: run.id, count: 6, lastEventAt: dates[6] },
        { activityId: swim.id, count: 1, lastEventAt: dates[3] },
      ])
      expect((await call(bob, 'GET', `/api/events/${victim?.id}`)).statusCode).toBe(404)
    })

    it('keeps the counts equal to the live events through moves, edits and deletes', async () => {
      const user = await signUp(app, smtp, `dave-${kind}@example.com`)
      const create = async (name: string): Promise<string> =>
        (await call(user, 'POST', '/api/activities', { name })).json().id
      const a = await create('Count A')
      const b = await create('Count B')
      const ids: string[] = []
      for (let i = 0; i < 6; i += 1) {
        const body = { activityId: i % 2 ? b : a, eventDate: `2026-03-0${i + 1}T09:00:00.000Z` }
        ids.push((await call(user, 'POST', '/api/events', body)).json().id)
      }
      const counts = async () =>
        Object.fromEntries(
          (
            (await call(user, 'GET', '/api/events/counts/activity')).json() as {
              activityId: string
              count: number
              lastEventAt: string
            }[]
          ).map((row) => [row.activityId, [row.count, row.lastEventAt]]),
        )
      expect(await counts()).toEqual({
        [a]: [3, '2026-03-05T09:00:00.000Z'],
        [b]: [3, '2026-03-06T09:00:00.000Z'],
      })
      // Moving the latest B event to A; editing only the date of another changes no count.
      await call(user, 'PUT', `/api/events/${ids[5]}`, { activityId: a })
      await call(user, 'PUT', `/api/events/${ids[1]}`, { eventDate: '2026-03-10T09:00:00.000Z' })
      expect(await counts()).toEqual({
        [a]: [4, '2026-03-06T09:00:00.000Z'],
        [b]: [2, '2026-03-10T09:00:00.000Z'],
      })
      // Deleting every B event drops it from the counts; a deleted event is not deleted twice.
      for (const id of [ids[1], ids[3], ids[3]]) await call(user, 'DELETE', `/api/events/${id}`)
      expect(await counts()).toEqual({ [a]: [4, '2026-03-06T09:00:00.000Z'] })
    })

    it('answers every event without limit (never truncated), and pages with one', async () => {
      const walk = (await call(bob, 'POST', '/api/activities', { name: 'Walk' })).json()
      const total = EVENTS_PAGE_MAX + 5
      const start = Date.parse('2020-01-01T08:00:00.000Z')
      await app.database.db.insert(events).values(
        Array.from({ length: total }, (_, i) => ({
          id: crypto.randomUUID(),
          author: walk.author as string,
          activityId: walk.id as string,
          eventDate: new Date(start + i * 3_600_000),
          attributes: {},
          createdAt: new Date(),
        })),
      )
      const all = await call(bob, 'GET', `/api/events?activityId=${walk.id}`)
      expect(all.statusCode).toBe(200)
      expect(all.json()).toHaveLength(total)
      expect(all.headers['x-next-before']).toBeUndefined()
      expect(all.headers['content-encoding']).toBeUndefined()

      // The same large list compressed on request: brotli preferred, gzip when that is all.
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const packed = await app.inject({
          method: 'GET',
          url: `/api/events?activityId=${walk.id}`,
          headers: { authorization: `Bearer ${bob.token}`, 'accept-encoding': accept },
        })
        expect(packed.statusCode).toBe(200)
        expect(packed.headers['content-encoding']).toBe(encoding)
        expect(packed.headers.vary).toMatch(/accept-encoding/i)
        expect(packed.rawPayload.length).toBeLessThan(all.rawPayload.length / 4)
        expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(all.json())
      }

      // The list reads use the ascending partial indexes (scanned backward for newest first).
      const indexes = await app.database.db.execute(
        sql`select indexname from pg_indexes where tablename = 'events' order by indexname`,
      )
      const { rows } = indexes as { rows: { indexname: string }[] } // both drivers' result shape
      expect(rows.map((row) => row.indexname)).toEqual([
        'events_author_activity_date_asc_idx',
        'events_author_date_asc_idx',
        'events_author_seq_idx', // the change feed's (issue 13)
        'events_pkey',
      ])
      const first = await call(
        bob,
        'GET',
        `/api/events?activityId=${walk.id}&limit=${EVENTS_PAGE_MAX}`,
      )
      expect(first.json()).toHaveLength(EVENTS_PAGE_MAX)
      const before = first.headers['x-next-before'] as string
      expect(before).toBeTruthy()
      const rest = await call(
        bob,
        'GET',
        `/api/events?activityId=${walk.id}&limit=${EVENTS_PAGE_MAX}&before=${encodeURIComponent(before)}`,
      )
      expect(rest.json()).toHaveLength(5)
      expect(rest.headers['x-next-before']).toBeUndefined()
    })
  })

  describe.skipIf(skip)('goals', () => {
    it('creates, merges and deletes goals', async () => {
      const activity = (await call(alice, 'POST', '/api/activities', { name: 'Read' })).json()
      const goal = await call(alice, 'POST', '/api/goals', {
        activityId: activity.id,
        cadence: 'Weekly',
      })
      expect(goal.statusCode).toBe(201)
      expect(goal.json()).toMatchObject({ activityId: activity.id, cadence: 'Weekly' })
      const bad = await call(alice, 'POST', '/api/goals', {
        activityId: activity.id,
        cadence: 'Yearly',
      })
      expect(bad.json().error.fields).toHaveProperty('cadence')
      const merged = await call(alice, 'PUT', `/api/goals/${goal.json().id}`, {
        cadence: 'Monthly',
      })
      expect(merged.json()).toMatchObject({ activityId: activity.id, cadence: 'Monthly' })
      expect((await call(alice, 'DELETE', `/api/goals/${goal.json().id}`)).statusCode).toBe(204)
      const list = (await call(alice, 'GET', '/api/goals')).json() as { id: string }[]
      expect(list.map((item) => item.id)).not.toContain(goal.json().id)
    })
  })

  describe.skipIf(skip)('tokens and documents', () => {
    it('a token issued before verification is refused, a fresh one after verification works', async () => {
      const dave = await signUp(app, smtp, `dave-${crypto.randomUUID()}@example.com`, false)
      // Verified afterwards: the token from before still says unverified and stays refused.
      const link = new URL(verificationLink((await smtp.waitFor(dave.email)).raw))
      const verified = await app.inject({ method: 'GET', url: link.pathname + link.search })
      expect(verified.statusCode).toBeLessThan(400)
      const early = await call(dave, 'GET', '/api/goals')
      expect(early.statusCode).toBe(403)
      expect(early.json().error.code).toBe('email-not-verified')
      const cookie = cookieHeader(verified.headers['set-cookie']) || dave.cookie
      const fresh = await idToken(app, cookie)
      expect((await call({ ...dave, token: fresh }, 'GET', '/api/goals')).statusCode).toBe(200)
    })

    it('serves the OpenAPI document and health', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json()
      expect(doc.openapi).toMatch(/^3\./)
      const ids = Object.values(
        doc.paths as Record<string, Record<string, { operationId: string }>>,
      ).flatMap((path) => Object.values(path).map((operation) => operation.operationId))
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids).toEqual(
        expect.arrayContaining([
          'listEvents',
          'signUpEmail',
          'getIdToken',
          'countEventsByActivity',
        ]),
      )
      const same = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json()
      expect(same.paths).toEqual(doc.paths)
      const health = await app.inject({ method: 'GET', url: '/api/health' })
      expect(health.json()).toEqual({ status: 'ok', database: kind })
    })

    it.runIf(kind === 'postgres')(
      'keeps serving after PostgreSQL ends its connections (as on a database restart)',
      async () => {
        // Fill the pool with idle connections, then have the server terminate every one of them.
        await Promise.all(Array.from({ length: 5 }, () => call(alice, 'GET', '/api/activities')))
        const terminated = await terminateConnections(backend.databaseUrl as string)
        expect(terminated).toBeGreaterThan(0)
        // A request that meets a connection just cut is told to retry (503), never a 500; the
        // pool replaces the dead connections by itself.
        const statuses: number[] = []
        for (let attempt = 0; attempt < 20 && statuses.at(-1) !== 200; attempt += 1) {
          statuses.push((await call(alice, 'GET', '/api/activities')).statusCode)
        }
        expect(statuses.at(-1)).toBe(200)
        expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([])
        const health = await app.inject({ method: 'GET', url: '/api/health' })
        expect(health.json()).toEqual({ status: 'ok', database: kind })
      },
    )
  })
})
