import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  createBackend,
  nextIp,
  ORIGIN,
  PASSWORD,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
} from './test/harness'

/*
 * Issue 53: the public facts of a server, its admin, the sign-up policy and invitations.
 */

type Smtp = Awaited<ReturnType<typeof startSmtp>>
type Backend = Awaited<ReturnType<typeof createBackend>>

const DAY_MS = 24 * 60 * 60 * 1000

function as(app: App, user: TestUser | null) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(payload ? { payload } : {}),
    })
}

/** A sign-up as a client sends it, with an invitation when given. */
function signUpRequest(app: App, email: string, invitation?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: ORIGIN,
    remoteAddress: nextIp(),
    payload: { email, password: PASSWORD, ...(invitation ? { invitation } : {}) },
  })
}

const invitationOf = (url: string) => new URL(url).searchParams.get('invitation') as string

describe('a server for a household', () => {
  let smtp: Smtp
  let backend: Backend
  let app: App
  let now = new Date('2026-11-29T10:00:00Z')
  let admin: TestUser
  let member: TestUser

  beforeAll(async () => {
    smtp = await startSmtp()
    backend = await createBackend('pglite')
    // The clock of invitations: moved forward to expire one.
    app = await startApp(backend, smtp.url, {}, { clock: () => now })
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await smtp?.close()
    await backend?.drop()
  })

  it('says what it is to anyone: a Kindling server, its version, open sign-up, password sign-in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/instance' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      product: 'kindling',
      name: 'Kindling',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      apiVersion: 1,
      signUpPolicy: 'open',
      signInMethods: ['password'],
      oidc: null,
    })
    // The native shells ask from their own origins.
    const fromShell = await app.inject({
      method: 'GET',
      url: '/api/instance',
      headers: { origin: 'capacitor://localhost' },
    })
    expect(fromShell.headers['access-control-allow-origin']).toBe('capacitor://localhost')
  })

  it('makes the first account its admin; a second account gets 403 and no data on every admin route', async () => {
    admin = await signUp(app, smtp, 'first@example.com')
    member = await signUp(app, smtp, 'second@example.com')
    const listed = await as(app, admin)('GET', '/api/admin/users')
    expect(listed.statusCode).toBe(200)
    expect(
      listed
        .json()
        .users.map((user: { email: string; admin: boolean }) => [user.email, user.admin]),
    ).toEqual([
      ['first@example.com', true],
      ['second@example.com', false],
    ])

    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    const adminOperations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ path, method })))
    expect(adminOperations.length).toBeGreaterThanOrEqual(10)
    for (const { path, method } of adminOperations) {
      const url = path.replace('{id}', crypto.randomUUID())
      const verb = method.toUpperCase() as 'GET'
      const body = verb === 'GET' || verb === 'DELETE' ? undefined : {}
      const refused = await as(app, member)(verb, url, body)
      expect(refused.statusCode, `${verb} ${path}`).toBe(403)
      expect(refused.json(), `${verb} ${path}`).toEqual({
        error: { code: 'not-admin', message: expect.any(String) },
      })
      const anonymous = await as(app, null)(verb, url, body)
      expect(anonymous.statusCode, `${verb} ${path}`).toBe(401)
    }
  })

  it("lists each account's facts: verified, created, last active, its events", async () => {
    const call = as(app, member)
    const activity = (await call('POST', '/api/activities', { name: 'Read' })).json()
    for (let day = 1; day <= 2; day++) {
      const created = await call('POST', '/api/events', {
        activityId: activity.id,
        eventDate: `2026-11-0${day}T08:00:00.000Z`,
      })
      expect(created.statusCode).toBe(201)
    }
    const users = (await as(app, admin)('GET', '/api/admin/users')).json().users
    expect(users[1]).toEqual({
      id: expect.any(String),
      email: 'second@example.com',
      name: '',
      emailVerified: true,
      createdAt: expect.any(String),
      lastActiveAt: expect.any(String),
      events: 2,
      disabled: false,
      admin: false,
    })
  })

  it('tells the facts of the server and sends a test e-mail to the admin', async () => {
    const facts = await as(app, admin)('GET', '/api/admin/instance')
    expect(facts.json()).toMatchObject({
      apiVersion: 1,
      database: 'pglite',
      mail: { kind: 'smtp' },
      signUpPolicy: 'open',
      signUpPolicyLocked: false,
      oidc: null,
      users: 2,
    })
    const sent = await as(app, admin)('POST', '/api/admin/test-email', {})
    expect(sent.json()).toEqual({ to: 'first@example.com', kind: 'smtp' })
    const mail = await smtp.waitFor('first@example.com')
    expect(smtp.mails.some((m) => m.raw.includes('Kindling test e-mail'))).toBe(true)
    expect(mail).toBeDefined()
  })

  it("mails an account a password reset link on the admin's word", async () => {
    const users = (await as(app, admin)('GET', '/api/admin/users')).json().users
    const before = smtp.mails.length
    const sent = await as(app, admin)('POST', `/api/admin/users/${users[1].id}/password-reset`)
    expect(sent.statusCode).toBe(200)
    await expect
      .poll(() => smtp.mails.slice(before).find((m) => m.to === 'second@example.com')?.raw ?? '')
      .toContain('/reset-password?token=')
  })

  it("with 'Closed', refuses every sign-up with 403 and stores no account", async () => {
    const set = await as(app, admin)('PUT', '/api/admin/sign-up-policy', { policy: 'closed' })
    expect(set.json()).toMatchObject({ signUpPolicy: 'closed' })
    expect((await app.inject('/api/instance')).json().signUpPolicy).toBe('closed')
    const refused = await signUpRequest(app, 'stranger@example.com')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      code: 'SIGN_UP_CLOSED',
      message: 'This server does not take new accounts.',
    })
    const emails = (await as(app, admin)('GET', '/api/admin/users'))
      .json()
      .users.map((user: { email: string }) => user.email)
    expect(emails).not.toContain('stranger@example.com')
    const bad = await as(app, admin)('PUT', '/api/admin/sign-up-policy', { policy: 'sometimes' })
    expect(bad.statusCode).toBe(400)
  })

  it("with 'Invite only', takes an account only through an invitation, once", async () => {
    await as(app, admin)('PUT', '/api/admin/sign-up-policy', { policy: 'invite-only' })
    const without = await signUpRequest(app, 'uninvited@example.com')
    expect(without.statusCode).toBe(403)
    expect(without.json()).toMatchObject({ code: 'INVITATION_REQUIRED' })

    const created = await as(app, admin)('POST', '/api/admin/invitations', {})
    expect(created.statusCode).toBe(201)
    const invitation = created.json()
    expect(invitation).toMatchObject({ email: null, status: 'pending', sent: false })
    expect(Date.parse(invitation.expiresAt) - now.getTime()).toBe(7 * DAY_MS)
    expect(invitation.url).toMatch(/^http:\/\/localhost:3000\/create-account\?invitation=/)
    const token = invitationOf(invitation.url)
    expect((await app.inject(`/api/invitations/${token}`)).json()).toMatchObject({
      status: 'valid',
      email: null,
    })

    const accepted = await signUpRequest(app, 'guest@example.com', token)
    expect(accepted.statusCode).toBe(200)
    // Sign-up through it skips nothing else: the e-mail is still to be verified.
    expect(accepted.json().user.emailVerified).toBe(false)
    await smtp.waitFor('guest@example.com')

    const again = await signUpRequest(app, 'second-guest@example.com', token)
    expect(again.statusCode).toBe(403)
    expect(again.json()).toMatchObject({ code: 'INVITATION_USED' })
    expect((await app.inject(`/api/invitations/${token}`)).json().status).toBe('used')
    const unknown = await signUpRequest(app, 'third-guest@example.com', 'not-a-real-invitation')
    expect(unknown.json()).toMatchObject({ code: 'INVITATION_INVALID' })
  })

  it('binds an invitation to its address, which it then vouches for (no verification mail)', async () => {
    const created = await as(app, admin)('POST', '/api/admin/invitations', {
      email: 'Grandma@Example.com',
      send: true,
    })
    expect(created.json()).toMatchObject({ email: 'grandma@example.com', sent: true })
    const mailed = await smtp.waitFor('grandma@example.com')
    const token = invitationOf(created.json().url)
    expect(mailed.raw.replace(/=\r?\n/g, '')).toContain(`invitation=3D${token}`)

    const other = await signUpRequest(app, 'cousin@example.com', token)
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ code: 'INVITATION_FOR_ANOTHER_EMAIL' })

    const before = smtp.mails.length
    const accepted = await signUpRequest(app, 'grandma@example.com', token)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json().user.emailVerified).toBe(true)
    expect(smtp.mails.slice(before).filter((m) => m.to === 'grandma@example.com')).toEqual([])
  })

  it('lets an invitation expire after 7 days, and the admin withdraw one', async () => {
    const created = (await as(app, admin)('POST', '/api/admin/invitations', {})).json()
    const withdrawn = (await as(app, admin)('POST', '/api/admin/invitations', {})).json()
    expect(
      (await as(app, admin)('DELETE', `/api/admin/invitations/${withdrawn.id}`)).statusCode,
    ).toBe(204)
    const gone = await signUpRequest(app, 'late@example.com', invitationOf(withdrawn.url))
    expect(gone.json()).toMatchObject({ code: 'INVITATION_INVALID' })

    now = new Date(now.getTime() + 7 * DAY_MS + 60_000)
    const late = await signUpRequest(app, 'late@example.com', invitationOf(created.url))
    expect(late.statusCode).toBe(403)
    expect(late.json()).toMatchObject({ code: 'INVITATION_EXPIRED' })
    const listed = (await as(app, admin)('GET', '/api/admin/invitations')).json().invitations
    expect(listed.find((item: { id: string }) => item.id === created.id)?.status).toBe('expired')
    expect(listed.filter((item: { status: string }) => item.status === 'used')).toHaveLength(2)
  })
})

describe('SIGNUP_POLICY and ADMIN_EMAILS', () => {
  let smtp: Smtp
  let backend: Backend
  let app: App

  beforeAll(async () => {
    smtp = await startSmtp()
    backend = await createBackend('pglite')
    app = await startApp(backend, smtp.url, {
      SIGNUP_POLICY: 'closed',
      ADMIN_EMAILS: 'Owner@example.com, other-owner@example.com',
    })
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await smtp?.close()
    await backend?.drop()
  })

  it('lets only the listed admins sign up while closed, and keeps the policy locked', async () => {
    const stranger = await signUpRequest(app, 'first-comer@example.com')
    expect(stranger.json()).toMatchObject({ code: 'SIGN_UP_CLOSED' })
    const owner = await signUp(app, smtp, 'owner@example.com')
    const call = as(app, owner)
    const facts = await call('GET', '/api/admin/instance')
    expect(facts.json()).toMatchObject({ signUpPolicy: 'closed', signUpPolicyLocked: true })
    const change = await call('PUT', '/api/admin/sign-up-policy', { policy: 'open' })
    expect(change.statusCode).toBe(400)
    expect(change.json().error.code).toBe('policy-locked')
    expect((await app.inject('/api/instance')).json().signUpPolicy).toBe('closed')
  })
})
