import type { Language } from '@kindling/core'
import type { Database } from '../db/client'
import { readSettings } from '../reminders/settings'
import { languageOfHeader } from './translate'

/**
 * The language to write to the account `uid` in (decision 161): the one its settings hold; an
 * account without one (a sign-up, or a user who never chose) is written to in the language its
 * request asked for (`acceptLanguage`), else English.
 */
export async function languageOfAccount(
  db: Pick<Database, 'select'>,
  uid: string,
  acceptLanguage?: string | string[] | null,
): Promise<Language> {
  const { language } = await readSettings(db, uid)
  return language ?? languageOfHeader(acceptLanguage ?? undefined)
}
