import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays } from './dates'
import type { DayTotals } from './day-totals'
import { buildDayTotals, EMPTY_DAY_TOTALS } from './day-totals'
import {
  computeCompletion,
  computeHabitStats,
  countByWeekday,
  getFirstEventDay,
  getStatsPeriodDayNumbers,
  summarizeByPeriod,
  summarizeDays,
} from './habit-stats'
import { listStreaks } from './streaks'
import { computeStrength, getStrengthFrequency } from './strength'
import {
  buildEvent,
  buildEventsOnDays,
  consecutiveDays,
  daily,
  monthlyOn,
  unscheduled,
  weekly,
  weeklyOn,
} from './test-fixtures'
import { parseDayNumber } from './time-zone'

// Tuesday 10 March 2026.
const today = '2026-03-10'

function totalsOn(days: readonly string[]): DayTotals {
  return buildDayTotals(buildEventsOnDays('habit', days), 'UTC')
}

describe('getFirstEventDay', () => {
  it('is the first day with a count above 0', () => {
    expect(getFirstEventDay(EMPTY_DAY_TOTALS)).toBeNull()
    expect(getFirstEventDay({ firstDay: '2026-03-01', counts: [0, 0, 2] })).toBe('2026-03-03')
    expect(getFirstEventDay({ firstDay: '2026-03-01', counts: [0, 0] })).toBeNull()
  })
})

describe('summarizeDays and summarizeByPeriod', () => {
  const totals = buildDayTotals(
    [
      buildEvent({ eventDate: '2026-02-27', attributes: { km: 3 } }),
      buildEvent({ eventDate: '2026-03-02', attributes: { km: 5 } }),
      buildEvent({ eventDate: '2026-03-02', attributes: { km: 1 } }),
      buildEvent({ eventDate: '2026-03-02' }),
      buildEvent({ eventDate: '2026-03-09', attributes: { km: 10 } }),
    ],
    'UTC',
  )

  it('counts events, days with events and number summaries over a range', () => {
    expect(summarizeDays(totals, '2026-03-01', today)).toEqual({
      count: 4,
      activeDays: 2,
      numbers: { km: { total: 16, entries: 3, min: 1, max: 10, average: 16 / 3 } },
    })
    expect(summarizeDays(totals, '2025-01-01', '2025-12-31')).toEqual({
      count: 0,
      activeDays: 0,
      numbers: {},
    })
    expect(summarizeDays(EMPTY_DAY_TOTALS, '2025-01-01', today).count).toBe(0)
  })

  it('groups by ISO week, with empty periods and partial ends', () => {
    const weeks = summarizeByPeriod(totals, 'week', '2026-02-25', today)
    expect(weeks.map(({ start, end, count }) => [start, end, count])).toEqual([
      ['2026-02-23', '2026-03-01', 1],
      ['2026-03-02', '2026-03-08', 3],
      ['2026-03-09', '2026-03-15', 1],
    ])
    expect(weeks[1]?.numbers.km?.total).toBe(6)
    // Only days from `from` are read: the 27th is before the 28th.
    expect(summarizeByPeriod(totals, 'week', '2026-02-28', today)[0]?.count).toBe(0)
  })

  it('groups by month, year and day', () => {
    expect(summarizeByPeriod(totals, 'month', '2026-01-01', today).map((p) => p.count)).toEqual([
      0, 1, 4,
    ])
    const years = summarizeByPeriod(totals, 'year', '2025-06-01', today)
    expect(years.map(({ start, end, count }) => [start, end, count])).toEqual([
      ['2025-01-01', '2025-12-31', 0],
      ['2026-01-01', '2026-12-31', 5],
    ])
    expect(
      summarizeByPeriod(totals, 'day', '2026-03-01', '2026-03-03').map((p) => p.count),
    ).toEqual([0, 3, 0])
  })

  it('is empty when to is before from, and rejects invalid days', () => {
    expect(summarizeByPeriod(totals, 'week', today, '2026-03-01')).toEqual([])
    expect(() => summarizeByPeriod(totals, 'week', '2026-02-30', today)).toThrow(RangeError)
  })

  it('year periods span 1 January to 31 December, leap years too', () => {
    expect(getStatsPeriodDayNumbers('year', parseDayNumber('2024-07-01'))).toEqual([
      parseDayNumber('2024-01-01'),
      parseDayNumber('2024-12-31'),
    ])
  })
})

describe('countByWeekday', () => {
  it('counts events per weekday, Monday first, every weekday present', () => {
    // 2026-03-09 Monday, 2026-03-10 Tuesday, 2026-03-15 Sunday.
    const totals = buildDayTotals(
      buildEventsOnDays('habit', ['2026-03-09', '2026-03-09', '2026-03-10', '2026-03-15']),
      'UTC',
    )
    expect(countByWeekday(totals)).toEqual([
      { weekday: 1, count: 2 },
      { weekday: 2, count: 1 },
      { weekday: 3, count: 0 },
      { weekday: 4, count: 0 },
      { weekday: 5, count: 0 },
      { weekday: 6, count: 0 },
      { weekday: 0, count: 1 },
    ])
    expect(countByWeekday(totals, '2026-03-10', '2026-03-14').map((w) => w.count)).toEqual([
      0, 1, 0, 0, 0, 0, 0,
    ])
    expect(countByWeekday(EMPTY_DAY_TOTALS).every((w) => w.count === 0)).toBe(true)
  })
})

describe('listStreaks', () => {
  it('lists the longest runs with their dates, and the one ending yesterday', () => {
    const totals = totalsOn([
      ...consecutiveDays('2026-01-10', 4),
      ...consecutiveDays('2026-02-01', 7),
      ...consecutiveDays('2026-02-20', 4),
      ...consecutiveDays('2026-03-09', 5),
      today,
    ])
    expect(listStreaks(totals, today)).toEqual({
      current: { start: '2026-03-05', end: '2026-03-09', length: 5 },
      best: [
        { start: '2026-01-26', end: '2026-02-01', length: 7 },
        { start: '2026-03-05', end: '2026-03-09', length: 5 },
        { start: '2026-02-17', end: '2026-02-20', length: 4 },
        { start: '2026-01-07', end: '2026-01-10', length: 4 },
      ],
    })
  })

  it('keeps the 5 longest; no current run when yesterday is empty; later days ignored', () => {
    const days = [1, 2, 3, 4, 5, 6].flatMap((n) => consecutiveDays(`2026-01-${10 + 3 * n}`, 1))
    const totals = totalsOn([...days, today, '2026-03-20'])
    const { current, best } = listStreaks(totals, today)
    expect(current).toBeNull()
    expect(best).toHaveLength(5)
    expect(best[0]?.end).toBe('2026-01-28')
    expect(listStreaks(totals, today, 0).best).toEqual([])
    expect(listStreaks(EMPTY_DAY_TOTALS, today)).toEqual({ current: null, best: [] })
  })

  it('agrees with counting days back from yesterday', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 60 }), { maxLength: 60 }), (offsets) => {
        const events = buildEventsOnDays(
          'habit',
          offsets.map((offset) => addDays(today, -offset)),
        )
        const { current, best } = listStreaks(buildDayTotals(events, 'UTC'), today)
        const eventDays = new Set(offsets)
        let streak = 0
        while (eventDays.has(streak + 1)) streak++
        expect(current?.length ?? 0).toBe(streak)
        expect(best[0]?.length ?? 0).toBeGreaterThanOrEqual(streak)
        for (let i = 1; i < best.length; i++) {
          expect(best[i]?.length).toBeLessThanOrEqual(best[i - 1]?.length ?? 0)
        }
      }),
    )
  })
})

describe('computeCompletion', () => {
  it('daily: the days since creation with events; today only once done', () => {
    const totals = totalsOn(['2026-03-01', '2026-03-02', '2026-03-05'])
    expect(computeCompletion(totals, daily, '2026-03-01', today)).toEqual({
      unit: 'day',
      done: 3,
      expected: 9,
      rate: 3 / 9,
    })
    const withToday = totalsOn(['2026-03-01', today])
    expect(computeCompletion(withToday, daily, '2026-03-01', today)).toMatchObject({
      done: 2,
      expected: 10,
    })
  })

  it('an event before the creation day moves the start back (imported history)', () => {
    const totals = totalsOn(['2026-02-27'])
    expect(computeCompletion(totals, daily, '2026-03-09', today)).toMatchObject({
      done: 1,
      expected: 11,
    })
  })

  it('weekly: ISO weeks with any event, whatever days the schedule names', () => {
    // Weeks from Mon 9 Feb: 9 Feb (done), 16 Feb (missed), 23 Feb (done), 2 Mar (done), 9 Mar (open).
    const totals = totalsOn(['2026-02-10', '2026-02-11', '2026-02-28', '2026-03-08'])
    expect(computeCompletion(totals, weeklyOn(1, 3), '2026-02-12', today)).toEqual({
      unit: 'week',
      done: 3,
      expected: 4,
      rate: 0.75,
    })
  })

  it('monthly: months with any event', () => {
    const totals = totalsOn(['2025-12-31', '2026-02-01', today])
    expect(computeCompletion(totals, monthlyOn(15), '2025-12-20', today)).toEqual({
      unit: 'month',
      done: 3,
      expected: 4,
      rate: 0.75,
    })
  })

  it('is null for unscheduled habits; rate null while nothing was expected', () => {
    expect(computeCompletion(totalsOn([today]), unscheduled, today, today)).toBeNull()
    expect(computeCompletion(EMPTY_DAY_TOTALS, daily, today, today)).toEqual({
      unit: 'day',
      done: 0,
      expected: 0,
      rate: null,
    })
    expect(computeCompletion(EMPTY_DAY_TOTALS, daily, '2026-04-01', today)?.expected).toBe(0)
  })

  it('daily completion counts the distinct days with events (agrees with the streak days)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 90 }), { maxLength: 80 }), (offsets) => {
        const days = offsets.map((offset) => addDays(today, -offset))
        const result = computeCompletion(totalsOn(days), daily, addDays(today, -90), today)
        const distinct = new Set(days)
        expect(result?.done).toBe(distinct.size)
        expect(result?.expected).toBe(distinct.has(today) ? 91 : 90)
      }),
    )
  })
})

describe('computeHabitStats', () => {
  it('gathers strength, streaks, completion, weekdays and totals up to today', () => {
    const totals = buildDayTotals(
      [
        ...buildEventsOnDays('habit', consecutiveDays('2026-03-09', 10)),
        buildEvent({ eventDate: '2026-03-20' }),
      ],
      'UTC',
    )
    const stats = computeHabitStats(totals, { schedule: daily, since: '2026-02-28', today })
    const strength = computeStrength(totals, {
      frequency: getStrengthFrequency(daily),
      until: today,
    })
    expect(stats.strength).toEqual(strength)
    expect(stats.currentStrength).toBe(strength.scores.at(-1))
    expect(stats.firstEventDay).toBe('2026-02-28')
    expect(stats.streaks.current?.length).toBe(10)
    expect(stats.completion).toMatchObject({ done: 10, expected: 10, rate: 1 })
    expect(stats.weekdays.reduce((sum, w) => sum + w.count, 0)).toBe(10)
    expect(stats.overall).toEqual({ count: 10, activeDays: 10, numbers: {} })
  })

  it('passes a number target to the strength; an empty history is all zeros', () => {
    const totals = buildDayTotals(
      [buildEvent({ eventDate: today, attributes: { ml: 500 } })],
      'UTC',
    )
    const target = {
      kind: 'amount',
      attributeId: 'ml',
      comparison: 'atLeast',
      value: 1000,
    } as const
    const stats = computeHabitStats(totals, { schedule: weekly, since: today, today, target })
    expect(stats.currentStrength).toBeCloseTo(stepStrengthHalfWeekly(), 12)
    const empty = computeHabitStats(EMPTY_DAY_TOTALS, { schedule: daily, since: today, today })
    expect(empty.currentStrength).toBe(0)
    expect(empty.firstEventDay).toBeNull()
    expect(empty.overall.count).toBe(0)
  })
})

/** One day at half a weekly target: 0.5 * (1 - multiplier) at frequency 1/7. */
function stepStrengthHalfWeekly(): number {
  return 0.5 * (1 - 0.5 ** (Math.sqrt(1 / 7) / 13))
}
