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

/**
 * Where single sign-on from the native shells returns to the app (issue 53): the app's own URL
 * scheme (its id), registered in the iOS and Android projects. The server appends `code`, or
 * `error` and `error_description`.
 */
export const NATIVE_SIGN_IN_RETURN_URL = 'app.kindling://single-sign-on'

/**
 * A PKCE verifier as RFC 7636 spells it: 43 to 128 unreserved characters (the app sends 32
 * random bytes in base64url), and its S256 challenge: the verifier's SHA-256 in base64url.
 */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** What the app opens in the system browser to start single sign-on (its query). */
export const NativeSignInStart = z.object({
  provider: z.string().min(1).max(50).describe('The provider: `oidc`.'),
  challenge: z
    .string()
    .regex(CHALLENGE_PATTERN, 'The challenge must be a SHA-256 in base64url (43 characters).')
    .describe('The base64url SHA-256 of a verifier the app keeps until it trades the code.'),
  invitation: z
    .string()
    .max(200)
    .optional()
    .describe('The invitation of an invitation link, for a new account.'),
})
export type NativeSignInStart = z.infer<typeof NativeSignInStart>

/** What the app sends to trade the one-time code it got back for a session. */
export const NativeSignInExchange = z.object({
  code: z.string().min(1).max(100).describe('The one-time code of the return URL.'),
  verifier: z
    .string()
    .regex(VERIFIER_PATTERN, 'The verifier must be 43 to 128 unreserved characters.')
    .describe('The verifier whose challenge started the sign-in.'),
})
export type NativeSignInExchange = z.infer<typeof NativeSignInExchange>
