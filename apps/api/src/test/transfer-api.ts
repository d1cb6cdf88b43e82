import type { KindlingBackup } from '@kindling/core'
import { expect } from 'vitest'
import type { App } from '../app'
import type { TestUser } from './harness'

/**
 * The import and export calls of the data-transfer tests, as a client with a bearer token makes
 * them; `app` gives the test server its `beforeAll` started.
 */
export function transferCalls(app: () => App) {
  /**
   * The file as the raw body of POST /api/import (without a user: unauthenticated), with
   * `headers` more (Accept-Language).
   */
  const upload = (
    user: TestUser | null,
    body: Uint8Array | string,
    type = 'application/octet-stream',
    headers: Record<string, string> = {},
  ) =>
    app().inject({
      method: 'POST',
      url: '/api/import',
      headers: {
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        'content-type': type,
        ...headers,
      },
      payload: typeof body === 'string' ? body : Buffer.from(body),
    })
  /** A GET that must answer 200, its JSON body. */
  const get = async <T>(user: TestUser, url: string): Promise<T> => {
    const response = await app().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as T
  }
  const exportJson = (user: TestUser) => get<KindlingBackup>(user, '/api/export?format=json')
  return { upload, get, exportJson }
}
