import { apiRequest } from '../../../lib/api-client'
import { readStoredString, writeStoredString } from '../../../lib/stored-string'
import { getDeviceTimeZone } from '../../../lib/time-zone'

/**
 * Tells the server the device's time zone, which reminders follow (issue 18), when it is not
 * the one this device last told it for this user: after a sign-in, a move or a DST rule change
 * of the device, not on every start. Offline, it is told on a later start.
 */
export async function saveDeviceTimeZone(uid: string): Promise<void> {
  const timeZone = getDeviceTimeZone()
  const key = `kindlingTimeZoneSent:${uid}`
  if (readStoredString(key) === timeZone) return
  try {
    await apiRequest('settings', { method: 'PUT', body: { timeZone } })
    writeStoredString(key, timeZone)
  } catch (error) {
    console.warn('The time zone was not saved:', error)
  }
}
