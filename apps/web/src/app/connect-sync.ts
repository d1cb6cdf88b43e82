import { notifications } from '@mantine/notifications'
import { getAuthState, subscribeAuthState } from '../lib/auth-state'
import { t } from '../lib/i18n'
import type { RefusalOutcome } from '../lib/sync/refusals'
import { getSyncEngine, startSync, stopSync } from '../lib/sync/store'

/**
 * A refused change stays on screen until read: the user must learn what was not saved, what a
 * change was saved without (a habit or a value another device deleted meanwhile), or which of its
 * fields a newer change from another device replaced.
 */
function tellRefused(message: string, outcome: RefusalOutcome): void {
  const title = {
    trimmed: t('Saved in part'),
    dropped: t('Not saved'),
    replaced: t('Changed elsewhere'),
  }[outcome]
  const color = { trimmed: 'orange', dropped: 'red', replaced: 'blue' }[outcome]
  notifications.show({ color, title, message, autoClose: false })
}

/**
 * Opens the synced copy of whoever is signed in (verified), and closes it when they leave; a
 * new id token (after sign-in, or back online) sends what waits at once.
 */
export function connectSync(): void {
  let token: string | null = null
  const apply = () => {
    const { user, idToken } = getAuthState()
    if (user?.emailVerified) {
      const engine = startSync(user.uid, tellRefused)
      if (idToken && idToken !== token) engine.tokenChanged()
    } else if (getSyncEngine()) {
      stopSync()
    }
    token = idToken
  }
  subscribeAuthState(apply)
  apply()
}
