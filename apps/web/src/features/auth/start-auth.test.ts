import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/*
 * startAuth runs once per app: each test takes a fresh copy of the modules.
 */

const verified = { id: 'u1', email: 'ada@kindling.app', emailVerified: true, name: '' }
const token = `h.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 900 }))}.s`

function jsonResponse(body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/** Answers as a server with `verified` signed in; answers the auth paths asked, in order. */
function mockServer(): string[] {
  const asked: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    asked.push(path)
    if (path === '/api/auth/get-session') return jsonResponse({ user: verified })
    if (path === '/api/auth/token') return jsonResponse({ token })
    return jsonResponse(null)
  })
  return asked
}

async function freshModules() {
  vi.resetModules()
  const session = await import('./auth-session')
  const state = await import('../../lib/auth-state')
  const idToken = await import('../../lib/id-token')
  return { ...session, ...state, ...idToken }
}

/** An earlier visit confirmed the user on this device (the app remembers them). */
async function confirmedEarlier() {
  mockServer()
  const earlier = await freshModules()
  await earlier.checkSession()
  vi.restoreAllMocks()
}

beforeEach(() => {
  localStorage.clear()
  // No word between the tabs these fresh copies of the app would be.
  vi.stubGlobal('BroadcastChannel', undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('startAuth', () => {
  it('asks the server at once on a device nobody was confirmed on', async () => {
    const asked = mockServer()
    const app = await freshModules()
    const firstScreen = vi.fn(() => new Promise<void>(() => {}))
    app.startAuth(firstScreen)
    await vi.waitFor(() => expect(app.getAuthState().user?.uid).toBe('u1'))
    expect(asked).toContain('/api/auth/get-session')
    expect(firstScreen).not.toHaveBeenCalled()
  })

  it("on a first visit, knows who is signed in before it resolves when the page's early answer is in", async () => {
    const asked = mockServer()
    const page = window as Window & { kindlingSession?: Promise<Response | null> }
    page.kindlingSession = Promise.resolve(
      jsonResponse({ user: verified }, { 'set-auth-jwt': token }),
    )
    const app = await freshModules()
    await page.kindlingSession
    // What the first screen waits for before its drawing, so that the answer does not come during it.
    await app.startAuth(() => Promise.resolve())
    expect(app.getAuthState()).toMatchObject({ hasCheckedAuth: true, user: { uid: 'u1' } })
    expect(asked).toEqual([])
  })

  it('does not hold the first screen for a session answer still on its way', async () => {
    mockServer()
    const page = window as Window & { kindlingSession?: Promise<Response | null> }
    page.kindlingSession = new Promise(() => {})
    const app = await freshModules()
    await app.startAuth(() => Promise.resolve())
    expect(app.getAuthState().hasCheckedAuth).toBe(false)
    page.kindlingSession = undefined
  })

  it("asks nothing for a remembered user until the first screen is shown, then checks and gets the data API's token", async () => {
    await confirmedEarlier()

    const asked = mockServer()
    const app = await freshModules()
    let show: () => void = () => {}
    const shown = new Promise<void>((resolve) => {
      show = resolve
    })
    app.startAuth(() => shown)
    expect(app.getAuthState()).toMatchObject({ hasCheckedAuth: true, user: { uid: 'u1' } })
    // A data request (the first sync) waits for the first screen too.
    const dataToken = app.getIdToken()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked).toEqual([])

    show()
    expect(await dataToken).toBe(token)
    await vi.waitFor(() => expect(asked).toContain('/api/auth/get-session'))
    expect(asked).toContain('/api/auth/token')
    expect(app.getAuthState().user?.uid).toBe('u1')
  })

  it("takes a remembered user's token from the page's early session answer, asking nothing more", async () => {
    await confirmedEarlier()

    const asked = mockServer()
    // index.html asked while the scripts came, and better-auth's answer carries the id token.
    const page = window as Window & { kindlingSession?: Promise<Response | null> }
    page.kindlingSession = Promise.resolve(
      jsonResponse({ user: verified }, { 'set-auth-jwt': token }),
    )
    const app = await freshModules()
    app.startAuth(() => Promise.resolve())
    expect(await app.getIdToken()).toBe(token)
    expect(asked).toEqual([])
    expect(page.kindlingSession).toBeUndefined()
  })

  it('asks for the token beside the check when the early answer is not in yet', async () => {
    await confirmedEarlier()

    const asked = mockServer()
    const page = window as Window & { kindlingSession?: Promise<Response | null> }
    page.kindlingSession = new Promise(() => {})
    const app = await freshModules()
    app.startAuth(() => Promise.resolve())
    expect(await app.getIdToken()).toBe(token)
    expect(asked).toEqual(['/api/auth/token'])
    page.kindlingSession = undefined
  })

  it('signs a remembered user out once shown, when the server says the session has ended', async () => {
    await confirmedEarlier()

    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).includes('/api/auth/get-session')
        ? jsonResponse(null)
        : new Response(null, { status: 401 }),
    )
    const app = await freshModules()
    app.startAuth(() => Promise.resolve())
    await vi.waitFor(() => expect(app.getAuthState().user).toBeNull())
  })
})
