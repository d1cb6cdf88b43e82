import { describe, expect, it } from 'vitest'
import { AuthError, describeAuthError, getAuthErrorMessage, mapAuthErrorCode } from './auth-errors'

describe('mapAuthErrorCode', () => {
  it.each([
    ['EMAIL_EXISTS', 'email-already-in-use'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['EMAIL_NOT_FOUND', 'user-not-found'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'too-many-requests'],
    ['INVALID_LOGIN_CREDENTIALS', 'invalid-credential'],
    ['USER_ALREADY_EXISTS', 'email-already-in-use'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'email-already-in-use'],
    ['INVALID_EMAIL_OR_PASSWORD', 'invalid-credential'],
    ['EMAIL_NOT_VERIFIED', 'email-not-verified'],
    ['INVALID_TOKEN', 'invalid-action-code'],
  ] as const)('maps the server code %s to %s', (serverCode, friendly) => {
    expect(mapAuthErrorCode(serverCode, 400)).toBe(friendly)
  })

  it('keeps a friendly code reported by a native plugin', () => {
    expect(mapAuthErrorCode('auth/network-request-failed')).toBe('network-request-failed')
    expect(mapAuthErrorCode('wrong-password')).toBe('wrong-password')
  })

  it('falls back on the status: 429 is too-many-requests, anything else unknown', () => {
    expect(mapAuthErrorCode(undefined, 429)).toBe('too-many-requests')
    expect(mapAuthErrorCode('SOMETHING_NEW', 500)).toBe('unknown')
    expect(mapAuthErrorCode(undefined)).toBe('unknown')
  })
})

describe('messages', () => {
  it('has a human message for every friendly code of SPEC §8', () => {
    for (const code of [
      'email-already-in-use',
      'wrong-password',
      'user-not-found',
      'too-many-requests',
      'invalid-credential',
      'network-request-failed',
      'multi-factor-auth-required',
      'popup-blocked',
    ] as const) {
      expect(describeAuthError(code)).toMatch(/\w/)
      expect(describeAuthError(code)).not.toBe('Something went wrong')
    }
  })

  it("shows an AuthError's message and 'Something went wrong' for anything else", () => {
    expect(getAuthErrorMessage(new AuthError('wrong-password', 'Nope'))).toBe('Nope')
    expect(getAuthErrorMessage(new Error('boom'))).toBe('Something went wrong')
    expect(getAuthErrorMessage(new AuthError('unknown', ''))).toBe('Something went wrong')
  })
})
