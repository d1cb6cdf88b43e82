import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest } from './api-client'
import { activateLanguage } from './i18n'

describe('apiRequest', () => {
  afterEach(async () => {
    vi.unstubAllGlobals()
    await activateLanguage('en')
  })

  it('asks the server in the app’s active language and reads its translated error', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ error: { code: 'not-found', message: 'Habitude introuvable.' } }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        ),
    )
    vi.stubGlobal('fetch', fetchMock)
    await activateLanguage('fr')
    const failure = await apiRequest('activities/x').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ code: 'not-found', message: 'Habitude introuvable.' })
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('fr')
  })
})
