import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  daysInMonth,
  formatDayNumber,
  getZone,
  MS_PER_DAY,
  parseDayNumber,
  parseInstant,
  splitDayNumber,
} from './time-zone'

describe('parseInstant', () => {
  it('agrees with Date.parse on the canonical form and on others', () => {
    for (const text of [
      '2026-03-08T07:30:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2024-02-29T00:00:00.000Z',
      '2026-03-08T07:30:00+05:45',
      '2026-03-08T07:30Z',
    ]) {
      expect(parseInstant(text), text).toBe(Date.parse(text))
    }
  })

  it('gives NaN for nonsense', () => {
    expect(parseInstant('not a date')).toBeNaN()
    expect(parseInstant('2026-13-08T07:30:00.000Z')).toBeNaN()
  })
})

describe('day numbers', () => {
  it('round-trip through strings', () => {
    for (const day of ['1970-01-01', '1969-12-31', '2000-02-29', '2026-12-31', '2100-03-01']) {
      expect(formatDayNumber(parseDayNumber(day))).toBe(day)
    }
    expect(parseDayNumber('1970-01-02')).toBe(1)
  })

  /** Days 0000-01-01 … 9999-12-31, the range the strings can write. */
  const anyDayNumber = fc.integer({ min: -719_528, max: 2_932_896 })

  it('format and split every day as the Date of its UTC midnight does', () => {
    fc.assert(
      fc.property(anyDayNumber, (dayNumber) => {
        const date = new Date(dayNumber * MS_PER_DAY)
        expect(formatDayNumber(dayNumber)).toBe(date.toISOString().slice(0, 10))
        expect(splitDayNumber(dayNumber)).toEqual({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        })
      }),
      { numRuns: 5000 },
    )
    for (const dayNumber of [-719_528, -1, 0, 59, 11_016, 2_932_896]) {
      expect(formatDayNumber(dayNumber)).toBe(
        new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10),
      )
    }
  })

  it('count the days of every month, leap years by the Gregorian rule', () => {
    for (const year of [1900, 2000, 2023, 2024, 2100, 2400]) {
      for (let month = 1; month <= 12; month++) {
        expect(daysInMonth(year, month), `${year}-${month}`).toBe(
          new Date(Date.UTC(year, month, 0)).getUTCDate(),
        )
      }
    }
  })
})

describe('getZone', () => {
  it('matches Intl offsets around a transition, hour by hour', () => {
    const zone = getZone('Europe/Berlin')
    const start = Date.parse('2026-03-28T00:00:00Z')
    for (let hour = 0; hour < 72; hour++) {
      const ms = start + hour * 3_600_000
      const expected = ms < Date.parse('2026-03-29T01:00:00Z') ? 3_600_000 : 7_200_000
      expect(zone.offsetAt(ms)).toBe(expected)
    }
  })

  it('handles half-hour and 45-minute zones', () => {
    expect(getZone('Asia/Kathmandu').offsetAt(Date.parse('2026-01-01T00:00:00Z'))).toBe(
      (5 * 60 + 45) * 60_000,
    )
    expect(getZone('Australia/Adelaide').offsetAt(Date.parse('2026-01-01T00:00:00Z'))).toBe(
      10.5 * 3_600_000,
    )
  })
})
