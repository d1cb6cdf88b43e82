import type { Language, UserSettings } from '@kindling/core'
import { readAccountSettings } from '../../../lib/account-settings'
import { apiRequest } from '../../../lib/api-client'
import { getAuthState, subscribeAuthState } from '../../../lib/auth-state'
import { activateLanguage, chooseLanguage, hasChosenLanguage } from '../../../lib/i18n'
import { onIdle } from '../../../lib/idle'

/**
 * Shows the app in `language` at once, remembers it on this device and saves it with the account
 * (its e-mails and notifications, and its other devices that have not chosen their own).
 */
export async function saveLanguage(language: Language): Promise<void> {
  await chooseLanguage(language)
  await apiRequest<UserSettings>('settings', { method: 'PUT', body: { language } })
}

/**
 * A device that has not chosen its language takes the account's (chosen on another device) once a
 * verified user is signed in, once per user. Started after the first screen (its code is not the
 * first screen's: issue 19).
 */
export function followAccountLanguage(): void {
  let asked: string | null = null
  const check = () => {
    const { user, idToken } = getAuthState()
    const uid = user?.emailVerified && idToken ? user.uid : null
    if (!uid || uid === asked || hasChosenLanguage()) return
    asked = uid
    void readAccountSettings(uid)
      .then((settings) => {
        if (settings.language && !hasChosenLanguage()) return activateLanguage(settings.language)
      })
      .catch((error: unknown) => console.warn('The account language was not read:', error))
  }
  // At an idle moment: the save of the device's time zone that the same sign-in starts answers
  // all of the settings, and is taken instead of asking again (readAccountSettings).
  subscribeAuthState(() => onIdle(check))
  onIdle(check)
}
