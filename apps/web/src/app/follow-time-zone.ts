import { saveDeviceTimeZone } from '../features/reminders/api/time-zone'
import { getAuthState, subscribeAuthState } from '../lib/auth-state'

/**
 * Once a verified user is signed in on this device, the server learns the device's time zone,
 * which their reminders follow (issue 18); again for the next user who signs in here.
 */
export function followDeviceTimeZone(): () => void {
  let toldFor: string | null = null
  const check = () => {
    const { user, idToken } = getAuthState()
    if (!user?.emailVerified) {
      toldFor = null
      return
    }
    // The data API takes the id token, which arrives a moment after the user on a fresh start.
    if (!idToken || toldFor === user.uid) return
    toldFor = user.uid
    void saveDeviceTimeZone(user.uid)
  }
  check()
  return subscribeAuthState(check)
}
