import type { UserSettings } from '@kindling/core'
import { apiRequest } from './api-client'

/** A save of a user's settings under way in this tab, whose answer is all of their settings. */
const saves = new Map<string, Promise<UserSettings | null>>()

/**
 * Records a save of `uid`'s settings (a new device saving its time zone): its answer, null when
 * it failed, is what the next `readAccountSettings` takes instead of asking the server again.
 */
export function savingSettings(uid: string, answer: Promise<UserSettings | null>): void {
  saves.set(uid, answer)
}

/**
 * `uid`'s settings: the answer of a save recorded since the last read, else asked
 * (`GET /api/settings`). A new device's start saved its zone and read the account's language
 * in two requests with the same answer (issue 55).
 */
export async function readAccountSettings(
  uid: string,
  ask: () => Promise<UserSettings> = () => apiRequest<UserSettings>('settings'),
): Promise<UserSettings> {
  const saving = saves.get(uid)
  saves.delete(uid)
  return (await saving) ?? ask()
}
