import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addDays, toCalendarDay } from './dates'
import {
  buildDayTotals,
  buildDayTotalsByActivity,
  EMPTY_DAY_TOTALS,
  getDayCount,
  getDayTotalsRange,
  mergeDayTotals,
} from './day-totals'
import { buildEvent } from './test-fixtures'

describe('buildDayTotals', () => {
  it('is empty for no events', () => {
    expect(buildDayTotals([], 'UTC')).toEqual(EMPTY_DAY_TOTALS)
    expect(getDayTotalsRange(EMPTY_DAY_TOTALS)).toBeNull()
  })

  it('counts live events per day in the zone, densely from the first day', () => {
    const totals = buildDayTotals(
      [
        buildEvent({ eventDate: '2026-03-12T20:00:00.000Z' }),
        buildEvent({ eventDate: '2026-03-10T08:00:00.000Z' }),
        buildEvent({ eventDate: '2026-03-11T03:00:00.000Z' }), // still 10 March in Phoenix
        buildEvent({ eventDate: '2026-03-11T18:00:00.000Z', deletedAt: '2026-03-12T00:00:00Z' }),
        buildEvent({ eventDate: 'garbage' }),
      ],
      'America/Phoenix',
    )
    expect(totals).toEqual({ firstDay: '2026-03-10', counts: [2, 0, 1] })
  })

  it('sums every number value per day with entries, min and max; other values are ignored', () => {
    const totals = buildDayTotals(
      [
        buildEvent({ eventDate: '2026-03-10', attributes: { km: 5, mood: 'fine' } }),
        buildEvent({ eventDate: '2026-03-10', attributes: { km: 2.5 } }),
        buildEvent({ eventDate: '2026-03-10', attributes: { km: '7' } }),
        buildEvent({ eventDate: '2026-03-12', attributes: { km: -1 } }),
        buildEvent({ eventDate: '2026-03-12', attributes: { km: Number.NaN } }),
      ],
      'UTC',
    )
    expect(totals.counts).toEqual([3, 0, 2])
    expect(totals.numbers?.km).toEqual({
      sums: [7.5, 0, -1],
      entries: [2, 0, 1],
      mins: [2.5, 0, -1],
      maxes: [5, 0, -1],
    })
    expect(totals.numbers?.mood).toBeUndefined()
  })

  it('counts each live event on its day in the zone', () => {
    const days = fc.array(
      fc.record({ offset: fc.integer({ min: -400, max: 400 }), hour: fc.nat(23) }),
      { maxLength: 60 },
    )
    fc.assert(
      fc.property(days, (list) => {
        const events = list.map(({ offset, hour }) =>
          buildEvent({
            eventDate: `${addDays('2026-03-10', offset)}T${String(hour).padStart(2, '0')}:00:00.000Z`,
          }),
        )
        const totals = buildDayTotals(events, 'Asia/Kolkata')
        const byDay = new Map<string, number>()
        for (const event of events) {
          const day = toCalendarDay(event.eventDate, 'Asia/Kolkata')
          byDay.set(day, (byDay.get(day) ?? 0) + 1)
        }
        const fromTotals = new Map<string, number>()
        totals.counts.forEach((count, index) => {
          if (count > 0) fromTotals.set(addDays(totals.firstDay, index), count)
        })
        expect(fromTotals).toEqual(byDay)
      }),
    )
  })
})

describe('buildDayTotalsByActivity', () => {
  it('splits by activity in one pass, with each activity its number attributes', () => {
    const totals = buildDayTotalsByActivity(
      [
        buildEvent({ activityId: 'run', eventDate: '2026-03-10', attributes: { km: 5 } }),
        buildEvent({ activityId: 'read', eventDate: '2026-03-12', attributes: { km: 9 } }),
        buildEvent({ activityId: 'run', eventDate: '2026-03-11', deletedAt: '2026-03-11' }),
        buildEvent({ activityId: 'run', eventDate: 'nope' }),
      ],
      'UTC',
    )
    expect([...totals.keys()]).toEqual(['run', 'read'])
    expect(totals.get('run')).toEqual({
      firstDay: '2026-03-10',
      counts: [1],
      numbers: { km: { sums: [5], entries: [1], mins: [5], maxes: [5] } },
    })
    expect(totals.get('read')).toEqual({
      firstDay: '2026-03-12',
      counts: [1],
      numbers: { km: { sums: [9], entries: [1], mins: [9], maxes: [9] } },
    })
  })
})

describe('mergeDayTotals', () => {
  it('adds counts and combines values over the union of days', () => {
    const old = buildDayTotals(
      [
        buildEvent({ eventDate: '2026-03-01', attributes: { km: 4 } }),
        buildEvent({ eventDate: '2026-03-03', attributes: { km: 1 } }),
      ],
      'UTC',
    )
    const recent = buildDayTotals(
      [
        buildEvent({ eventDate: '2026-03-03', attributes: { km: 6, min: 2 } }),
        buildEvent({ eventDate: '2026-03-05' }),
      ],
      'UTC',
    )
    const merged = mergeDayTotals(old, recent)
    expect(merged.firstDay).toBe('2026-03-01')
    expect(merged.counts).toEqual([1, 0, 2, 0, 1])
    expect(merged.numbers?.km).toEqual({
      sums: [4, 0, 7, 0, 0],
      entries: [1, 0, 2, 0, 0],
      mins: [4, 0, 1, 0, 0],
      maxes: [4, 0, 6, 0, 0],
    })
    expect(merged.numbers?.min?.sums).toEqual([0, 0, 2, 0, 0])
    expect(mergeDayTotals(recent, old)).toEqual(merged)
  })

  it('keeps either side when the other is empty, and counts-only stays counts-only', () => {
    const counts = { firstDay: '2026-03-01', counts: [1, 2] }
    expect(mergeDayTotals(EMPTY_DAY_TOTALS, counts)).toBe(counts)
    expect(mergeDayTotals(counts, EMPTY_DAY_TOTALS)).toBe(counts)
    expect(mergeDayTotals(counts, { firstDay: '2026-02-27', counts: [1] })).toEqual({
      firstDay: '2026-02-27',
      counts: [1, 0, 1, 2],
    })
  })

  it('equals building the totals of all events at once', () => {
    const event = fc.record({
      offset: fc.integer({ min: 0, max: 60 }),
      value: fc.option(fc.integer({ min: -5, max: 50 }), { nil: undefined }),
    })
    fc.assert(
      fc.property(fc.array(event), fc.array(event), (left, right) => {
        const build = (list: typeof left) =>
          list.map(({ offset, value }) =>
            buildEvent({
              eventDate: addDays('2026-01-01', offset),
              attributes: value === undefined ? {} : { n: value },
            }),
          )
        const merged = mergeDayTotals(
          buildDayTotals(build(left), 'UTC'),
          buildDayTotals(build(right), 'UTC'),
        )
        const whole = buildDayTotals([...build(left), ...build(right)], 'UTC')
        expect(merged).toEqual(whole)
      }),
    )
  })

  it('reads runs of per-day counts across a leap day with single days on top, empty days 0', () => {
    const merged = mergeDayTotals(
      { firstDay: '2024-02-27', counts: [1, 0, 3, 1] },
      { firstDay: '2024-02-29', counts: [2] },
      { firstDay: '2024-03-01', counts: [1, 0, 0, 0, 4] },
    )
    expect(getDayCount(merged, '2024-02-27')).toBe(1)
    expect(getDayCount(merged, '2024-02-28')).toBe(0)
    expect(getDayCount(merged, '2024-02-29')).toBe(5)
    expect(getDayCount(merged, '2024-03-01')).toBe(2)
    expect(getDayCount(merged, '2024-03-05')).toBe(4)
    expect(getDayCount(merged, '2024-02-26')).toBe(0)
    expect(getDayCount(merged, 'not a day')).toBe(0)
    expect(getDayCount(undefined, '2024-02-27')).toBe(0)
    expect(merged).toEqual({ firstDay: '2024-02-27', counts: [1, 0, 5, 2, 0, 0, 0, 4] })
    expect(mergeDayTotals({ firstDay: '2026-03-10', counts: [] })).toEqual(EMPTY_DAY_TOTALS)
  })

  it('rejects an invalid first day', () => {
    expect(() => getDayTotalsRange({ firstDay: '2026-13-01', counts: [1] })).toThrow(RangeError)
  })
})
