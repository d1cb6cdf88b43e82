import { describe, expect, it } from 'vitest'
import {
  type BreakLike,
  buildBreakRanges,
  buildBreakRangesByActivity,
  isBreakDay,
  isOnBreakInPeriod,
  mergeDaysIntoRanges,
  planUndoSkip,
} from './breaks'
import { toCalendarDay } from './dates'
import type { DayTotals } from './day-totals'
import { isDoneInPeriod } from './done-state'
import { buildGoalsView } from './goals-view'
import { buildHabitDays } from './habit-days'
import { computeCompletion } from './habit-stats'
import { getReminderSkipReason } from './reminders'
import { buildScheduleView } from './schedule-view'
import { computeStreak, listStreaks } from './streaks'
import { computeStrength } from './strength'
import {
  buildActivity,
  buildEventsOnDays,
  buildGoal,
  consecutiveDays,
  daily,
  monthly,
  type TestEvent,
  weekly,
} from './test-fixtures'
import { parseDayNumber } from './time-zone'

let breakId = 0
function buildBreak(overrides: Partial<BreakLike> & Pick<BreakLike, 'from' | 'to'>): BreakLike {
  breakId += 1
  return { id: `break-${breakId}`, activityId: 'run', deletedAt: null, ...overrides }
}

/** One habit's days (`run`) from its events and the user's breaks, as the device builds them. */
function daysOf(events: TestEvent[], breaks: BreakLike[], timeZone = 'UTC'): DayTotals {
  const days = buildHabitDays({
    history: undefined,
    events,
    eventsFrom: undefined,
    timeZone,
    breaks,
    activityIds: ['run', 'read'],
  })
  return days.get('run') ?? { firstDay: '2026-01-01', counts: [] }
}

describe('break days', () => {
  it('merges a habit’s own breaks with those of every habit, overlapping or touching', () => {
    const breaks = [
      buildBreak({ from: '2026-03-02', to: '2026-03-04' }),
      buildBreak({ from: '2026-03-04', to: '2026-03-06' }),
      buildBreak({ from: '2026-03-07', to: '2026-03-07' }),
      buildBreak({ activityId: null, from: '2026-03-20', to: '2026-03-21' }),
      buildBreak({ activityId: 'other', from: '2026-03-10', to: '2026-03-10' }),
      buildBreak({ from: '2026-04-01', to: '2026-04-02', deletedAt: '2026-03-01T00:00:00.000Z' }),
    ]
    const day = parseDayNumber
    expect(buildBreakRanges(breaks, 'run')).toEqual([
      [day('2026-03-02'), day('2026-03-07')],
      [day('2026-03-20'), day('2026-03-21')],
    ])
    // A break of every habit reaches every habit named, also those without breaks of their own.
    const all = buildBreakRangesByActivity(breaks, ['run', 'read'])
    expect(all.get('read')).toEqual([[day('2026-03-20'), day('2026-03-21')]])
    expect(all.get('other')).toEqual([
      [day('2026-03-10'), day('2026-03-10')],
      [day('2026-03-20'), day('2026-03-21')],
    ])
  })

  it('puts them on each habit’s days, a habit with breaks and no events too', () => {
    const days = buildHabitDays({
      history: undefined,
      events: buildEventsOnDays('run', ['2026-03-01']),
      eventsFrom: undefined,
      timeZone: 'UTC',
      breaks: [buildBreak({ activityId: null, from: '2026-03-05', to: '2026-03-05' })],
      activityIds: ['run', 'read'],
    })
    expect(isBreakDay(days.get('run'), '2026-03-05')).toBe(true)
    expect(isBreakDay(days.get('read'), '2026-03-05')).toBe(true)
    expect(isBreakDay(days.get('read'), '2026-03-06')).toBe(false)
  })

  it('runs of skipped days become ranges', () => {
    expect(
      mergeDaysIntoRanges(['2026-03-03', '2026-03-01', '2026-03-02', '2026-03-09', '2026-03-02']),
    ).toEqual([
      { from: '2026-03-01', to: '2026-03-03' },
      { from: '2026-03-09', to: '2026-03-09' },
    ])
  })

  it('undoing a skip deletes, shortens or cuts only the habit’s own breaks', () => {
    const one = buildBreak({ from: '2026-03-05', to: '2026-03-05' })
    const long = { ...buildBreak({ from: '2026-03-10', to: '2026-03-20' }), note: 'Trip' }
    const vacation = buildBreak({ activityId: null, from: '2026-03-01', to: '2026-03-31' })
    expect(planUndoSkip([one, long, vacation], 'run', '2026-03-05')).toEqual([
      { op: 'delete', id: one.id },
    ])
    expect(planUndoSkip([long], 'run', '2026-03-10')).toEqual([
      { op: 'update', id: long.id, from: '2026-03-11', to: '2026-03-20' },
    ])
    expect(planUndoSkip([long], 'run', '2026-03-20')).toEqual([
      { op: 'update', id: long.id, from: '2026-03-10', to: '2026-03-19' },
    ])
    expect(planUndoSkip([long], 'run', '2026-03-15')).toEqual([
      { op: 'update', id: long.id, from: '2026-03-10', to: '2026-03-14' },
      { op: 'create', activityId: 'run', from: '2026-03-16', to: '2026-03-20', note: 'Trip' },
    ])
    expect(planUndoSkip([vacation], 'run', '2026-03-15')).toEqual([])
  })
})

describe('streaks across breaks', () => {
  it('pass over break days without breaking and without counting them', () => {
    // Done Mon 2 - Wed 4, off Thu 5 - Fri 6, done Sat 7 - Sun 8; today Mon 9.
    const events = buildEventsOnDays('run', [
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-07',
      '2026-03-08',
    ])
    const breaks = [buildBreak({ from: '2026-03-05', to: '2026-03-06' })]
    const history = listStreaks(daysOf(events, breaks), '2026-03-09')
    expect(history.current).toEqual({ start: '2026-03-02', end: '2026-03-08', length: 5 })
    // Without the break the gap breaks it.
    expect(computeStreak(daysOf(events, []), '2026-03-09')).toBe(2)
  })

  it('keeps the streak through a break that reaches yesterday (back from holiday)', () => {
    const events = buildEventsOnDays('run', consecutiveDays('2026-07-31', 10))
    const vacation = buildBreak({ activityId: null, from: '2026-08-01', to: '2026-08-14' })
    expect(computeStreak(daysOf(events, [vacation]), '2026-08-15')).toBe(10)
    // The first day back is today: still open. The day after, a day not done breaks it.
    expect(computeStreak(daysOf(events, [vacation]), '2026-08-16')).toBe(0)
  })

  it('counts a break day with an event as done', () => {
    const events = buildEventsOnDays('run', ['2026-03-01', '2026-03-02', '2026-03-03'])
    const breaks = [buildBreak({ from: '2026-03-02', to: '2026-03-02' })]
    expect(computeStreak(daysOf(events, breaks), '2026-03-04')).toBe(3)
  })

  it('takes break days in the user’s zone: days are local, not UTC', () => {
    // 00:30 in Auckland on 1 and 3 March is still the previous day in UTC.
    const events: TestEvent[] = [
      ...buildEventsOnDays('run', []),
      {
        id: 'e1',
        activityId: 'run',
        eventDate: '2026-02-28T11:30:00.000Z',
        createdAt: '2026-02-28T11:30:00.000Z',
        deletedAt: null,
      },
      {
        id: 'e2',
        activityId: 'run',
        eventDate: '2026-03-02T11:30:00.000Z',
        createdAt: '2026-03-02T11:30:00.000Z',
        deletedAt: null,
      },
    ]
    const breaks = [buildBreak({ from: '2026-03-02', to: '2026-03-02' })]
    const zone = 'Pacific/Auckland'
    const today = toCalendarDay('2026-03-04T01:00:00.000Z', zone)
    expect(today).toBe('2026-03-04')
    // Local days 1 and 3 March, the break on 2 March between them.
    expect(computeStreak(daysOf(events, breaks, zone), today)).toBe(2)
    // In UTC the same events are on 28 February and 2 March: the break holds an event there.
    expect(computeStreak(daysOf(events, breaks, 'UTC'), '2026-03-04')).toBe(0)
  })

  it('overlapping breaks and a break of every habit join into one stretch', () => {
    const events = buildEventsOnDays('run', ['2026-03-01', '2026-03-10'])
    const breaks = [
      buildBreak({ from: '2026-03-02', to: '2026-03-05' }),
      buildBreak({ from: '2026-03-04', to: '2026-03-07' }),
      buildBreak({ activityId: null, from: '2026-03-08', to: '2026-03-09' }),
    ]
    expect(computeStreak(daysOf(events, breaks), '2026-03-11')).toBe(2)
    // A break of another habit does not cover this one.
    const otherHabit = breaks.map((brk) => ({ ...brk, activityId: 'read' }))
    expect(computeStreak(daysOf(events, otherHabit), '2026-03-11')).toBe(1)
  })
})

describe('periods wholly inside a break are not due', () => {
  const run = buildActivity({ id: 'run', name: 'Run', schedule: daily })
  const week = buildActivity({ id: 'run', name: 'Run', schedule: weekly })

  it('a day, a week, a month: only when every day of it is a break day', () => {
    // 2026-03-02 is a Monday; 2026-03-01 a Sunday.
    const weekOff = daysOf([], [buildBreak({ from: '2026-03-02', to: '2026-03-08' })])
    expect(isOnBreakInPeriod(weekOff, 'Daily', '2026-03-04')).toBe(true)
    expect(isOnBreakInPeriod(weekOff, 'Weekly', '2026-03-04')).toBe(true)
    expect(isOnBreakInPeriod(weekOff, 'Weekly', '2026-03-09')).toBe(false)
    expect(isOnBreakInPeriod(weekOff, 'Monthly', '2026-03-04')).toBe(false)
    const partWeek = daysOf([], [buildBreak({ from: '2026-03-03', to: '2026-03-08' })])
    expect(isOnBreakInPeriod(partWeek, 'Weekly', '2026-03-04')).toBe(false)
    const month = daysOf([], [buildBreak({ from: '2026-02-01', to: '2026-02-28' })])
    expect(isOnBreakInPeriod(month, 'Monthly', '2026-02-15')).toBe(true)
  })

  it('the schedule leaves the habit out, unless it is done anyway', () => {
    const off = daysOf([], [buildBreak({ from: '2026-03-04', to: '2026-03-04' })])
    const view = (days: DayTotals, activity = run) =>
      buildScheduleView({
        activities: [activity],
        days: new Map([['run', days]]),
        filter: 'all',
        showDone: true,
        today: '2026-03-04',
      })
    expect(view(off)).toEqual([])
    // A day off in a week not wholly off: the weekly habit is still due this week.
    expect(view(off, week)[0]?.items).toMatchObject([{ activity: week, done: false }])
    const doneAnyway = daysOf(buildEventsOnDays('run', ['2026-03-04']), [
      buildBreak({ from: '2026-03-04', to: '2026-03-04' }),
    ])
    expect(isDoneInPeriod(doneAnyway, 'Daily', '2026-03-04')).toBe(true)
    expect(view(doneAnyway)[0]?.items).toMatchObject([{ activity: run, done: true }])
  })

  it('goals on a break are neither done nor to do', () => {
    const off = daysOf([], [buildBreak({ from: '2026-03-04', to: '2026-03-04' })])
    const goal = buildGoal({ activityId: 'run', cadence: 'Daily' })
    const input = {
      goals: [goal],
      activities: [run],
      days: new Map([['run', off]]),
      today: '2026-03-04',
    }
    expect(buildGoalsView({ ...input, tab: 'Todo' })[0]?.items).toEqual([])
    expect(buildGoalsView({ ...input, tab: 'Done' })[0]?.items).toMatchObject([
      { goal, activity: run, done: false, onBreak: true },
    ])
  })

  it('reminders stay silent on a break day', () => {
    const off = daysOf([], [buildBreak({ activityId: null, from: '2026-03-04', to: '2026-03-10' })])
    const check = { activity: run, days: off, pausedUntil: null }
    expect(getReminderSkipReason({ activityId: 'run', day: '2026-03-04' }, check)).toBe('break')
    expect(getReminderSkipReason({ activityId: 'run', day: '2026-03-11' }, check)).toBeNull()
  })

  it('completion leaves periods on a break out, unless done', () => {
    const events = buildEventsOnDays('run', ['2026-03-01', '2026-03-02'])
    const breaks = [buildBreak({ from: '2026-03-03', to: '2026-03-06' })]
    // 1-9 March, today the 10th: 9 days, 4 off, 2 done.
    expect(computeCompletion(daysOf(events, breaks), daily, '2026-03-01', '2026-03-10')).toEqual({
      unit: 'day',
      done: 2,
      expected: 5,
      rate: 2 / 5,
    })
    const monthOff = daysOf(events, [buildBreak({ from: '2026-04-01', to: '2026-04-30' })])
    expect(computeCompletion(monthOff, monthly, '2026-03-01', '2026-05-02')).toMatchObject({
      done: 1,
      expected: 1,
    })
  })

  it('strength stays frozen over a break, as over Loop’s skips', () => {
    const events = buildEventsOnDays('run', consecutiveDays('2026-03-10', 10))
    const breaks = [buildBreak({ from: '2026-03-11', to: '2026-03-20' })]
    const options = { frequency: { numerator: 1, denominator: 1 }, until: '2026-03-20' }
    const frozen = computeStrength(daysOf(events, breaks), options)
    const atBreak = frozen.scores[9] as number
    expect(frozen.scores.slice(10)).toEqual(Array(10).fill(atBreak))
    const skipped = computeStrength(daysOf(events, []), {
      ...options,
      skippedDays: consecutiveDays('2026-03-20', 10),
    })
    expect(frozen.scores).toEqual(skipped.scores)
    expect(computeStrength(daysOf(events, []), options).scores[19]).toBeLessThan(atBreak)
  })
})
