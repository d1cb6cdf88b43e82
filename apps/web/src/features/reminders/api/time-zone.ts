import type { UserSettings } from '@kindling/core'
import { apiRequest } from '../../../lib/api-client'
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
  try {
    const saved = await apiRequest<UserSettings>('settings', { method: 'PUT', body: { timeZone } })
    writeStoredString(key, timeZone)
    return saved
  } catch (error) {
    console.warn('The time zone was not saved:', error)
    return null
  }
}
