import { z } from 'zod'
import { ApiError } from './common'

/** The signed-in user as the sign-in provider describes them (SPEC §3). */
export const User = z.object({
  uid: z.string(),
  displayName: z.string().nullable(),
  email: z.email(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
})
export type User = z.infer<typeof User>

/** The account as the sign-in provider's endpoints answer it (better-auth's user). */
export const AuthUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AuthUser = z.infer<typeof AuthUser>

/**
 * The sign-in provider's error body, e.g. `{ code: 'USER_ALREADY_EXISTS', message }`. Errors the
 * server raises on those routes itself (bad JSON, body too large, too many attempts) also carry
 * the ApiError `error` object.
 */
export const AuthErrorBody = z.object({
  code: z.string().optional(),
  message: z.string(),
  error: ApiError.shape.error.optional(),
})
export type AuthErrorBody = z.infer<typeof AuthErrorBody>

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const DISPLAY_NAME_MAX_LENGTH = 100
export const IMAGE_URL_MAX_LENGTH = 2048

/**
 * A password being chosen (sign-up, reset, change): 8 to 128 characters, not only whitespace.
 * The server also refuses the most common passwords (a list too large for the app).
 */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((password) => password.trim() !== '', 'Password cannot be only spaces.')

/** What an account may say about its holder: a short display name and an http(s) picture. */
export const Profile = z.object({
  name: z
    .string()
    .max(DISPLAY_NAME_MAX_LENGTH, `Name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`)
    .optional(),
  image: z
    .url({ protocol: /^https?$/, error: 'Image must be an http or https URL.' })
    .max(IMAGE_URL_MAX_LENGTH, `Image must be at most ${IMAGE_URL_MAX_LENGTH} characters.`)
    .nullable()
    .optional(),
})
export type Profile = z.infer<typeof Profile>

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}
