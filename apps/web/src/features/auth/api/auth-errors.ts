import { msg, t } from '../../../lib/i18n'

/**
 * Friendly error codes of SPEC §8. The server (better-auth) answers with its own codes; Firebase
 * style codes are accepted too so a native provider plugin can report through the same path.
 */
export type AuthErrorCode =
  | 'email-already-in-use'
  | 'wrong-password'
  | 'user-not-found'
  | 'too-many-requests'
  | 'invalid-credential'
  | 'network-request-failed'
  | 'multi-factor-auth-required'
  | 'popup-blocked'
  | 'email-not-verified'
  | 'invalid-email'
  | 'weak-password'
  | 'session-expired'
  | 'invalid-action-code'
  | 'unknown'

/** A failed sign-in provider call with its friendly code and a message fit to show. */
export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

const CODE_MAP: Record<string, AuthErrorCode> = {
  // SPEC §8's provider codes.
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  EMAIL_NOT_FOUND: 'user-not-found',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  MFA_REQUIRED: 'multi-factor-auth-required',
  POPUP_BLOCKED: 'popup-blocked',
  // better-auth's codes.
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  INVALID_EMAIL_OR_PASSWORD: 'invalid-credential',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'user-not-found',
  USER_NOT_FOUND: 'user-not-found',
  EMAIL_NOT_VERIFIED: 'email-not-verified',
  INVALID_EMAIL: 'invalid-email',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  SESSION_EXPIRED: 'session-expired',
  TOO_MANY_REQUESTS: 'too-many-requests',
  // A password reset link that is wrong, used or expired.
  INVALID_TOKEN: 'invalid-action-code',
}

/**
 * Maps what the server said (its error code and HTTP status) to a friendly code. Unknown codes
 * fall back on the status: 429 is always too-many-requests.
 */
export function mapAuthErrorCode(serverCode: string | undefined, status?: number): AuthErrorCode {
  const normalized = serverCode
    ?.trim()
    .toUpperCase()
    .replace(/^AUTH\//, '')
    .replace(/[-\s]/g, '_')
  if (normalized) {
    const mapped = CODE_MAP[normalized]
    if (mapped) return mapped
    // A friendly code already (e.g. from a native plugin): keep it.
    const friendly = normalized.toLowerCase().replace(/_/g, '-') as AuthErrorCode
    if (friendly in FRIENDLY_MESSAGES) return friendly
  }
  if (status === 429) return 'too-many-requests'
  return 'unknown'
}

const FRIENDLY_MESSAGES: Record<AuthErrorCode, string> = {
  'email-already-in-use': msg('An account with this email already exists.'),
  'wrong-password': msg('The password is incorrect.'),
  'user-not-found': msg('No account exists with this email.'),
  'too-many-requests': msg('Too many attempts. Please try again later.'),
  'invalid-credential': msg('The email or password is incorrect.'),
  'network-request-failed': msg('Could not reach the server. Check your connection and try again.'),
  'multi-factor-auth-required': msg('This account needs a second sign-in step.'),
  'popup-blocked': msg('The sign-in window was blocked.'),
  'email-not-verified': msg('Please verify your email before signing in.'),
  'invalid-email': msg('Enter a valid email address.'),
  'weak-password': msg('The password must be at least 8 characters.'),
  'session-expired': msg('Your session has expired. Please sign in again.'),
  'invalid-action-code': msg('This link is invalid, used or expired. Ask for a new one.'),
  unknown: msg('Something went wrong'),
}

/** The message shown under the form for a friendly code, in the user's language. */
export function describeAuthError(code: AuthErrorCode): string {
  return t(FRIENDLY_MESSAGES[code])
}

/** The text to show for any thrown value: an AuthError's message, else 'Something went wrong'. */
export function getAuthErrorMessage(error: unknown): string {
  if (error instanceof AuthError) return error.message || describeAuthError(error.code)
  return describeAuthError('unknown')
}
