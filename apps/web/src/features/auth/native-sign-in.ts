import { NATIVE_SIGN_IN_RETURN_URL } from '@kindling/core'
import { readSecureItem, removeSecureItem, writeSecureItem } from '../../lib/platform'
import { closeSystemBrowser, openSystemBrowser } from '../../lib/platform-actions'
import { AuthError } from './api/auth-errors'
import { nativeSignInStartUrl, type SessionUser, tradeNativeSignInCode } from './api/auth-requests'
import { applySessionUser } from './auth-session'

/*
 * Single sign-on from the native shells (issue 53, decision 136). The provider's pages open in
 * the system browser; the server sends it back to the app through the app's URL scheme with a
 * one-time code, which only the app that started the sign-in can trade: it proves so with the
 * verifier whose challenge it sent at the start (as PKCE does).
 */

/** The verifier of the sign-in under way: kept on the device, which may end the app meanwhile. */
const VERIFIER_KEY = 'kindlingSignInVerifier'

/** What /signin?error=… says for a sign-in the app cannot finish (decision 136's words). */
const LOST_SIGN_IN = 'state_not_found'

function base64url(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A fresh verifier (32 random bytes) and its S256 challenge (its SHA-256, base64url). */
export async function createVerifier(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)))
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return { verifier, challenge: base64url(new Uint8Array(digest)) }
}

/** Starts single sign-on: keeps a new verifier, then opens the server's start in the browser. */
export async function startNativeSingleSignOn(
  providerId: string,
  invitation?: string,
): Promise<void> {
  const { verifier, challenge } = await createVerifier()
  await writeSecureItem(VERIFIER_KEY, verifier)
  await openSystemBrowser(nativeSignInStartUrl(providerId, challenge, invitation))
}

export type NativeSignInResult =
  | { user: SessionUser }
  /** A code and description for /signin?error=…, which says it in the web's words. */
  | { error: string; description: string | null }

/** The URLs of single sign-on's return already taken: the same may come by two ways. */
const taken = new Set<string>()

/**
 * Finishes single sign-on with the URL the app was opened with: trades its code and the kept
 * verifier for a session and signs the user in, or says why not. Null for any other URL.
 */
export async function finishNativeSingleSignOn(url: string): Promise<NativeSignInResult | null> {
  if (!url.startsWith(`${NATIVE_SIGN_IN_RETURN_URL}?`) || taken.has(url)) return null
  taken.add(url)
  void closeSystemBrowser()
  const verifier = await readSecureItem(VERIFIER_KEY).catch(() => null)
  // No sign-in under way: an old URL (the system keeps the launch URL across a reload of the
  // app's page), said nothing about.
  if (!verifier) return null
  const params = new URL(url).searchParams
  try {
    const error = params.get('error')
    if (error) return { error, description: params.get('error_description') }
    const code = params.get('code')
    if (!code) return { error: LOST_SIGN_IN, description: null }
    const user = await tradeNativeSignInCode(code, verifier)
    applySessionUser(user)
    return { user }
  } catch (caught) {
    if (!(caught instanceof AuthError)) throw caught
    // A code used, expired or not this app's: the sign-in is lost, and is started again.
    if (caught.status === 400 || caught.status === 401) {
      return { error: LOST_SIGN_IN, description: null }
    }
    return { error: caught.code, description: caught.message }
  } finally {
    await removeSecureItem(VERIFIER_KEY).catch(() => undefined)
  }
}
