import { describe, expect, it } from 'vitest'
import { addDays } from './dates'
import { buildDayTotals } from './day-totals'
import { computeHeatShade } from './heat'
import { buildEvent, type TestEvent } from './test-fixtures'

/** The calendar's counts: events per day (with any) in the zone, from the habit's days. */
function countEventsByDay(events: TestEvent[], timeZone: string): Map<string, number> {
  const totals = buildDayTotals(events, timeZone)
  const byDay = new Map<string, number>()
  totals.counts.forEach((count, index) => {
    if (count > 0) byDay.set(addDays(totals.firstDay, index), count)
  })
  return byDay
}

describe('events per day, as the calendar reads them', () => {
  it('is empty for no events', () => {
    expect(countEventsByDay([], 'UTC').size).toBe(0)
  })

  it('counts non-deleted events per day in the zone', () => {
    const events = [
      buildEvent({ eventDate: '2026-03-10T08:00:00.000Z' }),
      buildEvent({ eventDate: '2026-03-10T20:00:00.000Z' }),
      buildEvent({ eventDate: '2026-03-11T03:00:00.000Z' }), // still 10 March in Phoenix
      buildEvent({ eventDate: '2026-03-10T09:00:00.000Z', deletedAt: '2026-03-10T10:00:00.000Z' }),
      buildEvent({ eventDate: '2024-02-29' }),
      buildEvent({ eventDate: 'garbage' }),
    ]
    expect(Object.fromEntries(countEventsByDay(events, 'America/Phoenix'))).toEqual({
      '2026-03-10': 3,
      '2024-02-29': 1,
    })
    expect(Object.fromEntries(countEventsByDay(events, 'UTC'))).toEqual({
      '2026-03-10': 2,
      '2026-03-11': 1,
      '2024-02-29': 1,
    })
  })

  it('splits the same instant differently in far zones', () => {
    const events = [buildEvent({ eventDate: '2026-12-31T10:30:00.000Z' })]
    expect([...countEventsByDay(events, 'Pacific/Kiritimati').keys()]).toEqual(['2027-01-01'])
    expect([...countEventsByDay(events, 'Pacific/Pago_Pago').keys()]).toEqual(['2026-12-30'])
  })
})

describe('computeHeatShade', () => {
  it('is grey (null) without events', () => {
    expect(computeHeatShade(0)).toBeNull()
    expect(computeHeatShade(undefined)).toBeNull()
    expect(computeHeatShade(-1)).toBeNull()
  })

  it('is count + 3, capped at 9', () => {
    expect([1, 2, 5, 6, 7, 100].map(computeHeatShade)).toEqual([4, 5, 8, 9, 9, 9])
  })
})
