import { DEFAULT_LANGUAGE_CODE, DEFAULT_TIME_ZONE } from '@kindling/core'

/** How long a read of the device's zone is reused: a zone change shows within a second. */
const ZONE_READ_MS = 1000

let lastRead: { timeZone: string; at: number } | undefined

/**
 * The device's IANA time zone, or America/Phoenix when the browser does not say (SPEC §3).
 * Reading it builds an Intl formatter (about 0.1 ms, several times that on a slow phone) and a
 * screen asks from many components, so one read serves every call within a second.
 */
export function getDeviceTimeZone(): string {
  const now = Date.now()
  if (lastRead && now - lastRead.at >= 0 && now - lastRead.at < ZONE_READ_MS)
    return lastRead.timeZone
  let timeZone = DEFAULT_TIME_ZONE
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE
  } catch {
    // The browser cannot say: the default.
  }
  lastRead = { timeZone, at: now }
  return timeZone
}

/** The device's language, or en-US with a console warning when it is missing (SPEC §8). */
export function getDeviceLanguage(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language
  if (!language) {
    console.warn(`Device language missing, using ${DEFAULT_LANGUAGE_CODE}`)
    return DEFAULT_LANGUAGE_CODE
  }
  return language
}
