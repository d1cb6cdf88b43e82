import type { User } from '@kindling/core'
import { useSyncExternalStore } from 'react'

/** Auth state of SPEC §3, shared by the whole app. The auth feature is its only writer. */
export interface AuthState {
  hasCheckedAuth: boolean
  user: User | null
  idToken: string | null
  isConfirmingEmail: boolean
  pendingEmail: string | null
  isDeveloper: boolean
  /** The id token says the user administers the server (issue 53): the menu offers /admin. */
  isAdmin: boolean
}

const initialState: AuthState = {
  hasCheckedAuth: false,
  user: null,
  idToken: null,
  isConfirmingEmail: false,
  pendingEmail: null,
  isDeveloper: false,
  isAdmin: false,
}

let state = initialState
const listeners = new Set<() => void>()

export function getAuthState(): AuthState {
  return state
}

export function setAuthState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

/** Calls `listener` after every change of the auth state; returns the unsubscribe. */
export function subscribeAuthState(listener: () => void): () => void {
  return subscribe(listener)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Reads a slice of the auth state and re-renders when it changes. */
export function useAuthState<T>(select: (state: AuthState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(initialState),
  )
}

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  return useAuthState((auth) => auth.user)
}
