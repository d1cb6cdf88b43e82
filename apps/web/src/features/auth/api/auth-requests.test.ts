import { afterEach, describe, expect, it, vi } from 'vitest'
import { getSession } from './auth-requests'

type EarlyPage = Window & { kindlingSession?: Promise<Response | null> }

const user = (id: string) => ({ id, email: `${id}@example.com`, emailVerified: true, image: null })

function answer(body: unknown, token?: string): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...(token ? { 'set-auth-jwt': token } : {}) },
  })
}

afterEach(() => {
  ;(window as EarlyPage).kindlingSession = undefined
  vi.restoreAllMocks()
})

describe('getSession', () => {
  it("takes the page's early answer once, then asks the server", async () => {
    const server = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ user: user('later') }))
    ;(window as EarlyPage).kindlingSession = Promise.resolve(answer({ user: user('early') }, 'jwt'))
    expect(await getSession()).toEqual({ user: user('early'), idToken: 'jwt' })
    expect(server).not.toHaveBeenCalled()
    expect(await getSession()).toEqual({ user: user('later'), idToken: null })
    expect(server).toHaveBeenCalledTimes(1)
  })

  it('reads a signed-out early answer as no session', async () => {
    const server = vi.spyOn(globalThis, 'fetch')
    ;(window as EarlyPage).kindlingSession = Promise.resolve(answer(null))
    expect(await getSession()).toBeNull()
    expect(server).not.toHaveBeenCalled()
  })

  it('asks the server itself when the early request failed (offline at start)', async () => {
    const server = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer({ user: user('again') }))
    ;(window as EarlyPage).kindlingSession = Promise.reject(new TypeError('Failed to fetch'))
    expect(await getSession()).toEqual({ user: user('again'), idToken: null })
    expect(server).toHaveBeenCalledTimes(1)
  })
})
