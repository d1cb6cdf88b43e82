import { describe, expect, it } from 'vitest'
import type { Config } from '../config'
import { trustedOrigins } from './auth'

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
