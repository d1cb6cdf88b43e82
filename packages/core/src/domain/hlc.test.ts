import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  boundHlc,
  compareHlc,
  formatHlc,
  HLC_COUNTER_MAX,
  type Hlc,
  parseHlc,
  receiveHlc,
  tickHlc,
} from './hlc'

const noon = Date.parse('2026-11-29T12:00:00.000Z')
const hour = 3_600_000

describe('hybrid logical times', () => {
  it('is written so that text order is time order, and reads back', () => {
    const time: Hlc = { wall: noon, counter: 3, node: 'phone1' }
    expect(formatHlc(time)).toBe('2026-11-29T12:00:00.000Z-00003-phone1')
    expect(parseHlc(formatHlc(time))).toEqual(time)
    const times = fc.record({
      wall: fc.integer({ min: 0, max: Date.parse('9999-12-31T00:00:00Z') }),
      counter: fc.integer({ min: 0, max: HLC_COUNTER_MAX }),
      node: fc.stringMatching(/^[a-z0-9]{1,8}$/),
    })
    fc.assert(
      fc.property(times, times, (a, b) => {
        const byText = formatHlc(a) < formatHlc(b) ? -1 : formatHlc(a) > formatHlc(b) ? 1 : 0
        expect(Math.sign(compareHlc(a, b))).toBe(byText)
      }),
    )
  })

  it('reads no malformed text and no date that does not exist', () => {
    expect(parseHlc('2026-11-29T12:00:00.000Z-3-phone1')).toBeUndefined()
    expect(parseHlc('2026-02-30T12:00:00.000Z-00000-phone1')).toBeUndefined()
    expect(parseHlc('2026-11-29T12:00:00.000Z-00000-')).toBeUndefined()
    expect(parseHlc('2026-11-29T12:00:00Z-00000-phone1')).toBeUndefined()
  })

  it('ticks with the wall clock, and after its last time when the clock is not later', () => {
    expect(tickHlc(noon, undefined, 'a')).toEqual({ wall: noon, counter: 0, node: 'a' })
    const last = { wall: noon, counter: 4, node: 'a' }
    expect(tickHlc(noon + 1, last, 'a')).toEqual({ wall: noon + 1, counter: 0, node: 'a' })
    // The same millisecond, or a clock set back: still after the last time.
    expect(tickHlc(noon, last, 'a')).toEqual({ wall: noon, counter: 5, node: 'a' })
    expect(tickHlc(noon - hour, last, 'a')).toEqual({ wall: noon, counter: 5, node: 'a' })
    const full = { wall: noon, counter: HLC_COUNTER_MAX, node: 'a' }
    expect(tickHlc(noon, full, 'a')).toEqual({ wall: noon + 1, counter: 0, node: 'a' })
  })

  it('after receiving a time, every tick is later than it, even on a clock behind', () => {
    const remote = { wall: noon, counter: 7, node: 'laptop' }
    const behind = noon - 10 * 60_000
    const seen = receiveHlc(undefined, remote, behind, 'phone')
    expect(compareHlc(seen, remote)).toBeGreaterThan(0)
    expect(compareHlc(tickHlc(behind + 1, seen, 'phone'), remote)).toBeGreaterThan(0)
    // A wall clock ahead of both wins with a fresh counter.
    expect(receiveHlc(seen, remote, noon + 5, 'phone')).toEqual({
      wall: noon + 5,
      counter: 0,
      node: 'phone',
    })
    const times = fc.record({
      wall: fc.integer({ min: noon - hour, max: noon + hour }),
      counter: fc.integer({ min: 0, max: 10 }),
      node: fc.constantFrom('a', 'b'),
    })
    fc.assert(
      fc.property(times, times, fc.integer({ min: noon - hour, max: noon + hour }), (l, r, now) => {
        const after = receiveHlc(l, r, now, 'c')
        expect(compareHlc(after, l)).toBeGreaterThan(0)
        expect(compareHlc(after, r)).toBeGreaterThan(0)
        expect(after.wall).toBeGreaterThanOrEqual(now)
      }),
    )
  })

  it('bounds a time from a clock ahead by the time it arrived', () => {
    const ahead = { wall: noon + hour, counter: 2, node: 'fast' }
    expect(boundHlc(ahead, noon)).toEqual({ wall: noon, counter: 0, node: 'fast' })
    const before = { wall: noon - 1, counter: 2, node: 'slow' }
    expect(boundHlc(before, noon)).toBe(before)
  })
})
