import type { User } from '@kindling/core'
import { getAuthState, setAuthState } from '../../lib/auth-state'
import { STORAGE_KEYS } from '../../lib/constants'
import { setIdTokenProvider } from '../../lib/id-token'
import { readStoredString, writeStoredString } from '../../lib/stored-string'
import { AuthError } from './api/auth-errors'
import {
  createUserWithEmail,
  earlySessionAnswered,
  fetchIdToken,
  getSession,
  revokeAllSessions,
  type Session,
  type SessionUser,
  sendVerificationEmail,
  signInWithEmail,
  signOutSession,
} from './api/auth-requests'
import { getJwtAdminClaim } from './api/jwt'
import { createTokenRefresher } from './api/token-refresher'

/** E-mail domain of the company: its users get the developer flag (SPEC §3). */
export const COMPANY_EMAIL_DOMAIN = 'kindling.app'

export function isDeveloperEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${COMPANY_EMAIL_DOMAIN}`)
}

function toUser(user: SessionUser): User {
  return {
    uid: user.id,
    displayName: user.name || null,
    email: user.email,
    photoURL: user.image ?? null,
    emailVerified: user.emailVerified,
  }
}

function readPendingEmail(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.pendingEmail)
  } catch {
    return null
  }
}

function writePendingEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(STORAGE_KEYS.pendingEmail, email)
    else localStorage.removeItem(STORAGE_KEYS.pendingEmail)
  } catch {
    // Storage unavailable (private mode): the state simply does not survive a reload.
  }
}

/** The last user the server confirmed on this device: who the app is for while offline. */
const LAST_USER_KEY = 'lastSignedInUser'

function rememberUser(user: User | null): void {
  try {
    if (user) writeStoredString(LAST_USER_KEY, JSON.stringify(user))
    else localStorage.removeItem(LAST_USER_KEY)
  } catch {
    // Storage unavailable: offline starts simply show the sign-in page.
  }
}

function rememberedUser(): User | null {
  try {
    const user = JSON.parse(readStoredString(LAST_USER_KEY) ?? 'null') as User | null
    return user?.uid && user.emailVerified ? user : null
  } catch {
    return null
  }
}

const refresher = createTokenRefresher({
  fetchToken: fetchIdToken,
  onToken: (idToken) => setAuthState({ idToken, isAdmin: getJwtAdminClaim(idToken) }),
  onSessionLost: () => applySessionUser(null),
})

/**
 * Other tabs of this app hear of every sign-in, sign-out and verification here and ask the
 * server again, so a tab never goes on as a user who left elsewhere.
 */
const authChannel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('kindling-auth')

function tellOtherTabs(previous: User | null): void {
  const user = getAuthState().user
  if (previous?.uid === user?.uid && previous?.emailVerified === user?.emailVerified) return
  authChannel?.postMessage('changed')
}

/**
 * Brings the auth state in line with what the server says about the session (SPEC §4);
 * `idToken`, when the answer carried one, saves asking for it.
 */
export function applySessionUser(sessionUser: SessionUser | null, idToken?: string | null): void {
  const previous = getAuthState().user
  applyUser(sessionUser, previous, idToken)
  tellOtherTabs(previous)
}

const applySession = (session: Session | null) =>
  applySessionUser(session?.user ?? null, session?.idToken)

function applyUser(
  sessionUser: SessionUser | null,
  previous: User | null,
  idToken?: string | null,
): void {
  if (!sessionUser) {
    refresher.stop()
    rememberUser(null)
    setAuthState({ user: null, idToken: null, isDeveloper: false, isAdmin: false })
    return
  }
  const user = toUser(sessionUser)
  if (!user.emailVerified) {
    refresher.stop()
    writePendingEmail(user.email)
    setAuthState({
      user,
      idToken: null,
      isDeveloper: false,
      isConfirmingEmail: true,
      pendingEmail: user.email,
    })
    return
  }
  writePendingEmail(null)
  rememberUser(user)
  // The id token is in hand (or asked for) before the state changes: the signed-in screens
  // that change draws need it for their first requests (issue 19).
  if (previous?.uid !== user.uid || !previous.emailVerified || !getAuthState().idToken) {
    void refresher.start(idToken)
  }
  setAuthState({
    user,
    isConfirmingEmail: false,
    pendingEmail: null,
    isDeveloper: isDeveloperEmail(user.email),
  })
}

/** The state of `user` signed in on this device, as the server last confirmed it. */
const signedInAs = (user: User) => ({ user, isDeveloper: isDeveloperEmail(user.email) })

/** Asks the server who is signed in and updates the state; marks the first check done. */
export async function checkSession(): Promise<User | null> {
  try {
    applySession(await getSession())
  } catch (error) {
    // Offline at start: the user the server last confirmed here keeps using the device's
    // copy (checked again once online); without one, signed out rather than a loader.
    console.error(error)
    const remembered = rememberedUser()
    const user = getAuthState().user
    if (remembered && (!user || user.uid === remembered.uid)) {
      if (!user) setAuthState(signedInAs(remembered))
      window.addEventListener('online', () => void checkSession(), { once: true })
    } else if (!user) {
      applySessionUser(null)
    }
  } finally {
    setAuthState({ hasCheckedAuth: true })
  }
  return getAuthState().user
}

/**
 * At start, the user the server last confirmed on this device opens their copy at once, before
 * the server answers (a repeat visit shows its items without a round trip, issue 19); the check
 * that follows signs them out if the session has ended meanwhile. True when there was one.
 */
export function resumeRememberedUser(): boolean {
  const remembered = rememberedUser()
  if (!remembered || getAuthState().user) return false
  setAuthState({ ...signedInAs(remembered), hasCheckedAuth: true })
  return true
}

let started = false

/**
 * Starts listening for auth changes: once per app, before the first render of the layout. A
 * remembered user's screens draw from the device's copy first; the server's answer to the
 * session check (with the id token every data request waits for) is read once `firstScreen`
 * resolves (issue 19). Resolves once who is signed in is known, where that needs no wait on the
 * network: at once for a remembered user, after the first check when index.html's session
 * request has its answer already. A first drawing begun before that answer is applied reads a
 * state that changes under it, and React then draws it all again in one long task (issue 55).
 */
export function startAuth(firstScreen: () => Promise<void>): Promise<void> {
  if (started) return Promise.resolve()
  started = true
  if (authChannel) authChannel.onmessage = () => void checkSession()
  const pendingEmail = readPendingEmail()
  if (pendingEmail) setAuthState({ isConfirmingEmail: true, pendingEmail })
  if (!resumeRememberedUser()) {
    setIdTokenProvider((options) => refresher.getToken(options))
    const answered = earlySessionAnswered()
    const checked = checkSession().then(() => undefined)
    return answered ? checked : Promise.resolve()
  }
  const ready = firstScreen().then(async () => {
    // index.html asked who is signed in while the scripts came: when that answer is in, it
    // carries the id token too, and the data requests wait for its few microseconds. Else the
    // token is asked for beside the check, so a server slow to answer it does not hold the data.
    // Either way a session that has ended signs the user out.
    if (earlySessionAnswered()) {
      await checkSession()
      return
    }
    void refresher.start()
    void checkSession()
  })
  setIdTokenProvider(async (options) => {
    await ready
    return refresher.getToken(options)
  })
  return Promise.resolve()
}

export async function signIn(email: string, password: string): Promise<User | null> {
  try {
    const sessionUser = await signInWithEmail(email, password)
    applySessionUser(sessionUser)
    return toUser(sessionUser)
  } catch (error) {
    // A server that refuses unverified sign-ins: the user still has an e-mail to confirm.
    if (error instanceof AuthError && error.code === 'email-not-verified') {
      writePendingEmail(email)
      setAuthState({ isConfirmingEmail: true, pendingEmail: email })
      return null
    }
    throw error
  }
}

/** Creates the account; the server mails the verification link and opens a session. */
export async function createAccount(
  email: string,
  password: string,
  invitation?: string,
): Promise<User> {
  const sessionUser = await createUserWithEmail(email, password, invitation)
  // Some server settings open no session until the e-mail is verified: remember it anyway.
  writePendingEmail(sessionUser.email)
  setAuthState({ isConfirmingEmail: true, pendingEmail: sessionUser.email })
  applySessionUser(sessionUser)
  return toUser(sessionUser)
}

export async function resendVerificationEmail(): Promise<void> {
  const email = getAuthState().pendingEmail ?? getAuthState().user?.email
  if (!email) throw new Error('No e-mail awaiting confirmation')
  await sendVerificationEmail(email)
}

/** Reloads the user from the server; true once the e-mail is verified. */
export async function reloadUser(): Promise<boolean> {
  const session = await getSession()
  applySession(session)
  return Boolean(session?.user.emailVerified)
}

/** Signs out and clears user, token, developer flag and the checked flag (SPEC §4). */
export async function signOut({
  clearDevice,
  everywhere = false,
}: {
  /**
   * Ends every session of the user (every device) and their personal API tokens first; a
   * failure to reach the server fails the sign-out before anything is cleared.
   */
  everywhere?: boolean
  /**
   * Deletes what the device keeps of the user, once the server has ended the session. Given, a
   * server that cannot be reached (offline) fails the sign-out with AuthError
   * 'network-request-failed' before anything is cleared: the session lives on there, and the
   * next check (remembering the user offline) would sign them in again, their copy gone.
   */
  clearDevice?: () => Promise<void>
} = {}): Promise<void> {
  if (everywhere) await revokeAllSessions()
  try {
    await signOutSession()
  } catch (error) {
    if (clearDevice && error instanceof AuthError && error.code === 'network-request-failed') {
      throw error
    }
    // Clear locally anyway: the user asked to leave.
    console.error(error)
  }
  await clearDevice?.()
  refresher.stop()
  writePendingEmail(null)
  const previous = getAuthState().user
  setAuthState({
    user: null,
    idToken: null,
    isDeveloper: false,
    isAdmin: false,
    hasCheckedAuth: false,
    isConfirmingEmail: false,
    pendingEmail: null,
  })
  tellOtherTabs(previous)
  await checkSession()
}
