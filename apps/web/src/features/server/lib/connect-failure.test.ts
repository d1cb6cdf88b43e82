import { describe, expect, it } from 'vitest'
import { classifyDeviceHttpError, describeConnectFailure } from './connect-failure'

describe('classifyDeviceHttpError', () => {
  it("tells an untrusted certificate from iOS's and Android's own errors", () => {
    expect(
      classifyDeviceHttpError({
        code: 'NSURLErrorDomain',
        message:
          'The certificate for this server is invalid. You might be connecting to a server that is pretending to be “kindling.example.com” which could put your confidential information at risk.',
      }),
    ).toBe('certificate')
    expect(
      classifyDeviceHttpError({
        code: 'SSLHandshakeException',
        message:
          'java.security.cert.CertPathValidatorException: Trust anchor for certification path not found.',
      }),
    ).toBe('certificate')
  })

  it('takes anything else as no answer', () => {
    expect(
      classifyDeviceHttpError({
        code: 'NSURLErrorDomain',
        message: 'Could not connect to the server.',
      }),
    ).toBe('no-answer')
    expect(
      classifyDeviceHttpError({
        code: 'ConnectException',
        message: 'Failed to connect to kindling.example.com/203.0.113.7:443',
      }),
    ).toBe('no-answer')
    expect(classifyDeviceHttpError(new TypeError('Failed to fetch'))).toBe('no-answer')
    expect(classifyDeviceHttpError(undefined)).toBe('no-answer')
  })
})

describe('describeConnectFailure', () => {
  it('says what is wrong and what to do, naming the server', () => {
    expect(describeConnectFailure({ kind: 'address', problem: 'not-https' })).toBe(
      'The address must start with https:// (the app talks to servers over HTTPS only).',
    )
    expect(
      describeConnectFailure({ kind: 'server-too-old', host: 'home.example', version: '0.9.0' }),
    ).toBe(
      'home.example runs Kindling 0.9.0, which is too old for this app. Ask its administrator to update it.',
    )
    expect(describeConnectFailure({ kind: 'no-answer', host: 'home.example' })).toMatch(
      /^No answer from home\.example\./,
    )
  })
})
