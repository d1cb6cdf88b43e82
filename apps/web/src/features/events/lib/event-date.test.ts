import { describe, expect, it } from 'vitest'
import { resolveDefaultDay, toEventInstant } from './event-date'

describe('resolveDefaultDay', () => {
  // 2026-03-10T11:30Z is already 11 March in Kiritimati (UTC+14) but still 10 March in Phoenix.
  const now = new Date('2026-03-10T11:30:00.000Z')

  it('uses a valid defaultDate as given', () => {
    expect(resolveDefaultDay('2025-12-31', now, 'America/Phoenix')).toBe('2025-12-31')
  })

  it('ignores invalid values and falls back to today in the zone', () => {
    for (const bad of ['2026-02-30', 'tomorrow', '2026-3-1', '', null]) {
      expect(resolveDefaultDay(bad, now, 'America/Phoenix')).toBe('2026-03-10')
    }
  })

  it('computes today in the device zone', () => {
    expect(resolveDefaultDay(null, now, 'Pacific/Kiritimati')).toBe('2026-03-11')
    expect(resolveDefaultDay(null, now, 'America/Phoenix')).toBe('2026-03-10')
  })
})

describe('toEventInstant', () => {
  const now = new Date('2026-03-10T11:30:00.000Z')

  it('uses now for today', () => {
    expect(toEventInstant('2026-03-11', now, 'Pacific/Kiritimati')).toBe(now.toISOString())
  })

  it('uses local noon for other days, inside that day in the zone', () => {
    expect(toEventInstant('2026-03-01', now, 'America/Phoenix')).toBe('2026-03-01T19:00:00.000Z')
    expect(toEventInstant('2026-03-01', now, 'Pacific/Kiritimati')).toBe('2026-02-28T22:00:00.000Z')
  })
})
