import type { AuthErrorBody, AuthUser } from '@kindling/core'
import { getApiBaseUrl, languageHeaders } from '../../../lib/api-client'
import {
  AUTH_TIMEOUT_DESKTOP_MS,
  AUTH_TIMEOUT_MOBILE_MS,
  MOBILE_BREAKPOINT_PX,
} from '../../../lib/constants'
import {
  isNativePlatform,
  readSecureItem,
  removeSecureItem,
  writeSecureItem,
} from '../../../lib/platform'
import { AuthError, describeAuthError, mapAuthErrorCode } from './auth-errors'
import { TokenFetchError } from './token-refresher'

/** The user as better-auth's session endpoints return it (what the app reads of it). */
export type SessionUser = Pick<AuthUser, 'id' | 'email' | 'emailVerified' | 'image'> &
  Partial<Pick<AuthUser, 'name'>>

function getAuthTimeout(): number {
  const mobile =
    isNativePlatform() ||
    (typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX)
  return mobile ? AUTH_TIMEOUT_MOBILE_MS : AUTH_TIMEOUT_DESKTOP_MS
}

/**
 * Where the verification link leads once followed: the app's home on the server's own origin.
 * Relative, because better-auth refuses absolute callback URLs outside its trusted origins.
 */
const VERIFIED_CALLBACK_URL = '/'

/**
 * Native shells run on another origin (capacitor://localhost), where the session cookie does
 * not travel reliably: there better-auth's bearer plugin hands the session token over in the
 * `set-auth-token` header, and it goes back in Authorization on every auth call.
 */
const SESSION_TOKEN_KEY = 'kindlingSessionToken'

/** The stored bearer session (native only: the web keeps its session in a cookie). */
async function readSessionToken(): Promise<string | null> {
  if (!isNativePlatform()) return null
  try {
    return await readSecureItem(SESSION_TOKEN_KEY)
  } catch (error) {
    console.error(error)
    return null
  }
}

async function rememberSessionToken(response: Response, path: string): Promise<void> {
  if (!isNativePlatform()) return
  try {
    if (path === 'sign-out') {
      await removeSecureItem(SESSION_TOKEN_KEY)
      return
    }
    const token = response.headers.get('set-auth-token')
    if (token) await writeSecureItem(SESSION_TOKEN_KEY, token)
  } catch (error) {
    // Storage unavailable: the session lasts as long as the app runs.
    console.error(error)
  }
}

/**
 * Calls one of better-auth's routes under /api/auth. Network failures and timeouts (30 s
 * desktop, 60 s mobile) become network-request-failed; error answers map to SPEC §8's codes.
 */
async function callAuthWithHeaders<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
): Promise<{ body: T; headers: Headers }> {
  let response: Response
  const sessionToken = await readSessionToken()
  try {
    response = await fetch(`${getApiBaseUrl()}/api/auth/${path}`, {
      method: init.method,
      headers: {
        Accept: 'application/json',
        ...languageHeaders(),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(sessionToken ? { Authorization: `Bearer ${sessionToken}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'include',
      signal: AbortSignal.timeout(getAuthTimeout()),
    })
  } catch {
    throw new AuthError('network-request-failed', describeAuthError('network-request-failed'))
  }
  await rememberSessionToken(response, path)
  return readAuthAnswer<T>(response)
}

/** The body and headers of an auth answer; an error answer becomes the AuthError it means. */
async function readAuthAnswer<T>(response: Response): Promise<{ body: T; headers: Headers }> {
  if (!response.ok) {
    let body: Partial<AuthErrorBody> = {}
    try {
      body = await response.json()
    } catch {
      // Not JSON: the status decides.
    }
    const serverCode = body.code ?? body.error?.code
    const serverMessage = body.message ?? body.error?.message
    const code = mapAuthErrorCode(serverCode, response.status)
    const message =
      code === 'unknown' ? serverMessage || describeAuthError(code) : describeAuthError(code)
    throw new AuthError(code, message, response.status)
  }
  const text = await response.text()
  return { body: (text ? JSON.parse(text) : null) as T, headers: response.headers }
}

async function callAuth<T>(path: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
  return (await callAuthWithHeaders<T>(path, init)).body
}

export async function signInWithEmail(email: string, password: string): Promise<SessionUser> {
  const body = await callAuth<{ user: SessionUser }>('sign-in/email', {
    method: 'POST',
    body: { email, password },
  })
  return body.user
}

/** Creates the account, with the token of an invitation link when there is one (issue 53). */
export async function createUserWithEmail(
  email: string,
  password: string,
  invitation?: string,
): Promise<SessionUser> {
  const body = await callAuth<{ user: SessionUser }>('sign-up/email', {
    method: 'POST',
    body: {
      email,
      password,
      name: '',
      callbackURL: VERIFIED_CALLBACK_URL,
      ...(invitation ? { invitation } : {}),
    },
  })
  return body.user
}

/**
 * Starts single sign-on with the server's OpenID Connect provider (issue 53): resolves to the
 * provider's page to open. The server keeps the state (and sets its cookie); the provider sends
 * the browser back to the server, which lands it on `/` (signed in) or on /signin with `error`.
 */
export async function startSingleSignOn(providerId: string, invitation?: string): Promise<string> {
  const body = await callAuth<{ url: string }>('sign-in/social', {
    method: 'POST',
    body: {
      provider: providerId,
      callbackURL: VERIFIED_CALLBACK_URL,
      errorCallbackURL: '/signin',
      disableRedirect: true,
      ...(invitation ? { additionalData: { invitation } } : {}),
    },
  })
  return body.url
}

/**
 * Where the native shells open the system browser to start single sign-on (issue 53): the
 * server's start route with the challenge of the verifier the app keeps.
 */
export function nativeSignInStartUrl(
  providerId: string,
  challenge: string,
  invitation?: string,
): string {
  const query = new URLSearchParams({ provider: providerId, challenge })
  if (invitation) query.set('invitation', invitation)
  return `${getApiBaseUrl()}/api/auth/native/start?${query}`
}

/**
 * Trades the one-time code the app was opened with, and the verifier it kept, for a session:
 * answered as a password sign-in (the session token is kept the same way).
 */
export async function tradeNativeSignInCode(code: string, verifier: string): Promise<SessionUser> {
  const body = await callAuth<{ user: SessionUser }>('native/token', {
    method: 'POST',
    body: { code, verifier },
  })
  return body.user
}

export async function sendVerificationEmail(email: string): Promise<void> {
  await callAuth('send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: VERIFIED_CALLBACK_URL },
  })
}

/**
 * Asks for a password reset link for `email`. The server answers the same whether or not an
 * account has this address; the link leads to the app's /reset-password page.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await callAuth('request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  })
}

/** Sets a new password with the token of a reset link; the server signs out every session. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await callAuth('reset-password', { method: 'POST', body: { token, newPassword } })
}

/** Who is signed in, and the id token the server signed with its answer. */
export interface Session {
  user: SessionUser
  /** From the `set-auth-jwt` header: the data API's token, without asking /token for one. */
  idToken: string | null
}

/** The session path, as index.html asks for it too. */
const SESSION_PATH = 'get-session?disableCookieCache=true'

/**
 * The answer to the session request index.html sends while the app's scripts download (issue
 * 19), taken once: by the first session check of a web page served with its API. Null when
 * there is none to take, or it failed or timed out (the check then asks itself).
 */
async function takeEarlySession(): Promise<Response | null> {
  const early = earlyPage().kindlingSession
  earlyPage().kindlingSession = undefined
  if (!early || getApiBaseUrl() !== '' || isNativePlatform()) return null
  // Given up on as the check's own request would be (it has no timeout of its own).
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), getAuthTimeout()))
  return Promise.race([early.catch(() => null), late])
}

const earlyPage = () => window as Window & { kindlingSession?: Promise<Response | null> }

let earlyAnswered = false
void earlyPage().kindlingSession?.then(
  () => {
    earlyAnswered = true
  },
  () => {},
)

/** Whether the session request of index.html has its answer already (the first check's). */
export function earlySessionAnswered(): boolean {
  return earlyAnswered && earlyPage().kindlingSession !== undefined
}

/** The signed-in user, freshly read from the database (not a cached cookie), or null. */
export async function getSession(): Promise<Session | null> {
  const early = await takeEarlySession()
  const { body, headers } = early
    ? await readAuthAnswer<{ user?: SessionUser } | null>(early)
    : await callAuthWithHeaders<{ user?: SessionUser } | null>(SESSION_PATH, { method: 'GET' })
  return body?.user ? { user: body.user, idToken: headers.get('set-auth-jwt') } : null
}

export async function signOutSession(): Promise<void> {
  try {
    await callAuth('sign-out', { method: 'POST', body: {} })
  } finally {
    // Forgotten even when the server could not be told: it must never reach another server
    // (issue 53, 'Change server').
    if (isNativePlatform()) await removeSecureItem(SESSION_TOKEN_KEY).catch(() => undefined)
  }
}

/** Ends every session of the user, this one included, and their personal API tokens. */
export async function revokeAllSessions(): Promise<void> {
  await callAuth('revoke-sessions', { method: 'POST', body: {} })
}

/** A fresh id token for the data API; 401 means the session is gone. */
export async function fetchIdToken(): Promise<string> {
  try {
    const body = await callAuth<{ token: string }>('token', { method: 'GET' })
    if (!body?.token) throw new TokenFetchError('network')
    return body.token
  } catch (error) {
    if (error instanceof AuthError && (error.status === 401 || error.status === 403)) {
      throw new TokenFetchError('unauthorized')
    }
    if (error instanceof TokenFetchError) throw error
    throw new TokenFetchError('network')
  }
}
