import { describe, expect, it } from 'vitest'
import type { Config } from '../config'
import { sameHostOrigin, trustedOrigins } from './auth'

const at = (publicUrl: string) => trustedOrigins({ publicUrl } as Config)

describe('trustedOrigins', () => {
  it("trusts the server's own origin and the native shells'", () => {
    expect(at('http://my-pc.local:3000')).toEqual([
      'http://my-pc.local:3000',
      'capacitor://localhost',
      'https://localhost',
      'http://localhost',
    ])
    expect(at('https://kindling.example.com/')).toContain('http://localhost')
  })

  it('leaves http://localhost out when the server itself is at localhost (the same site)', () => {
    for (const publicUrl of ['http://localhost:3000', 'http://app.localhost:8080']) {
      const origins = at(publicUrl)
      expect(origins).not.toContain('http://localhost')
      expect(origins).toContain('capacitor://localhost')
      expect(origins).toContain('https://localhost')
    }
  })
})

describe('sameHostOrigin', () => {
  const from = (host: string | null, origin: string | null) =>
    sameHostOrigin(new Headers({ ...(host ? { host } : {}), ...(origin ? { origin } : {}) }))

  it("is the origin of a page whose host is the request's own, at any name or address", () => {
    expect(from('kindling.lan:3000', 'http://kindling.lan:3000')).toEqual([
      'http://kindling.lan:3000',
    ])
    expect(from('192.168.1.20:3000', 'http://192.168.1.20:3000')).toEqual([
      'http://192.168.1.20:3000',
    ])
    expect(from('Kindling.LAN', 'https://kindling.lan')).toEqual(['https://kindling.lan'])
  })

  it('is nothing for another host or port, an opaque origin, or a request without either header', () => {
    expect(from('kindling.lan:3000', 'http://evil.example')).toEqual([])
    expect(from('kindling.lan:3000', 'http://kindling.lan:3001')).toEqual([])
    expect(from('localhost:3000', 'http://localhost')).toEqual([])
    expect(from('kindling.lan:3000', 'null')).toEqual([])
    expect(from(null, 'http://kindling.lan:3000')).toEqual([])
    expect(from('kindling.lan:3000', null)).toEqual([])
    expect(sameHostOrigin(undefined)).toEqual([])
  })
})
