import { z } from 'zod'
import { DEFAULT_LANGUAGE_CODE, DEFAULT_TIME_ZONE } from '../constants'

/** The signed-in user as the sign-in provider describes them (SPEC §3). */
export const User = z.object({
  uid: z.string(),
  displayName: z.string().nullable(),
  email: z.email(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
})
export type User = z.infer<typeof User>

export const Credentials = z.object({
  email: z.email('Enter a valid e-mail address.'),
  password: z.string().min(8, 'Password must be at least 8 characters.').max(128),
})
export type Credentials = z.infer<typeof Credentials>

export const DeviceSettings = z.object({
  languageCode: z.string().default(DEFAULT_LANGUAGE_CODE),
  timezone: z.string().default(DEFAULT_TIME_ZONE),
})
export type DeviceSettings = z.infer<typeof DeviceSettings>

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}
