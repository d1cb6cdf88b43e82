import { describe, expect, it } from 'vitest'
import type { DayTotals } from './day-totals'
import { buildDayTotals } from './day-totals'
import { buildPeriodProgress, buildYearHeatMap } from './stats-overview'
import {
  buildActivity,
  buildEventsOnDays,
  consecutiveDays,
  daily,
  monthly,
  unscheduled,
  weekly,
} from './test-fixtures'

// Tuesday 17 March 2026.
const today = '2026-03-17'

function totalsOn(days: readonly string[]): DayTotals {
  return buildDayTotals(buildEventsOnDays('x', days), 'UTC')
}

describe('buildPeriodProgress', () => {
  const read = buildActivity({ id: 'read', name: 'Read', schedule: daily })
  const run = buildActivity({ id: 'run', name: 'Run', schedule: daily })
  const call = buildActivity({ id: 'call', name: 'Call', schedule: weekly })
  const budget = buildActivity({ id: 'budget', name: 'Budget', schedule: monthly })
  const museum = buildActivity({ id: 'museum', name: 'Museum', schedule: unscheduled })
  const gone = buildActivity({ id: 'gone', schedule: daily, deletedAt: '2026-03-01' })
  const totals = new Map<string, DayTotals>([
    // Read: 17 of March's days so far, twice on one of them, and one event after today.
    ['read', totalsOn([...consecutiveDays(today, 17), today, '2026-03-20'])],
    ['run', totalsOn(['2026-03-16', '2026-03-02'])],
    // Weeks of March by their Thursday: 2 Mar, 9 Mar, 16 Mar, 23 Mar (26 Feb's Thursday is February's).
    ['call', totalsOn(['2026-02-28', '2026-03-04', '2026-03-16'])],
    ['budget', totalsOn(['2026-03-03'])],
    ['museum', totalsOn(['2026-03-16', '2026-03-17', '2026-03-01'])],
  ])
  const activities = [read, run, call, budget, museum, gone]

  it('this month: done / expected per habit, worst first, nothing-expected last', () => {
    const progress = buildPeriodProgress(activities, totals, 'month', today)
    expect(progress.map(({ activity, done, expected }) => [activity.name, done, expected])).toEqual(
      [
        ['Run', 2, 31],
        ['Call', 2, 4],
        ['Read', 17, 31],
        ['Budget', 1, 1],
        ['Museum', 3, 0],
      ],
    )
  })

  it('this week: a Monthly habit expects nothing in a week', () => {
    const progress = buildPeriodProgress(activities, totals, 'week', today)
    expect(progress.map(({ activity, done, expected }) => [activity.name, done, expected])).toEqual(
      [
        ['Run', 1, 7],
        ['Read', 2, 7],
        ['Call', 1, 1],
        ['Budget', 0, 0],
        ['Museum', 2, 0],
      ],
    )
  })

  it('habits without events count 0; a week holding 1 March belongs to February', () => {
    const progress = buildPeriodProgress([call], new Map(), 'month', '2026-02-10')
    // February 2026: Thursdays 5, 12, 19, 26.
    expect(progress[0]).toMatchObject({ done: 0, expected: 4 })
    expect(buildPeriodProgress([], totals, 'week', today)).toEqual([])
  })
})

describe('buildYearHeatMap', () => {
  it('lays out the year in Monday-first weeks with the calendar shades', () => {
    const totals = totalsOn(['2026-01-01', '2026-01-01', '2026-03-17', '2025-12-31', '2027-01-01'])
    const map = buildYearHeatMap(totals, 2026)
    // 1 January 2026 is a Thursday: the first column starts on Monday 29 December 2025.
    expect(map.weeks[0]?.slice(0, 3)).toEqual([null, null, null])
    expect(map.weeks[0]?.[3]).toEqual({ day: '2026-01-01', count: 2, shade: 5 })
    expect(map.weeks[0]?.[4]).toEqual({ day: '2026-01-02', count: 0, shade: null })
    expect(map.weeks).toHaveLength(53)
    // 31 December 2026 is a Thursday: the last column ends with three empty days.
    expect(map.weeks.at(-1)?.slice(3)).toEqual([
      { day: '2026-12-31', count: 0, shade: null },
      null,
      null,
      null,
    ])
    expect(map.weeks.flat().filter(Boolean)).toHaveLength(365)
    expect(map.events).toBe(3)
    expect(map.activeDays).toBe(2)
    expect(map.months[0]).toEqual({ month: 1, events: 2, activeDays: 1 })
    expect(map.months[2]).toEqual({ month: 3, events: 1, activeDays: 1 })
    expect(map.months[11]).toEqual({ month: 12, events: 0, activeDays: 0 })
  })

  it('leap years have 366 cells; empty totals are all grey', () => {
    const map = buildYearHeatMap({ firstDay: '2024-01-01', counts: [] }, 2024)
    expect(map.weeks.flat().filter(Boolean)).toHaveLength(366)
    expect(map.events).toBe(0)
  })
})
