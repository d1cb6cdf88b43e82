import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DayTotalsBuilder } from './day-totals'
import { listStreaks, rankStreaks, computeStreak as streakOf } from './streaks'
import {
  buildActivity,
  buildEvent,
  buildEventsOnDays,
  consecutiveDays,
  daysAt,
  type TestActivity,
  type TestEvent,
} from './test-fixtures'
import { formatDayNumber, parseDayNumber } from './time-zone'

/** One activity's streak with these events, now, in a zone: its days as the rule reads them. */
function computeStreak(events: TestEvent[], at: string, timeZone: string): number {
  const { days, today } = daysAt(events, at, timeZone)
  const [only] = days.values()
  return only ? streakOf(only, today) : streakOf({ firstDay: today, counts: [] }, today)
}

/** The Streaks section with these events, now, in a zone. */
function computeStreaks(
  activities: TestActivity[],
  events: TestEvent[],
  at: string,
  timeZone: string,
) {
  const { days, today } = daysAt(events, at, timeZone)
  return rankStreaks(activities, days, today)
}

// Tuesday 2026-03-10, 15:00 in Phoenix.
const now = '2026-03-10T22:00:00.000Z'
const phoenix = 'America/Phoenix'

describe('computeStreak', () => {
  it('is 0 for no events', () => {
    expect(computeStreak([], now, phoenix)).toBe(0)
  })

  it('counts consecutive days ending yesterday', () => {
    const events = buildEventsOnDays('run', consecutiveDays('2026-03-09', 5))
    expect(computeStreak(events, now, phoenix)).toBe(5)
  })

  it('does not count today, and today does not break the streak', () => {
    const withToday = buildEventsOnDays('run', consecutiveDays('2026-03-10', 4))
    expect(computeStreak(withToday, now, phoenix)).toBe(3)
  })

  it('is 0 when yesterday has no event', () => {
    const events = buildEventsOnDays('run', ['2026-03-10', '2026-03-08', '2026-03-07'])
    expect(computeStreak(events, now, phoenix)).toBe(0)
  })

  it('stops at the first gap and counts several events a day once', () => {
    const events = buildEventsOnDays('run', [
      '2026-03-09',
      '2026-03-09',
      '2026-03-08',
      '2026-03-06',
      '2026-03-05',
    ])
    expect(computeStreak(events, now, phoenix)).toBe(2)
  })

  it('ignores deleted events and future ones', () => {
    const events = [
      ...buildEventsOnDays('run', ['2026-03-09', '2026-03-07', '2026-03-12']),
      buildEvent({ activityId: 'run', eventDate: '2026-03-08T18:00:00.000Z', deletedAt: now }),
    ]
    expect(computeStreak(events, now, phoenix)).toBe(1)
  })

  it('runs across month, year and leap-day boundaries', () => {
    const leap = buildEventsOnDays('run', consecutiveDays('2024-03-01', 3))
    expect(computeStreak(leap, '2024-03-02T12:00:00.000Z', 'UTC')).toBe(3)
    const newYear = buildEventsOnDays('run', consecutiveDays('2027-01-01', 10))
    expect(computeStreak(newYear, '2027-01-02T12:00:00.000Z', 'UTC')).toBe(10)
  })

  it('counts days in the user zone, not in UTC', () => {
    // Evenings in Pago Pago (UTC-11) are the next UTC day; mornings in Kiritimati the previous.
    const pagoEvenings = ['2026-03-08T08:30:00.000Z', '2026-03-09T08:30:00.000Z'].map((eventDate) =>
      buildEvent({ activityId: 'run', eventDate }),
    )
    expect(computeStreak(pagoEvenings, '2026-03-10T08:00:00.000Z', 'Pacific/Pago_Pago')).toBe(2)
    expect(computeStreak(pagoEvenings, '2026-03-10T08:00:00.000Z', 'UTC')).toBe(2)
    const kiritimatiMornings = ['2026-03-08T11:00:00.000Z', '2026-03-09T11:00:00.000Z'].map(
      (eventDate) => buildEvent({ activityId: 'run', eventDate }),
    )
    // Now is 2026-03-11 01:00 in Kiritimati: yesterday is 10 March, which has an event.
    expect(
      computeStreak(kiritimatiMornings, '2026-03-10T11:00:00.000Z', 'Pacific/Kiritimati'),
    ).toBe(2)
    // In UTC it is 10 March: the events fall on 8 and 9 March, also a streak of 2.
    expect(computeStreak(kiritimatiMornings, '2026-03-10T11:00:00.000Z', 'UTC')).toBe(2)
    // But seen from Pago Pago, late on 9 March, yesterday (8 March) has no event.
    expect(computeStreak(kiritimatiMornings, '2026-03-10T10:00:00.000Z', 'Pacific/Pago_Pago')).toBe(
      1,
    )
  })

  it('keeps a streak across a DST change', () => {
    // New York: 2026-03-08 has 23 hours; late-evening events each day around it.
    const lateEvenings = [
      '2026-03-07T04:30:00.000Z', // 6 March 23:30 EST
      '2026-03-08T04:30:00.000Z', // 7 March 23:30 EST
      '2026-03-09T03:30:00.000Z', // 8 March 23:30 EDT
      '2026-03-10T03:30:00.000Z', // 9 March 23:30 EDT
    ].map((eventDate) => buildEvent({ activityId: 'run', eventDate }))
    expect(computeStreak(lateEvenings, '2026-03-10T14:00:00.000Z', 'America/New_York')).toBe(4)
  })
})

describe('computeStreaks', () => {
  const run = buildActivity({ id: 'run', name: 'Run' })
  const read = buildActivity({ id: 'read', name: 'Read' })
  const swim = buildActivity({ id: 'swim', name: 'Swim' })
  const gone = buildActivity({ id: 'gone', name: 'Gone', deletedAt: '2026-03-01T00:00:00.000Z' })

  it('returns only streaks above 0, longest first, ties by name', () => {
    const events = [
      ...buildEventsOnDays('run', consecutiveDays('2026-03-09', 2)),
      ...buildEventsOnDays('read', consecutiveDays('2026-03-09', 7)),
      ...buildEventsOnDays('swim', consecutiveDays('2026-03-09', 2)),
      ...buildEventsOnDays('gone', consecutiveDays('2026-03-09', 30)),
      ...buildEventsOnDays('unknown', consecutiveDays('2026-03-09', 30)),
    ]
    const idle = buildActivity({ id: 'idle', name: 'Idle' })
    const streaks = computeStreaks([swim, run, idle, read, gone], events, now, phoenix)
    expect(streaks.map(({ activity, streak }) => [activity.name, streak])).toEqual([
      ['Read', 7],
      ['Run', 2],
      ['Swim', 2],
    ])
    expect(streaks[0]?.activity).toBe(read)
  })

  it('is empty for no activities or no events', () => {
    expect(computeStreaks([], buildEventsOnDays('run', ['2026-03-09']), now, phoenix)).toEqual([])
    expect(computeStreaks([run, read], [], now, phoenix)).toEqual([])
  })

  it('lists a repeated activity once', () => {
    const events = buildEventsOnDays('run', ['2026-03-09'])
    expect(computeStreaks([run, run], events, now, phoenix)).toHaveLength(1)
  })

  it('matches computeStreak on a heavy user (140k events, 40 activities)', () => {
    const activities = Array.from({ length: 40 }, (_, index) =>
      buildActivity({ id: `a${index}`, name: `Habit ${String(index).padStart(2, '0')}` }),
    )
    // 3500 days of events ending yesterday (2026-03-09), at 11:00 in Phoenix.
    const start = Date.parse('2026-03-09T00:00:00.000Z') - 3499 * 86_400_000
    const events = Array.from({ length: 140_000 }, (_, index) => {
      const activityIndex = index % 40
      // One event a day per activity; activity k > 0 misses one day, leaving a streak of 10k - 1.
      const dayOffset = Math.floor(index / 40)
      const skip = activityIndex > 0 && dayOffset === 3500 - activityIndex * 10
      return buildEvent({
        activityId: `a${activityIndex}`,
        eventDate: new Date(
          start + (skip ? -1000 : dayOffset) * 86_400_000 + 18 * 3_600_000,
        ).toISOString(),
      })
    })
    const streaks = computeStreaks(activities, events, now, phoenix)
    const byActivity = new Map<string, typeof events>()
    for (const event of events) {
      const own = byActivity.get(event.activityId)
      if (own) own.push(event)
      else byActivity.set(event.activityId, [event])
    }
    for (const { activity, streak } of streaks) {
      const own = byActivity.get(activity.id) ?? []
      expect(streak, activity.name).toBe(computeStreak(own, now, phoenix))
    }
    expect(streaks).toHaveLength(40)
    expect(streaks[0]).toEqual({ activity: activities[0], streak: 3500 })
    expect(streaks[39]).toEqual({ activity: activities[1], streak: 9 })
  })
})

describe('rankStreaks on days of years of history', () => {
  const run = buildActivity({ id: 'run', name: 'Run' })
  const read = buildActivity({ id: 'read', name: 'Read' })
  const gone = buildActivity({ id: 'gone', name: 'Gone', deletedAt: '2026-03-01T00:00:00.000Z' })
  const days = (list: string[], count = 1) => {
    const builder = new DayTotalsBuilder()
    for (const day of list) builder.addCount(parseDayNumber(day), count)
    return builder.build()
  }
  const computeStreaksFromDays = (
    activities: TestActivity[],
    counts: Map<string, ReturnType<typeof days>>,
    at: string,
    timeZone: string,
  ) => rankStreaks(activities, counts, daysAt([], at, timeZone).today)

  it('counts a three-year daily habit in full: no cap', () => {
    const counts = new Map([['run', days(consecutiveDays('2026-03-09', 1095))]])
    const [first] = computeStreaksFromDays([run], counts, now, phoenix)
    expect(first?.streak).toBe(1095)
  })

  it('follows the same rules as from events: today never counts, a gap ends it', () => {
    const counts = new Map([
      ['run', days(['2026-03-10', '2026-03-09', '2026-03-08', '2026-03-06'])],
      ['read', days(['2026-03-09'], 0)],
      ['gone', days(['2026-03-09'])],
    ])
    const streaks = computeStreaksFromDays([read, run, run, gone], counts, now, phoenix)
    expect(streaks.map(({ activity, streak }) => [activity.name, streak])).toEqual([['Run', 2]])
  })
})

describe('computeStreak, for any days and breaks', () => {
  /** Days 0-59 after 2026-01-01: counts (mostly 0 or 1), break ranges, and a today around them. */
  const anyCase = fc.record({
    offset: fc.integer({ min: 0, max: 20 }),
    counts: fc.array(fc.constantFrom(0, 0, 1, 1, 1, 2), { maxLength: 40 }),
    breaks: fc.array(fc.tuple(fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 6 })), {
      maxLength: 4,
    }),
    today: fc.integer({ min: 0, max: 70 }),
  })
  const origin = parseDayNumber('2026-01-01')

  it("is the length of listStreaks' current run", () => {
    fc.assert(
      fc.property(anyCase, ({ offset, counts, breaks, today }) => {
        const ranges = breaks
          .map(([from, length]) => [origin + from, origin + from + length] as [number, number])
          .sort((a, b) => a[0] - b[0])
          // Sorted, disjoint, non-adjacent: as the break records are merged (breaks.ts).
          .reduce<[number, number][]>((merged, range) => {
            const previous = merged[merged.length - 1]
            if (previous && range[0] <= previous[1] + 1)
              previous[1] = Math.max(previous[1], range[1])
            else merged.push(range)
            return merged
          }, [])
        const totals = {
          firstDay: formatDayNumber(origin + offset),
          counts,
          ...(ranges.length > 0 ? { breaks: ranges } : {}),
        }
        const day = formatDayNumber(origin + today)
        expect(streakOf(totals, day)).toBe(listStreaks(totals, day, 0).current?.length ?? 0)
      }),
      { numRuns: 2000, seed: 20261130 },
    )
  })
})
