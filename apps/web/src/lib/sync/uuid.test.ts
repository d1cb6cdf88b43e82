import { describe, expect, it } from 'vitest'
import { randomHex, uuidv7 } from './uuid'

describe('ids made on the device', () => {
  it('are version 7 UUIDs that sort by their time', () => {
    const earlier = uuidv7(Date.UTC(2026, 0, 1))
    const later = uuidv7(Date.UTC(2026, 0, 2))
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(earlier < later).toBe(true)
  })

  it('random hex has the length asked for, odd too, and differs each time', () => {
    expect(randomHex(16)).toMatch(/^[0-9a-f]{16}$/)
    expect(randomHex(7)).toMatch(/^[0-9a-f]{7}$/)
    expect(new Set(Array.from({ length: 20 }, () => randomHex(16))).size).toBe(20)
  })
})
