import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getAuthState, setAuthState, subscribeAuthState } from '../../lib/auth-state'
import { STORAGE_KEYS } from '../../lib/constants'
import {
  applySessionUser,
  checkSession,
  createAccount,
  isDeveloperEmail,
  resumeRememberedUser,
  signIn,
  signOut,
} from './auth-session'

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

const verified = { id: 'u1', email: 'ada@kindling.app', emailVerified: true, name: '' }
const unverified = { id: 'u2', email: 'bob@example.com', emailVerified: false, name: '' }
const token = `h.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 900 }))}.s`

/** Answers better-auth's routes as a server with `user` signed in would. */
function mockServer(routes: Record<string, () => Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input)
    for (const [path, respond] of Object.entries(routes)) {
      if (url.includes(path)) return respond()
    }
    return jsonResponse(null)
  })
}

beforeEach(() => {
  localStorage.clear()
  setAuthState({
    hasCheckedAuth: false,
    user: null,
    idToken: null,
    isConfirmingEmail: false,
    pendingEmail: null,
    isDeveloper: false,
  })
})

afterEach(() => {
  applySessionUser(null)
  vi.restoreAllMocks()
})

describe('isDeveloperEmail', () => {
  it('is true for the company domain only', () => {
    expect(isDeveloperEmail('ada@Kindling.app')).toBe(true)
    expect(isDeveloperEmail('ada@kindling.app.evil.com')).toBe(false)
    expect(isDeveloperEmail('ada@example.com')).toBe(false)
  })
})

describe('auth session', () => {
  it('marks an unverified user as confirming and stores the pending e-mail', () => {
    applySessionUser(unverified)
    expect(getAuthState()).toMatchObject({
      isConfirmingEmail: true,
      pendingEmail: 'bob@example.com',
      user: { uid: 'u2', emailVerified: false },
    })
    expect(localStorage.getItem(STORAGE_KEYS.pendingEmail)).toBe('bob@example.com')
  })

  it('clears the confirming state once verified and fetches the id token', async () => {
    mockServer({ '/api/auth/token': () => jsonResponse({ token }) })
    applySessionUser(unverified)
    applySessionUser(verified)
    expect(getAuthState()).toMatchObject({
      isConfirmingEmail: false,
      pendingEmail: null,
      isDeveloper: true,
    })
    expect(localStorage.getItem(STORAGE_KEYS.pendingEmail)).toBeNull()
    await vi.waitFor(() => expect(getAuthState().idToken).toBe(token))
  })

  it('asks for the id token before anything listening for the signed-in user runs', async () => {
    const server = mockServer({ '/api/auth/token': () => jsonResponse({ token }) })
    const tokenAsked = () =>
      server.mock.calls.some(([input]) => String(input).includes('/api/auth/token'))
    // What React does with the change: it draws the signed-in screens in a microtask.
    const askedWhenDrawn: boolean[] = []
    const stop = subscribeAuthState(() => {
      if (getAuthState().user) queueMicrotask(() => askedWhenDrawn.push(tokenAsked()))
    })
    applySessionUser(verified)
    await vi.waitFor(() => expect(getAuthState().idToken).toBe(token))
    stop()
    expect(askedWhenDrawn[0]).toBe(true)
  })

  it('takes the id token the session check answers with, without asking for one', async () => {
    const server = mockServer({
      '/api/auth/get-session': () =>
        new Response(JSON.stringify({ user: verified }), {
          headers: { 'Content-Type': 'application/json', 'set-auth-jwt': token },
        }),
      '/api/auth/token': () => jsonResponse({ token: 'h.e30.other' }),
    })
    await checkSession()
    expect(getAuthState()).toMatchObject({ user: { uid: 'u1' }, idToken: token })
    const asked = server.mock.calls.map(([input]) => String(input).split('?')[0])
    expect(asked).toEqual(['/api/auth/get-session'])
  })

  it('sets hasCheckedAuth after the first check, signed out or not', async () => {
    mockServer({ '/api/auth/get-session': () => jsonResponse(null) })
    expect(await checkSession()).toBeNull()
    expect(getAuthState().hasCheckedAuth).toBe(true)
  })

  it('treats an unreachable server at start as signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    expect(await checkSession()).toBeNull()
    expect(getAuthState().hasCheckedAuth).toBe(true)
  })

  describe('a user this device confirmed before', () => {
    /** Signs `verified` in as the server confirms it, then starts as the app would next time. */
    async function confirmedBefore() {
      mockServer({
        '/api/auth/get-session': () => jsonResponse({ user: verified }),
        '/api/auth/token': () => jsonResponse({ token }),
      })
      await checkSession()
      setAuthState({ user: null, idToken: null, hasCheckedAuth: false })
      vi.restoreAllMocks()
    }

    it('is back at once, before the server answers, and stays when it confirms', async () => {
      await confirmedBefore()
      let answer: (response: Response) => void = () => {}
      const session = new Promise<Response>((resolve) => {
        answer = resolve
      })
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
        String(input).includes('/api/auth/get-session') ? session : jsonResponse({ token }),
      )
      expect(resumeRememberedUser()).toBe(true)
      expect(getAuthState()).toMatchObject({ hasCheckedAuth: true, user: { uid: 'u1' } })
      const checked = checkSession()
      answer(jsonResponse({ user: verified }))
      expect(await checked).toMatchObject({ uid: 'u1' })
    })

    it('is signed out when the server says the session has ended', async () => {
      await confirmedBefore()
      mockServer({ '/api/auth/get-session': () => jsonResponse(null) })
      resumeRememberedUser()
      expect(await checkSession()).toBeNull()
      // Not remembered any more: the next start waits for the server.
      setAuthState({ hasCheckedAuth: false })
      expect(resumeRememberedUser()).toBe(false)
      expect(getAuthState().hasCheckedAuth).toBe(false)
    })

    it('stays while the server cannot be reached', async () => {
      await confirmedBefore()
      vi.spyOn(console, 'error').mockImplementation(() => {})
      vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
      resumeRememberedUser()
      expect(await checkSession()).toMatchObject({ uid: 'u1' })
    })
  })

  it('starts signed out, waiting for the server, on a device nobody confirmed on', () => {
    expect(resumeRememberedUser()).toBe(false)
    expect(getAuthState()).toMatchObject({ hasCheckedAuth: false, user: null })
  })

  it('maps a refused sign-in to invalid-credential with a human message', async () => {
    mockServer({
      '/api/auth/sign-in/email': () =>
        jsonResponse(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          401,
        ),
    })
    await expect(signIn('ada@example.com', 'nope')).rejects.toMatchObject({
      code: 'invalid-credential',
      message: 'The email or password is incorrect.',
    })
  })

  it('reports a network failure as network-request-failed', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(signIn('ada@example.com', 'pw')).rejects.toMatchObject({
      code: 'network-request-failed',
    })
  })

  it("shows the server's own message for codes it does not know, else 'Something went wrong'", async () => {
    mockServer({
      '/api/auth/sign-up/email': () => jsonResponse({ code: 'NEW_THING', message: 'Nope.' }, 400),
    })
    await expect(createAccount('a@example.com', 'pw')).rejects.toMatchObject({ message: 'Nope.' })
    mockServer({ '/api/auth/sign-up/email': () => new Response('oops', { status: 500 }) })
    await expect(createAccount('a@example.com', 'pw')).rejects.toMatchObject({
      message: 'Something went wrong',
    })
  })

  it('creating an account leaves the user confirming their e-mail', async () => {
    mockServer({ '/api/auth/sign-up/email': () => jsonResponse({ user: unverified, token: 't' }) })
    const user = await createAccount('bob@example.com', 'correct horse')
    expect(user.emailVerified).toBe(false)
    expect(getAuthState().isConfirmingEmail).toBe(true)
    expect(localStorage.getItem(STORAGE_KEYS.pendingEmail)).toBe('bob@example.com')
  })

  it('signing out clears user, token, developer flag and pending e-mail', async () => {
    mockServer({
      '/api/auth/token': () => jsonResponse({ token }),
      '/api/auth/sign-out': () => jsonResponse({ success: true }),
      '/api/auth/get-session': () => jsonResponse(null),
    })
    applySessionUser(verified)
    const checked: boolean[] = []
    const unsubscribe = subscribeAuthState(() => checked.push(getAuthState().hasCheckedAuth))
    await signOut()
    unsubscribe()
    // The checked flag is cleared with the user (SPEC §4), then set again by the fresh check.
    expect(checked).toContain(false)
    expect(checked.indexOf(false)).toBeLessThan(checked.lastIndexOf(true))
    expect(getAuthState()).toMatchObject({
      user: null,
      idToken: null,
      isDeveloper: false,
      isConfirmingEmail: false,
      pendingEmail: null,
      hasCheckedAuth: true,
    })
  })
})
