import type { UserSettings } from '@kindling/core'
import { useEffect } from 'react'
import { savingSettings } from '../../../lib/account-settings'
import { apiRequest } from '../../../lib/api-client'
import { useAuthState } from '../../../lib/auth-state'
import { readStoredString, writeStoredString } from '../../../lib/stored-string'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/**
 * Tells the server the device's time zone, which reminders follow (issue 18), when it is not
 * the one this device last told it for this user: after a sign-in, a move or a DST rule change
 * of the device, not on every start. Offline, it is told on a later start.
 */
export async function saveDeviceTimeZone(uid: string): Promise<UserSettings | null> {
  const timeZone = getDeviceTimeZone()
  const key = `kindlingTimeZoneSent:${uid}`
  if (readStoredString(key) === timeZone) return null
  const answer = apiRequest<UserSettings>('settings', { method: 'PUT', body: { timeZone } })
  // Its answer is all of the account's settings: the language check takes it (account-language).
  savingSettings(
    uid,
    answer.catch(() => null),
  )
  try {
    const saved = await answer
    writeStoredString(key, timeZone)
    return saved
  } catch (error) {
    console.warn('The time zone was not saved:', error)
    return null
  }
}

type SavedListener = (saved: UserSettings) => void | Promise<void>
const savedListeners = new Set<SavedListener>()

/**
 * Calls `listener` with what the server holds after each save of the device's zone (the settings
 * cache, once the screens that read it have loaded); returns the unsubscribe.
 */
export function onDeviceTimeZoneSaved(listener: SavedListener): () => void {
  savedListeners.add(listener)
  return () => savedListeners.delete(listener)
}

/**
 * Tells the server this device's time zone once a verified user is signed in and the id token is
 * there (a request without it would be refused), once per user.
 */
export function useFollowDeviceTimeZone(): void {
  const uid = useAuthState((auth) =>
    auth.user?.emailVerified && auth.idToken ? auth.user.uid : null,
  )
  useEffect(() => {
    if (!uid) return
    void saveDeviceTimeZone(uid).then(async (saved) => {
      if (!saved) return
      for (const listener of savedListeners) await listener(saved)
    })
  }, [uid])
}
