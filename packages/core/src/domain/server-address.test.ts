import { describe, expect, it } from 'vitest'
import { checkApiCompatibility, parseServerAddress } from './server-address'

describe('parseServerAddress', () => {
  it('takes an https address as typed, without a trailing slash, query or fragment', () => {
    expect(parseServerAddress('  https://Kindling.Example.com/ ')).toEqual({
      ok: true,
      url: 'https://kindling.example.com',
      host: 'kindling.example.com',
    })
    expect(parseServerAddress('https://home.example:8443/kindling//?a=1#top')).toEqual({
      ok: true,
      url: 'https://home.example:8443/kindling',
      host: 'home.example:8443',
    })
  })

  it('adds https:// to a bare host name', () => {
    expect(parseServerAddress('kindling.example.com')).toMatchObject({
      ok: true,
      url: 'https://kindling.example.com',
    })
  })

  it('refuses plain http, other schemes, credentials and what is no address', () => {
    expect(parseServerAddress('http://kindling.lan:3000')).toEqual({
      ok: false,
      problem: 'not-https',
    })
    expect(parseServerAddress('ftp://kindling.example.com')).toEqual({
      ok: false,
      problem: 'not-a-url',
    })
    expect(parseServerAddress('https://me:secret@kindling.example.com')).toEqual({
      ok: false,
      problem: 'not-a-url',
    })
    expect(parseServerAddress('https://exa mple.com')).toEqual({ ok: false, problem: 'not-a-url' })
    expect(parseServerAddress('https://exa%20mple.com')).toEqual({
      ok: false,
      problem: 'not-a-url',
    })
    expect(parseServerAddress('https://[::1]:8443')).toMatchObject({ ok: true })
    expect(parseServerAddress('   ')).toEqual({ ok: false, problem: 'empty' })
  })
})

describe('checkApiCompatibility', () => {
  it('accepts the versions of the range, both ends included, and names the side out of it', () => {
    const supported = { min: 2, max: 3 }
    expect(checkApiCompatibility(2, supported)).toBe('compatible')
    expect(checkApiCompatibility(3, supported)).toBe('compatible')
    expect(checkApiCompatibility(1, supported)).toBe('server-too-old')
    expect(checkApiCompatibility(4, supported)).toBe('server-too-new')
    expect(checkApiCompatibility(1)).toBe('compatible')
  })
})
