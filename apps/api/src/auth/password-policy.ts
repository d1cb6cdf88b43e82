import { NewPassword } from '@kindling/core'
import { dictionary } from '@zxcvbn-ts/language-common'

/** How many of the most used passwords are refused (zxcvbn-ts's list, most used first). */
export const COMMON_PASSWORD_COUNT = 10_000

const commonPasswords = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((word) => word.toLowerCase()),
)

export interface PasswordProblem {
  /** better-auth style error code: the app shows `message` for codes it does not know. */
  code: 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_WEAK' | 'PASSWORD_TOO_COMMON'
  message: string
}

/**
 * Why `password` may not be chosen, or null when it may: the shared NewPassword rules (length,
 * not only spaces), then the list of common passwords, compared case-insensitively.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const parsed = NewPassword.safeParse(password)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const code =
      issue?.code === 'too_small'
        ? 'PASSWORD_TOO_SHORT'
        : issue?.code === 'too_big'
          ? 'PASSWORD_TOO_LONG'
          : 'PASSWORD_TOO_WEAK'
    return { code, message: issue?.message ?? 'Choose another password.' }
  }
  if (commonPasswords.has(password.toLowerCase())) {
    return {
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common. Choose one that is harder to guess.',
    }
  }
  return null
}
