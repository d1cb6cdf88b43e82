import type { Language, UserSettings } from '@kindling/core'
import { useEffect } from 'react'
import { apiRequest } from '../../../lib/api-client'
import { useAuthState } from '../../../lib/auth-state'
import { activateLanguage, chooseLanguage, hasChosenLanguage } from '../../../lib/i18n'

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
 * verified user is signed in.
 */
export function useFollowAccountLanguage(): void {
  const uid = useAuthState((auth) =>
    auth.user?.emailVerified && auth.idToken ? auth.user.uid : null,
  )
  useEffect(() => {
    if (!uid || hasChosenLanguage()) return
    let active = true
    void apiRequest<UserSettings>('settings')
      .then((settings) => {
        if (active && settings.language) return activateLanguage(settings.language)
      })
      .catch((error: unknown) => console.warn('The account language was not read:', error))
    return () => {
      active = false
    }
  }, [uid])
}
