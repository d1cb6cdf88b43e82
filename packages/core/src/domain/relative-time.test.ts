import { describe, expect, it } from 'vitest'
import { formatRelativeTime, getRelativeTime, type RelativeTime } from './relative-time'

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

/** Words `getRelativeTime`'s data as dayjs's English does. */
function inEnglish(time: RelativeTime): string {
  if (time.unit === 'now') return 'just now'
  const article = time.unit === 'hour' ? 'an' : 'a'
  const amount =
    time.unit === 'seconds'
      ? 'a few seconds'
      : time.count === 1
        ? `${article} ${time.unit}`
        : `${time.count} ${time.unit}s`
  return time.future ? `${amount} away` : `${amount} ago`
}

describe('getRelativeTime', () => {
  it('says what formatRelativeTime says, as data, at every threshold', () => {
    const second = 1000
    const offsets = [
      0,
      29,
      30,
      44 * second,
      45 * second,
      89 * second,
      90 * second,
      44 * minute,
      45 * minute,
      89 * minute,
      90 * minute,
      21 * 60 * minute,
      22 * 60 * minute,
      35 * 60 * minute,
      36 * 60 * minute,
      25 * day,
      26 * day,
      45 * day,
      46 * day,
      200 * day,
      320 * day,
      345 * day,
      400 * day,
      545 * day,
      548 * day,
      900 * day,
      4000 * day,
    ]
    for (const offset of offsets) {
      for (const sign of [-1, 1]) {
        const instant = at(sign * offset)
        expect(inEnglish(getRelativeTime(instant, now)), `${sign * offset}`).toBe(
          formatRelativeTime(instant, now),
        )
      }
    }
    expect(getRelativeTime(at(-3 * day), now)).toEqual({ unit: 'day', count: 3, future: false })
  })
})
