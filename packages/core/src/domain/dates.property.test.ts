/**
 * Property tests for calendar periods and streaks: arbitrary instants 1990–2100 in zones chosen
 * for their awkward clocks (no DST, US DST, EU DST, Lord Howe's 30-minute DST, UTC+14, UTC-11,
 * Kathmandu's +5:45). Seeds are fixed so a failure reproduces on every machine.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PeriodUnit } from './dates'
import { addDays, getPeriod, getWeekday, listCalendarDays, toCalendarDay } from './dates'
import { buildDayTotals } from './day-totals'
import { computeStreak } from './streaks'

const zones = [
  'America/Phoenix',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
  'UTC',
] as const

const options = { numRuns: 200, seed: 20260310 }

const anyZone = fc.constantFrom(...zones)
const anyUnit = fc.constantFrom<PeriodUnit>('day', 'week', 'month')
/** An ISO instant from 1990-01-01 to 2100-01-01 UTC, millisecond precision. */
const anyInstant = fc
  .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms).toISOString())

describe('getPeriod, for any instant and zone', () => {
  it('the day, week or month containing an instant contains its calendar day', () => {
    fc.assert(
      fc.property(anyInstant, anyZone, anyUnit, (instant, zone, unit) => {
        const day = toCalendarDay(instant, zone)
        const period = getPeriod(unit, instant, zone)
        expect(period.start <= day && day <= period.end).toBe(true)
      }),
      options,
    )
  })

  it('its instant bounds hold the instant: startInstant ≤ instant < endInstant', () => {
    fc.assert(
      fc.property(anyInstant, anyZone, anyUnit, (instant, zone, unit) => {
        const period = getPeriod(unit, instant, zone)
        const at = Date.parse(instant)
        expect(Date.parse(period.startInstant)).toBeLessThanOrEqual(at)
        expect(at).toBeLessThan(Date.parse(period.endInstant))
      }),
      options,
    )
  })

  it('a week starts on a Monday and lists seven days, start and end included', () => {
    fc.assert(
      fc.property(anyInstant, anyZone, (instant, zone) => {
        const week = getPeriod('week', instant, zone)
        expect(getWeekday(week.start)).toBe(1)
        expect(getWeekday(week.end)).toBe(0)
        expect(listCalendarDays(week.start, week.end)).toHaveLength(7)
      }),
      options,
    )
  })

  it('consecutive periods tile: the next one starts where this one ends, the day after', () => {
    fc.assert(
      fc.property(anyInstant, anyZone, anyUnit, (instant, zone, unit) => {
        const period = getPeriod(unit, instant, zone)
        const next = getPeriod(unit, period.endInstant, zone)
        expect(next.startInstant).toBe(period.endInstant)
        expect(next.start).toBe(addDays(period.end, 1))
      }),
      options,
    )
  })
})

describe('addDays, for any day and amount', () => {
  it('going forward n days and back n days returns to the same day', () => {
    fc.assert(
      fc.property(
        anyInstant,
        anyZone,
        fc.integer({ min: -40_000, max: 40_000 }),
        (instant, zone, amount) => {
          const day = toCalendarDay(instant, zone)
          expect(addDays(addDays(day, amount), -amount)).toBe(day)
        },
      ),
      options,
    )
  })
})

describe('computeStreak, for any events', () => {
  const HOUR = 3_600_000
  /** Events from 20 days before now to 2 days after, dense enough for real streaks; some deleted. */
  const anyEvents = fc.array(
    fc.record({
      offsetHours: fc.integer({ min: -20 * 24, max: 2 * 24 }),
      deleted: fc.boolean(),
    }),
    { maxLength: 60 },
  )
  const anyNow = fc.integer({ min: Date.UTC(1990, 2, 1), max: Date.UTC(2099, 10, 1) })

  it('never exceeds the number of distinct days with events before today', () => {
    fc.assert(
      fc.property(anyNow, anyEvents, anyZone, (now, drafts, zone) => {
        const events = drafts.map(({ offsetHours, deleted }) => ({
          activityId: 'run',
          eventDate: new Date(now + offsetHours * HOUR).toISOString(),
          deletedAt: deleted ? '2026-01-01T00:00:00.000Z' : null,
        }))
        const nowIso = new Date(now).toISOString()
        const today = toCalendarDay(nowIso, zone)
        const daysBeforeToday = new Set(
          events
            .filter((event) => event.deletedAt === null)
            .map((event) => toCalendarDay(event.eventDate, zone))
            .filter((day) => day < today),
        )
        const streak = computeStreak(buildDayTotals(events, zone), today)
        expect(streak).toBeGreaterThanOrEqual(0)
        expect(streak).toBeLessThanOrEqual(daysBeforeToday.size)
      }),
      options,
    )
  })
})
