import { createHash } from 'node:crypto'
import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/*
 * Single sign-on in a native shell (issue 53): the iOS bridge faked on the window, the Browser,
 * App and Preferences plugins as spies, and a fake server behind fetch that checks the verifier
 * against the challenge the app opened the browser with, as the real one does.
 */
const fake = vi.hoisted(() => ({
  preferences: new Map<string, string>(),
  urlListener: undefined as ((event: { url: string }) => void) | undefined,
  launchUrl: undefined as string | undefined,
}))

Object.defineProperty(window, 'webkit', {
  configurable: true,
  get: () => ({ messageHandlers: { bridge: { postMessage: () => {} } } }),
})

vi.mock('@capacitor/browser', () => ({
  Browser: { open: vi.fn(async () => {}), close: vi.fn(async () => {}) },
}))

vi.mock('@capacitor/app', () => ({
  App: {
    addListener: vi.fn(async (_event: string, listener: (event: { url: string }) => void) => {
      fake.urlListener = listener
      return { remove: vi.fn(async () => {}) }
    }),
    getLaunchUrl: vi.fn(async () => (fake.launchUrl ? { url: fake.launchUrl } : undefined)),
  },
}))

vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    get: vi.fn(async ({ key }: { key: string }) => ({ value: fake.preferences.get(key) ?? null })),
    set: vi.fn(async ({ key, value }: { key: string; value: string }) => {
      fake.preferences.set(key, value)
    }),
    remove: vi.fn(async ({ key }: { key: string }) => {
      fake.preferences.delete(key)
    }),
  },
}))

import { Browser } from '@capacitor/browser'
import { Preferences } from '@capacitor/preferences'
import { getAuthState, setAuthState } from '../../lib/auth-state'
import { clearSecureCache } from '../../lib/platform'
import { NativeSignInReturn } from './components/native-sign-in-return'
import { describeSingleSignOnError } from './components/single-sign-on'
import { Component as SignInPage } from './routes/sign-in'

const RETURN = 'app.kindling://single-sign-on'
const SESSION_TOKEN = 'session-token-of-the-app'
const idToken = `h.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 900 }))}.s`
const ada = { id: 'u1', email: 'ada@example.com', emailVerified: true, name: 'Ada' }

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

/** The server: its one-time code and the challenge the browser's start carried. */
const server = { code: 'one-time-code', challenge: '', traded: [] as unknown[] }

function mockServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/instance') {
      return json({
        product: 'kindling',
        name: 'Home',
        version: '1.0.0',
        apiVersion: 1,
        signUpPolicy: 'open',
        signInMethods: ['password', 'oidc'],
        oidc: { providerId: 'oidc', button: 'Sign in with Authentik' },
      })
    }
    if (path === '/api/auth/native/token') {
      const body = JSON.parse(String(init?.body)) as { code: string; verifier: string }
      server.traded.push(body)
      if (body.code !== server.code) {
        return json({ code: 'SIGN_IN_CODE_INVALID', message: 'used' }, 400)
      }
      const challenge = createHash('sha256').update(body.verifier).digest('base64url')
      if (challenge !== server.challenge) {
        return json({ code: 'SIGN_IN_VERIFIER_MISMATCH', message: 'not this app' }, 401)
      }
      return json({ token: SESSION_TOKEN, user: ada }, 200, { 'set-auth-token': SESSION_TOKEN })
    }
    if (path === '/api/auth/token') return json({ token: idToken })
    return json(null)
  })
}

function renderApp() {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/signin']}>
        <NativeSignInReturn />
        <Routes>
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  )
}

/** The system opens the app with `url`, as the browser's last redirect does. */
async function openApp(url: string) {
  await waitFor(() => expect(fake.urlListener).toBeDefined())
  fake.urlListener?.({ url })
}

let codes = 0

beforeEach(() => {
  // A new code each time: the app takes each return URL once.
  codes += 1
  server.code = `one-time-code-${codes}`
  fake.preferences.clear()
  fake.urlListener = undefined
  fake.launchUrl = undefined
  server.challenge = ''
  server.traded = []
  clearSecureCache()
  localStorage.clear()
  setAuthState({ hasCheckedAuth: true, user: null, idToken: null })
  vi.clearAllMocks()
  mockServer()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('single sign-on in the native shells', () => {
  it('opens the system browser and lands signed in when the app is opened with its code', async () => {
    renderApp()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Authentik' }))

    await waitFor(() => expect(Browser.open).toHaveBeenCalledTimes(1))
    const opened = new URL(vi.mocked(Browser.open).mock.calls[0]?.[0].url ?? '', 'http://x')
    expect(opened.pathname).toBe('/api/auth/native/start')
    expect(opened.searchParams.get('provider')).toBe('oidc')
    server.challenge = opened.searchParams.get('challenge') ?? ''
    expect(server.challenge).toMatch(/^[\w-]{43}$/)
    // The button is ready again should the user close the browser without signing in.
    expect(screen.getByRole('button', { name: 'Sign in with Authentik' })).toBeEnabled()

    await openApp(`${RETURN}?code=${server.code}`)
    expect(await screen.findByText('Home page')).toBeInTheDocument()
    expect(getAuthState().user).toMatchObject({ uid: 'u1', email: 'ada@example.com' })
    // Kept as a password sign-in's session is; the verifier is gone; Safari's view closed.
    expect(fake.preferences.get('kindlingSessionToken')).toBe(SESSION_TOKEN)
    expect(fake.preferences.has('kindlingSignInVerifier')).toBe(false)
    expect(Browser.close).toHaveBeenCalled()
  })

  it("shows the web's words for a sign-in the server refused", async () => {
    fake.preferences.set('kindlingSignInVerifier', 'v'.repeat(43))
    renderApp()
    await openApp(`${RETURN}?error=account_not_linked`)
    expect(
      await screen.findByText(describeSingleSignOnError('account_not_linked', null)),
    ).toBeInTheDocument()
    expect(getAuthState().user).toBeNull()
    expect(fake.preferences.has('kindlingSignInVerifier')).toBe(false)
  })

  it('says nothing of an old return URL when no sign-in is under way (a reload of the app)', async () => {
    fake.launchUrl = `${RETURN}?code=${server.code}`
    renderApp()
    // The app looked for a sign-in under way, found none, and let the URL be.
    await waitFor(() =>
      expect(Preferences.get).toHaveBeenCalledWith({ key: 'kindlingSignInVerifier' }),
    )
    for (let tick = 0; tick < 5; tick += 1) await Promise.resolve()
    expect(server.traded).toEqual([])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(getAuthState().user).toBeNull()
  })

  it('says to start again when the code is not for the verifier this app kept', async () => {
    server.challenge = 'a-challenge-another-app-sent-aaaaaaaaaaaaaa'
    fake.preferences.set('kindlingSignInVerifier', 'v'.repeat(43))
    renderApp()
    await openApp(`${RETURN}?code=${server.code}`)
    expect(
      await screen.findByText(describeSingleSignOnError('state_not_found', null)),
    ).toBeInTheDocument()
    expect(server.traded).toHaveLength(1)
    expect(getAuthState().user).toBeNull()
    expect(fake.preferences.has('kindlingSessionToken')).toBe(false)
  })

  it('finishes a sign-in that launched the app anew, with the verifier kept on the device', async () => {
    const verifier = 'w'.repeat(43)
    server.challenge = createHash('sha256').update(verifier).digest('base64url')
    fake.preferences.set('kindlingSignInVerifier', verifier)
    fake.launchUrl = `${RETURN}?code=${server.code}`
    renderApp()
    expect(await screen.findByText('Home page')).toBeInTheDocument()
    expect(server.traded).toEqual([{ code: server.code, verifier }])
  })
})
