import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import Provider from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
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

  beforeAll(async () => {
    const started = await startProvider()
    provider = started.server
    smtp = await startSmtp()
    backend = await createBackend('pglite')
    app = await startApp(backend, smtp.url, {
      OIDC_ISSUER: started.issuer,
      OIDC_CLIENT_ID: 'kindling',
      OIDC_CLIENT_SECRET: 'a client secret of the test',
      OIDC_BUTTON: 'Sign in with Authentik',
    })
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
