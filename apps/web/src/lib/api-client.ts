import type { ApiError as ApiErrorBody, FieldReason } from '@kindling/core'
import { activeLanguage } from './i18n'
import { getIdToken } from './id-token'

/**
 * A failed API call: HTTP status plus the server's `{ error: { code, message, fields, reasons } }`.
 * The message and fields are for a person (in the language asked for); `code` and `reasons` (a
 * stable code by field, decision 162) are what the app acts on.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly reasons: Record<string, FieldReason> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  query?: Record<string, string | number | undefined>
  signal?: AbortSignal
}

let retryOnAuthFailure = false

/** Native clients also refresh the token and retry once on 403 (SPEC §7); every client on 401. */
export function setRetryOnAuthFailure(enabled: boolean): void {
  retryOnAuthFailure = enabled
}

let apiBaseUrl = ''

/** Where the product API lives; empty means the page's own origin. */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/$/, '')
}

export function getApiBaseUrl(): string {
  return apiBaseUrl
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${apiBaseUrl}/api/${path.replace(/^\//, '')}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

/**
 * The headers every call to the server carries: the app's active language as Accept-Language,
 * so that the server answers its error messages, and writes a sign-up's e-mails, in it
 * (decision 161) rather than in the browser's or the device's own.
 */
export function languageHeaders(): Record<string, string> {
  return { 'Accept-Language': activeLanguage() }
}

/**
 * fetch() with the id token. A request the server refuses with 401 (the token expired or was
 * revoked meanwhile) is sent once more with a fresh token; natives do the same on 403 (SPEC §7).
 * Requests refused with the same token share one refresh.
 */
export async function fetchWithIdToken(url: string, init: RequestInit = {}): Promise<Response> {
  const call = async (token: string | null) => {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(languageHeaders())) {
      if (!headers.has(name)) headers.set(name, value)
    }
    if (token) headers.set('Authorization', `Bearer ${token}`)
    return fetch(url, { ...init, headers, credentials: 'include' })
  }
  const token = await getIdToken()
  const response = await call(token)
  const refused = response.status === 401 || (retryOnAuthFailure && response.status === 403)
  if (!refused) return response
  return call(await getIdToken({ refused: token }))
}

async function send(path: string, options: RequestOptions) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  return fetchWithIdToken(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>
    if (body.error) {
      const { code, message, fields, reasons } = body.error
      return new ApiError(response.status, code, message, fields, reasons)
    }
  } catch {
    // Not JSON: fall through to a generic error.
  }
  return new ApiError(response.status, 'http-error', response.statusText || 'Request failed')
}

/** Calls the product API with the id token; resolves to the parsed body (undefined for 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options)
  if (!response.ok) throw await toApiError(response)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/**
 * Opens a streaming answer of the product API (the live change stream) with the id token and
 * resolves to its body once the server answered 200; otherwise fails as apiRequest does.
 * fetch(), not EventSource: EventSource cannot send the Authorization header the native shells
 * need (they call cross-origin, without cookies).
 */
export async function apiStream(
  path: string,
  options: { signal: AbortSignal },
): Promise<ReadableStream<Uint8Array>> {
  const response = await fetchWithIdToken(buildUrl(path, undefined), {
    headers: { Accept: 'text/event-stream' },
    cache: 'no-store',
    signal: options.signal,
  })
  if (!response.ok) throw await toApiError(response)
  if (!response.body) throw new ApiError(response.status, 'http-error', 'The answer has no body.')
  return response.body
}
