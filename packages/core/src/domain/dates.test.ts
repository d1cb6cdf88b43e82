import { describe, expect, it } from 'vitest'
import {
  addDays,
  getNarrowWeekdayLetters,
  getPeriod,
  getPeriodUnit,
  getWeekday,
  getWeekStrip,
  isValidCalendarDay,
  listCalendarDays,
  toCalendarDay,
} from './dates'

describe('toCalendarDay', () => {
  it('reads an instant in the given zone', () => {
    const instant = '2026-01-01T10:30:00.000Z'
    expect(toCalendarDay(instant, 'UTC')).toBe('2026-01-01')
    expect(toCalendarDay(instant, 'Pacific/Kiritimati')).toBe('2026-01-02')
    expect(toCalendarDay(instant, 'Pacific/Pago_Pago')).toBe('2025-12-31')
    expect(toCalendarDay(instant, 'America/Phoenix')).toBe('2026-01-01')
  })

  it('accepts Date objects and instants with offsets', () => {
    expect(toCalendarDay(new Date('2026-06-30T23:30:00Z'), 'Europe/Berlin')).toBe('2026-07-01')
    expect(toCalendarDay('2026-06-30T23:30:00+02:00', 'UTC')).toBe('2026-06-30')
    expect(toCalendarDay('2026-06-30T23:30Z', 'Asia/Kathmandu')).toBe('2026-07-01')
  })

  it('keeps a bare calendar day whatever the zone', () => {
    expect(toCalendarDay('2026-03-08', 'Pacific/Kiritimati')).toBe('2026-03-08')
    expect(toCalendarDay('2024-02-29', 'Pacific/Pago_Pago')).toBe('2024-02-29')
  })

  it('crosses the year boundary at local midnight', () => {
    expect(toCalendarDay('2026-12-31T09:59:59.999Z', 'Pacific/Kiritimati')).toBe('2026-12-31')
    expect(toCalendarDay('2026-12-31T10:00:00.000Z', 'Pacific/Kiritimati')).toBe('2027-01-01')
    expect(toCalendarDay('2027-01-01T10:59:59.999Z', 'Pacific/Pago_Pago')).toBe('2026-12-31')
    expect(toCalendarDay('2027-01-01T11:00:00.000Z', 'Pacific/Pago_Pago')).toBe('2027-01-01')
  })

  it('follows DST transitions', () => {
    // New York springs forward at 2026-03-08 07:00Z and falls back at 2026-11-01 06:00Z.
    expect(toCalendarDay('2026-03-08T04:59:59.000Z', 'America/New_York')).toBe('2026-03-07')
    expect(toCalendarDay('2026-03-08T05:00:00.000Z', 'America/New_York')).toBe('2026-03-08')
    expect(toCalendarDay('2026-03-09T03:59:59.000Z', 'America/New_York')).toBe('2026-03-08')
    expect(toCalendarDay('2026-03-09T04:00:00.000Z', 'America/New_York')).toBe('2026-03-09')
    expect(toCalendarDay('2026-11-02T04:59:59.000Z', 'America/New_York')).toBe('2026-11-01')
    expect(toCalendarDay('2026-11-02T05:00:00.000Z', 'America/New_York')).toBe('2026-11-02')
  })

  it('throws for unparsable input, impossible days and unknown zones', () => {
    expect(() => toCalendarDay('yesterday', 'UTC')).toThrow(RangeError)
    expect(() => toCalendarDay('2026-02-30', 'UTC')).toThrow(RangeError)
    expect(() => toCalendarDay(new Date(Number.NaN), 'UTC')).toThrow(RangeError)
    expect(() => toCalendarDay('2026-01-01T00:00:00Z', 'Mars/Olympus')).toThrow(RangeError)
  })
})

describe('isValidCalendarDay', () => {
  it('accepts real days, leap days included', () => {
    expect(isValidCalendarDay('2026-01-31')).toBe(true)
    expect(isValidCalendarDay('2024-02-29')).toBe(true)
    expect(isValidCalendarDay('2000-02-29')).toBe(true)
  })

  it('rejects impossible days and other shapes', () => {
    for (const value of [
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-1',
      '2026-01-01T00:00:00Z',
      '',
      ' 2026-01-01',
      'abcd-ef-gh',
    ]) {
      expect(isValidCalendarDay(value), value).toBe(false)
    }
  })
})

describe('addDays, getWeekday and listCalendarDays', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10')
  })

  it('numbers weekdays as getDay()', () => {
    expect(getWeekday('2026-03-09')).toBe(1) // Monday
    expect(getWeekday('2026-03-15')).toBe(0) // Sunday
    expect(getWeekday('1969-12-31')).toBe(3) // before the epoch
  })

  it('lists inclusive ranges and nothing for a reversed one', () => {
    expect(listCalendarDays('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ])
    expect(listCalendarDays('2026-03-10', '2026-03-10')).toEqual(['2026-03-10'])
    expect(listCalendarDays('2026-03-10', '2026-03-09')).toEqual([])
  })

  it('throws for an invalid day', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError)
    expect(() => getWeekday('nope')).toThrow(RangeError)
  })
})

describe('getPeriod', () => {
  it('maps cadences to units', () => {
    expect(getPeriodUnit('Daily')).toBe('day')
    expect(getPeriodUnit('Weekly')).toBe('week')
    expect(getPeriodUnit('Monthly')).toBe('month')
  })

  it('gives a day with its UTC bounds', () => {
    expect(getPeriod('day', '2026-03-10T15:00:00.000Z', 'America/Phoenix')).toEqual({
      unit: 'day',
      start: '2026-03-10',
      end: '2026-03-10',
      startInstant: '2026-03-10T07:00:00.000Z',
      endInstant: '2026-03-11T07:00:00.000Z',
    })
  })

  it('makes DST days 23 and 25 hours long', () => {
    const spring = getPeriod('day', '2026-03-08T12:00:00Z', 'America/New_York')
    expect(spring.startInstant).toBe('2026-03-08T05:00:00.000Z')
    expect(spring.endInstant).toBe('2026-03-09T04:00:00.000Z')
    const autumn = getPeriod('day', '2026-11-01T12:00:00Z', 'America/New_York')
    expect(autumn.startInstant).toBe('2026-11-01T04:00:00.000Z')
    expect(autumn.endInstant).toBe('2026-11-02T05:00:00.000Z')
    const london = getPeriod('day', '2026-03-29', 'Europe/London')
    expect(london.startInstant).toBe('2026-03-29T00:00:00.000Z')
    expect(london.endInstant).toBe('2026-03-29T23:00:00.000Z')
  })

  it('starts a day at the transition when local midnight is skipped', () => {
    // Santiago jumps from 00:00 to 01:00 on 2026-09-06 (UTC-4 to UTC-3).
    const day = getPeriod('day', '2026-09-06', 'America/Santiago')
    expect(day.startInstant).toBe('2026-09-06T04:00:00.000Z')
    expect(day.endInstant).toBe('2026-09-07T03:00:00.000Z')
    expect(toCalendarDay('2026-09-06T03:59:59.000Z', 'America/Santiago')).toBe('2026-09-05')
  })

  it('gives a zero-length day that a zone skipped entirely', () => {
    // Samoa moved across the date line: 2011-12-30 never happened in Apia.
    const skipped = getPeriod('day', '2011-12-30', 'Pacific/Apia')
    expect(skipped.startInstant).toBe('2011-12-30T10:00:00.000Z')
    expect(skipped.endInstant).toBe(skipped.startInstant)
    expect(toCalendarDay('2011-12-30T10:00:00.000Z', 'Pacific/Apia')).toBe('2011-12-31')
  })

  it('gives the Monday-to-Sunday ISO week, across a year boundary', () => {
    // 2026-01-01 is a Thursday; in Kiritimati 2026-01-01T00:00Z is already 14:00 that day.
    expect(getPeriod('week', '2026-01-01T00:00:00.000Z', 'Pacific/Kiritimati')).toEqual({
      unit: 'week',
      start: '2025-12-29',
      end: '2026-01-04',
      startInstant: '2025-12-28T10:00:00.000Z',
      endInstant: '2026-01-04T10:00:00.000Z',
    })
  })

  it('puts a Sunday in the week that started the Monday before', () => {
    const week = getPeriod('week', '2026-03-15', 'UTC')
    expect([week.start, week.end]).toEqual(['2026-03-09', '2026-03-15'])
    const monday = getPeriod('week', '2026-03-16', 'UTC')
    expect([monday.start, monday.end]).toEqual(['2026-03-16', '2026-03-22'])
  })

  it('gives whole months, leap Februaries included', () => {
    expect(getPeriod('month', '2024-02-10', 'Pacific/Pago_Pago')).toEqual({
      unit: 'month',
      start: '2024-02-01',
      end: '2024-02-29',
      startInstant: '2024-02-01T11:00:00.000Z',
      endInstant: '2024-03-01T11:00:00.000Z',
    })
    const february = getPeriod('month', '2026-02-28', 'UTC')
    expect(february.end).toBe('2026-02-28')
    const december = getPeriod('month', '2026-12-31T23:00:00.000Z', 'UTC')
    expect([december.start, december.end, december.endInstant]).toEqual([
      '2026-12-01',
      '2026-12-31',
      '2027-01-01T00:00:00.000Z',
    ])
  })

  it('reads the instant in the zone before choosing the month', () => {
    const instant = '2026-03-31T20:00:00.000Z'
    expect(getPeriod('month', instant, 'Pacific/Kiritimati').start).toBe('2026-04-01')
    expect(getPeriod('month', instant, 'Pacific/Pago_Pago').start).toBe('2026-03-01')
  })
})

describe('week strip', () => {
  it('lists narrow letters Monday first', () => {
    expect(getNarrowWeekdayLetters()).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S'])
    expect(getNarrowWeekdayLetters('fr-FR')).toEqual(['L', 'M', 'M', 'J', 'V', 'S', 'D'])
  })

  it('gives the seven days of the current week with today marked', () => {
    const strip = getWeekStrip('2026-03-04T10:00:00.000Z', 'UTC')
    expect(strip.map((day) => day.day)).toEqual(listCalendarDays('2026-03-02', '2026-03-08'))
    expect(strip.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0])
    expect(strip.filter((day) => day.isToday).map((day) => day.day)).toEqual(['2026-03-04'])
    expect(strip[0]?.letter).toBe('M')
  })

  it('uses the zone to decide which day is today', () => {
    // Sunday 2026-03-08 22:00 UTC is already Monday in Kiritimati: a new week.
    const now = '2026-03-08T22:00:00.000Z'
    expect(getWeekStrip(now, 'UTC')[6]?.isToday).toBe(true)
    const kiritimati = getWeekStrip(now, 'Pacific/Kiritimati')
    expect(kiritimati[0]).toEqual({ day: '2026-03-09', weekday: 1, letter: 'M', isToday: true })
  })
})
