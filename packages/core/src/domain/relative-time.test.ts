import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const now = '2026-03-10T12:00:00.000Z'
const at = (offsetMs: number) => new Date(Date.parse(now) + offsetMs).toISOString()
const minute = 60_000
const day = 86_400_000

describe('formatRelativeTime', () => {
  it("says 'just now' under 30 ms either way", () => {
    expect(formatRelativeTime(now, now)).toBe('just now')
    expect(formatRelativeTime(at(-29), now)).toBe('just now')
    expect(formatRelativeTime(at(29), now)).toBe('just now')
  })

  it("says 'ago' for the past from 30 ms", () => {
    expect(formatRelativeTime(at(-30), now)).toBe('a few seconds ago')
    expect(formatRelativeTime(at(-5 * minute), now)).toBe('5 minutes ago')
    expect(formatRelativeTime(at(-day), now)).toBe('a day ago')
    expect(formatRelativeTime(at(-3 * day), now)).toBe('3 days ago')
    expect(formatRelativeTime('2025-03-10T12:00:00.000Z', now)).toBe('a year ago')
  })

  it("says 'away' for the future", () => {
    expect(formatRelativeTime(at(30), now)).toBe('a few seconds away')
    expect(formatRelativeTime(at(2 * day), now)).toBe('2 days away')
    expect(formatRelativeTime(at(60 * minute), now)).toBe('an hour away')
  })

  it('accepts Date objects and offsets', () => {
    expect(formatRelativeTime(new Date('2026-03-10T11:00:00Z'), new Date(now))).toBe('an hour ago')
    expect(formatRelativeTime('2026-03-10T14:00:00+02:00', now)).toBe('just now')
  })

  it('throws for an unparsable input', () => {
    expect(() => formatRelativeTime('whenever', now)).toThrow(RangeError)
  })
})
