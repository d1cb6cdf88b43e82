import { DEFAULT_LANGUAGE_CODE, DEFAULT_TIME_ZONE } from '@kindling/core'

/** The device's IANA time zone, or America/Phoenix when the browser does not say (SPEC §3). */
export function getDeviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE
  } catch {
    return DEFAULT_TIME_ZONE
  }
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
