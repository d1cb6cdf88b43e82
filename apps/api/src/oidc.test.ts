import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { NATIVE_SIGN_IN_RETURN_URL } from '@kindling/core'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { eq } from 'drizzle-orm'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import { NATIVE_CODE_LIFETIME_MS } from './auth/native-sign-in'
import { session as sessions, user as users } from './db/schema'
import {
  cookieHeader,
  createBackend,
  nextIp,
  ORIGIN,
  PUBLIC_URL,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
} from './test/harness'

/*
 * Single sign-on (issue 53) against a real OpenID Connect provider (`oidc-provider`) on
 * 127.0.0.1: the whole authorization code flow as a browser makes it, redirects and cookies.
 */

interface Person {
  sub: string
  email: string
  emailVerified: boolean
  name?: string
}

/** Who signs in at the provider next (its login page, answered by the test). */
let signingIn: Person | undefined
const people = new Map<string, Person>()

async function startProvider(): Promise<{ issuer: string; server: Server }> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'kindling',
        client_secret: 'a client secret of the test',
        redirect_uris: [`${PUBLIC_URL}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: unknown, id: string) => {
      const person = people.get(id)
      if (!person) return undefined
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: person.email,
          email_verified: person.emailVerified,
          name: person.name ?? '',
        }),
      }
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: ['cookie key of the test provider'] },
    pkce: { required: () => true },
  })
  // The provider's login and consent pages: the person signs in and agrees at once.
  const interaction = async (request: IncomingMessage, response: ServerResponse) => {
    const details = await provider.interactionDetails(request, response)
    if (details.prompt.name === 'login') {
      if (!signingIn) throw new Error('nobody to sign in')
      people.set(signingIn.sub, signingIn)
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: signingIn.sub } },
        { mergeWithLastSubmission: false },
      )
      return
    }
    const grant = new provider.Grant({
      accountId: String(details.session?.accountId),
      clientId: String(details.params.client_id),
    })
    grant.addOIDCScope(String(details.params.scope))
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    )
  }
  const callback = provider.callback()
  server.on('request', (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 500
        response.end(String(error))
      })
      return
    }
    callback(request, response)
  })
  return { issuer, server }
}

/** A browser's cookie jar for one origin (name=value pairs). */
function keepCookies(jar: Map<string, string>, setCookie: string | string[] | null | undefined) {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  for (const cookie of list) {
    const [pair] = cookie.split(';')
    const at = pair?.indexOf('=') ?? -1
    if (!pair || at < 0) continue
    const name = pair.slice(0, at).trim()
    const value = pair.slice(at + 1)
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') jar.delete(name)
    else jar.set(name, value)
  }
}
const cookiesOf = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

interface Landing {
  /** Where Kindling's callback sent the browser. */
  location: string
  /** Kindling's cookies afterwards (the session when signed in). */
  cookie: string
}

/**
 * Signs `person` in with the provider as a browser does: the app starts the sign-in, the
 * browser follows the provider's redirects (login, consent), then comes back to the callback.
 * `tamper` may change the callback's URL (a wrong state).
 */
async function singleSignOn(
  app: App,
  person: Person,
  options: { invitation?: string; tamper?: (url: URL) => void } = {},
): Promise<Landing> {
  signingIn = person
  const kindling = new Map<string, string>()
  const started = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: ORIGIN,
    remoteAddress: nextIp(),
    payload: {
      provider: 'oidc',
      callbackURL: '/',
      newUserCallbackURL: '/welcome',
      errorCallbackURL: '/signin',
      ...(options.invitation ? { additionalData: { invitation: options.invitation } } : {}),
    },
  })
  expect(started.statusCode, started.body).toBe(200)
  keepCookies(kindling, started.headers['set-cookie'])
  const authorize = new URL(started.json().url)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('state')).toBeTruthy()
  expect(authorize.searchParams.get('nonce')).toBeTruthy()

  const atProvider = new Map<string, string>()
  let next = authorize.toString()
  for (let hop = 0; hop < 20; hop++) {
    if (next.startsWith(PUBLIC_URL)) {
      const url = new URL(next)
      options.tamper?.(url)
      const back = await app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        headers: { cookie: cookiesOf(kindling) },
      })
      expect(back.statusCode, back.body).toBe(302)
      keepCookies(kindling, back.headers['set-cookie'])
      return { location: String(back.headers.location), cookie: cookiesOf(kindling) }
    }
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: cookiesOf(atProvider) },
    })
    keepCookies(atProvider, response.headers.getSetCookie())
    const location = response.headers.get('location')
    if (!location) throw new Error(`the provider stopped at ${next}: ${await response.text()}`)
    next = new URL(location, next).toString()
  }
  throw new Error('too many redirects')
}

/** The native app's side of a sign-in: its verifier, kept, and the challenge it sends. */
function appVerifier() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The native shells' origin: the exchange is the app's own cross-origin request. */
const APP_ORIGIN = { origin: 'capacitor://localhost' }

/**
 * Signs `person` in from the native app: the system browser (a cookie jar of its own) opens the
 * start route, follows the provider, the callback and the return until the app's URL scheme.
 * Answers that URL and the browser's Kindling cookies afterwards.
 */
async function nativeSingleSignOn(
  app: App,
  person: Person,
  options: { challenge: string; invitation?: string },
): Promise<{ back: URL; browserCookie: string }> {
  signingIn = person
  const browser = new Map<string, string>()
  const atProvider = new Map<string, string>()
  const query = new URLSearchParams({ provider: 'oidc', challenge: options.challenge })
  if (options.invitation) query.set('invitation', options.invitation)
  let next = `${PUBLIC_URL}/api/auth/native/start?${query}`
  const ip = nextIp()
  for (let hop = 0; hop < 20; hop++) {
    if (next.startsWith(NATIVE_SIGN_IN_RETURN_URL)) {
      return { back: new URL(next), browserCookie: cookiesOf(browser) }
    }
    if (next.startsWith(PUBLIC_URL)) {
      const url = new URL(next)
      const response = await app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        headers: { cookie: cookiesOf(browser) },
        remoteAddress: ip,
      })
      expect(response.statusCode, response.body).toBe(302)
      keepCookies(browser, response.headers['set-cookie'])
      next = new URL(String(response.headers.location), next).toString()
      continue
    }
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: cookiesOf(atProvider) },
    })
    keepCookies(atProvider, response.headers.getSetCookie())
    const location = response.headers.get('location')
    if (!location) throw new Error(`the provider stopped at ${next}: ${await response.text()}`)
    next = new URL(location, next).toString()
  }
  throw new Error('too many redirects')
}

/** The app trades the code of its return URL and its verifier (as the shells do: no cookie). */
function tradeCode(app: App, code: string | null, verifier: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/native/token',
    headers: APP_ORIGIN,
    remoteAddress: nextIp(),
    payload: { code, verifier },
  })
}

async function sessionUser(app: App, cookie: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie },
  })
  return (response.json() as { user: { id: string; email: string; emailVerified: boolean } } | null)
    ?.user
}

describe('single sign-on with an OpenID Connect provider', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  let provider: Server
  let app: App
  let admin: TestUser
  /** How far the server's clock runs ahead of the real one (code expiry). */
  let clockAhead = 0

  async function sessionsOf(email: string) {
    const db = app.database.db
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (!account) return 0
    return (await db.select().from(sessions).where(eq(sessions.userId, account.id))).length
  }

  beforeAll(async () => {
    const started = await startProvider()
    provider = started.server
    smtp = await startSmtp()
    backend = await createBackend('pglite')
    app = await startApp(
      backend,
      smtp.url,
      {
        OIDC_ISSUER: started.issuer,
        OIDC_CLIENT_ID: 'kindling',
        OIDC_CLIENT_SECRET: 'a client secret of the test',
        OIDC_BUTTON: 'Sign in with Authentik',
      },
      { clock: () => new Date(Date.now() + clockAhead) },
    )
    admin = await signUp(app, smtp, 'admin@example.com')
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    await smtp?.close()
    await backend?.drop()
    provider?.close()
  })

  it('offers the button on the public facts', async () => {
    const instance = (await app.inject('/api/instance')).json()
    expect(instance.signInMethods).toEqual(['password', 'oidc'])
    expect(instance.oidc).toEqual({ providerId: 'oidc', button: 'Sign in with Authentik' })
  })

  it('creates an account on a first sign-in, with the e-mail verified as the provider says', async () => {
    const person = { sub: 'ada', email: 'ada@example.com', emailVerified: true, name: 'Ada' }
    const first = await singleSignOn(app, person)
    expect(first.location).toBe('/welcome')
    const user = await sessionUser(app, first.cookie)
    expect(user).toMatchObject({ email: 'ada@example.com', emailVerified: true })
    // The data API takes it like any session's.
    const token = await app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie: first.cookie },
    })
    const activities = await app.inject({
      method: 'GET',
      url: '/api/activities',
      headers: { authorization: `Bearer ${token.json().token}` },
    })
    expect(activities.statusCode).toBe(200)

    const again = await singleSignOn(app, person)
    expect(again.location).toBe('/')
    expect((await sessionUser(app, again.cookie))?.id).toBe(user?.id)
  })

  it('takes an unverified e-mail as unverified on a new account', async () => {
    const landing = await singleSignOn(app, {
      sub: 'bob',
      email: 'bob@example.com',
      emailVerified: false,
    })
    expect(landing.location).toBe('/welcome')
    expect(await sessionUser(app, landing.cookie)).toMatchObject({ emailVerified: false })
  })

  it('links an existing account through a verified e-mail only', async () => {
    const existing = await signUp(app, smtp, 'carol@example.com')
    const own = await sessionUser(app, existing.cookie)

    const unverified = await singleSignOn(app, {
      sub: 'carol-unverified',
      email: 'carol@example.com',
      emailVerified: false,
    })
    expect(unverified.location).toMatch(/^\/signin\?error=account_not_linked/)
    expect(await sessionUser(app, unverified.cookie)).toBeUndefined()

    const verified = await singleSignOn(app, {
      sub: 'carol',
      email: 'carol@example.com',
      emailVerified: true,
    })
    expect(verified.location).toBe('/')
    expect((await sessionUser(app, verified.cookie))?.id).toBe(own?.id)
  })

  it('refuses a callback whose state is not the one it started with', async () => {
    const landing = await singleSignOn(
      app,
      { sub: 'dora', email: 'dora@example.com', emailVerified: true },
      {
        tamper: (url) => url.searchParams.set('state', `${url.searchParams.get('state') ?? ''}x`),
      },
    )
    expect(landing.location).toMatch(
      /^(http:\/\/localhost:3000)?\/signin\?error=(state_mismatch|state_not_found)/,
    )
    expect(await sessionUser(app, landing.cookie)).toBeUndefined()
  })

  it('signs in from the native app: system browser, a one-time code back to the app, a bearer session', async () => {
    const { verifier, challenge } = appVerifier()
    const person = { sub: 'gus', email: 'gus@example.com', emailVerified: true, name: 'Gus' }
    const { back, browserCookie } = await nativeSingleSignOn(app, person, { challenge })
    expect(back.searchParams.get('error')).toBeNull()
    const code = back.searchParams.get('code')
    expect(code).toMatch(/^[\w-]{43}$/)
    // The browser carried the sign-in only: it is not left signed in.
    expect(await sessionUser(app, browserCookie)).toBeUndefined()
    expect(await sessionsOf('gus@example.com')).toBe(0)

    const traded = await tradeCode(app, code, verifier)
    expect(traded.statusCode, traded.body).toBe(200)
    const bearer = String(traded.headers['set-auth-token'])
    expect(traded.json()).toMatchObject({
      token: bearer,
      user: { email: 'gus@example.com', emailVerified: true, name: 'Gus' },
    })
    expect(String(traded.headers['access-control-expose-headers'])).toContain('set-auth-token')

    // The app's session is a native one: its token as Bearer on the auth routes, and the id
    // token it gives on the data API.
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { ...APP_ORIGIN, authorization: `Bearer ${bearer}` },
    })
    expect(session.json()?.user.email).toBe('gus@example.com')
    const token = await app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { ...APP_ORIGIN, authorization: `Bearer ${bearer}` },
    })
    expect(token.statusCode).toBe(200)
    const activities = await app.inject({
      method: 'GET',
      url: '/api/activities',
      headers: { ...APP_ORIGIN, authorization: `Bearer ${token.json().token}` },
    })
    expect(activities.statusCode).toBe(200)

    // Single use.
    const again = await tradeCode(app, code, verifier)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ code: 'SIGN_IN_CODE_INVALID' })
    expect(await sessionsOf('gus@example.com')).toBe(1)
  })

  it('refuses a code with another verifier, and spends it', async () => {
    const { verifier, challenge } = appVerifier()
    const { back } = await nativeSingleSignOn(
      app,
      { sub: 'gus', email: 'gus@example.com', emailVerified: true },
      { challenge },
    )
    const code = back.searchParams.get('code')
    const before = await sessionsOf('gus@example.com')
    const stranger = await tradeCode(app, code, appVerifier().verifier)
    expect(stranger.statusCode).toBe(401)
    expect(stranger.json()).toMatchObject({ code: 'SIGN_IN_VERIFIER_MISMATCH' })
    expect(stranger.headers['set-auth-token']).toBeUndefined()
    // Whoever caught the code had one try: the app's own comes too late.
    const own = await tradeCode(app, code, verifier)
    expect(own.statusCode).toBe(400)
    expect(await sessionsOf('gus@example.com')).toBe(before)

    const unknown = await tradeCode(app, 'no-such-code', verifier)
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'SIGN_IN_CODE_INVALID' })
    const malformed = await tradeCode(app, code, 'short')
    expect(malformed.statusCode).toBe(400)
  })

  it('refuses a code traded too late', async () => {
    const { verifier, challenge } = appVerifier()
    const { back } = await nativeSingleSignOn(
      app,
      { sub: 'gus', email: 'gus@example.com', emailVerified: true },
      { challenge },
    )
    const before = await sessionsOf('gus@example.com')
    clockAhead = NATIVE_CODE_LIFETIME_MS + 1000
    try {
      const late = await tradeCode(app, back.searchParams.get('code'), verifier)
      expect(late.statusCode).toBe(400)
      expect(late.json()).toMatchObject({ code: 'SIGN_IN_CODE_EXPIRED' })
    } finally {
      clockAhead = 0
    }
    expect(await sessionsOf('gus@example.com')).toBe(before)
  })

  it('starts only with a challenge that is a SHA-256 in base64url', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/native/start?provider=oidc&challenge=plain',
    })
    expect(response.statusCode).toBe(400)
  })

  it('sends refusals back to the app with the codes the web shows in words', async () => {
    // An existing account and a provider that does not vouch for the address.
    await signUp(app, smtp, 'hal@example.com')
    const unlinked = await nativeSingleSignOn(
      app,
      { sub: 'hal', email: 'hal@example.com', emailVerified: false },
      { challenge: appVerifier().challenge },
    )
    expect(unlinked.back.searchParams.get('error')).toBe('account_not_linked')
    expect(unlinked.back.searchParams.get('code')).toBeNull()

    // A closed sign-up: no account, no code.
    const closed = await app.inject({
      method: 'PUT',
      url: '/api/admin/sign-up-policy',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { policy: 'closed' },
    })
    expect(closed.statusCode).toBe(200)
    try {
      const stranger = await nativeSingleSignOn(
        app,
        { sub: 'ivy', email: 'ivy@example.com', emailVerified: true },
        { challenge: appVerifier().challenge },
      )
      expect(stranger.back.searchParams.get('error')).toBe('SIGN_UP_CLOSED')
      expect(stranger.back.searchParams.get('code')).toBeNull()
      const [account] = await app.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'ivy@example.com'))
      expect(account).toBeUndefined()

      // Invite only: the app's start carries the invitation of the link it was opened with.
      await app.inject({
        method: 'PUT',
        url: '/api/admin/sign-up-policy',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { policy: 'invite-only' },
      })
      const invited = await app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: {},
      })
      const invitation = new URL(invited.json().url).searchParams.get('invitation') as string
      const { verifier, challenge } = appVerifier()
      const guest = await nativeSingleSignOn(
        app,
        { sub: 'ivy', email: 'ivy@example.com', emailVerified: true },
        { challenge, invitation },
      )
      const traded = await tradeCode(app, guest.back.searchParams.get('code'), verifier)
      expect(traded.statusCode, traded.body).toBe(200)
      expect(traded.json().user.email).toBe('ivy@example.com')
    } finally {
      await app.inject({
        method: 'PUT',
        url: '/api/admin/sign-up-policy',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { policy: 'open' },
      })
    }
  })

  it('applies the sign-up policy to new accounts, and still signs the existing ones in', async () => {
    const closed = await app.inject({
      method: 'PUT',
      url: '/api/admin/sign-up-policy',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { policy: 'closed' },
    })
    expect(closed.statusCode).toBe(200)
    const stranger = await singleSignOn(app, {
      sub: 'eve',
      email: 'eve@example.com',
      emailVerified: true,
    })
    expect(stranger.location).toMatch(/^\/signin\?error=SIGN_UP_CLOSED/)
    expect(await sessionUser(app, stranger.cookie)).toBeUndefined()
    const known = await singleSignOn(app, {
      sub: 'ada',
      email: 'ada@example.com',
      emailVerified: true,
    })
    expect(known.location).toBe('/')

    // Invite only: a new account through single sign-on brings its invitation.
    await app.inject({
      method: 'PUT',
      url: '/api/admin/sign-up-policy',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { policy: 'invite-only' },
    })
    const invited = await app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {},
    })
    const invitation = new URL(invited.json().url).searchParams.get('invitation') as string
    const guest = await singleSignOn(
      app,
      { sub: 'fay', email: 'fay@example.com', emailVerified: true },
      { invitation },
    )
    expect(guest.location).toBe('/welcome')
    expect(await sessionUser(app, guest.cookie)).toMatchObject({ email: 'fay@example.com' })
  })

  it('documents the routes of single sign-on, native ones too, lint-clean', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' })
    const document = response.json() as { paths: Record<string, unknown> }
    for (const path of [
      '/api/auth/sign-in/social',
      '/api/auth/callback/{providerId}',
      '/api/auth/native/start',
      '/api/auth/native/return',
      '/api/auth/native/token',
    ]) {
      expect(document.paths, path).toHaveProperty([path])
    }
    // The browser's hops (start, callback, return) never answer 2xx: their redirects and, as
    // `default`, the server's failure are documented, which the strict rules take.
    const config = await createConfig({ extends: ['recommended-strict'] })
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: 'openapi.json',
      config,
    })
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
  })

  it('takes no id token handed in by a client', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { ...ORIGIN, cookie: cookieHeader(undefined) },
      payload: { provider: 'oidc', idToken: { token: 'a.b.c' } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'ID_TOKEN_NOT_SUPPORTED' })
  })
})
