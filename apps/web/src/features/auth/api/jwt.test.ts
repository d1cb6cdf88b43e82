import { describe, expect, it } from 'vitest'
import { getJwtAdminClaim, getJwtExpiry } from './jwt'

function buildJwt(claims: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${encode({ alg: 'EdDSA' })}.${encode(claims)}.signature`
}

describe('getJwtExpiry', () => {
  it('reads exp (seconds) as epoch milliseconds', () => {
    expect(getJwtExpiry(buildJwt({ sub: 'u1', exp: 1_700_000_000 }))).toBe(1_700_000_000_000)
  })

  it('is null for tokens without exp or that are not JWTs', () => {
    expect(getJwtExpiry(buildJwt({ sub: 'u1' }))).toBeNull()
    expect(getJwtExpiry('not-a-jwt')).toBeNull()
    expect(getJwtExpiry('a.%%%.c')).toBeNull()
  })
})

describe('getJwtAdminClaim', () => {
  it('is true only for a token that says admin: true', () => {
    expect(getJwtAdminClaim(buildJwt({ sub: 'u1', admin: true }))).toBe(true)
    expect(getJwtAdminClaim(buildJwt({ sub: 'u1', admin: 'yes' }))).toBe(false)
    expect(getJwtAdminClaim(buildJwt({ sub: 'u1' }))).toBe(false)
    expect(getJwtAdminClaim(null)).toBe(false)
    expect(getJwtAdminClaim('not-a-jwt')).toBe(false)
  })
})
