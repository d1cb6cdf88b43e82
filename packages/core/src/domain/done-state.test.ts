import { describe, expect, it } from 'vitest'
import type { CadenceTarget } from './done-state'
import { findEventInPeriod, getScheduleCadence, isDoneInPeriod } from './done-state'
import {
  buildEvent,
  buildGoal,
  daily,
  daysAt,
  monthly,
  type TestEvent,
  unscheduled,
  weekly,
} from './test-fixtures'

// Tuesday 2026-03-10, 15:00 in Phoenix (UTC-7, no DST).
const now = '2026-03-10T22:00:00.000Z'
const phoenix = 'America/Phoenix'
const run = { activityId: 'run', cadence: 'Daily' } as const

/** Done-state of `target` with these events, now, in a zone: the days the rule reads. */
function isDone(target: CadenceTarget, events: TestEvent[], at: string, timeZone: string) {
  const { days, today } = daysAt(events, at, timeZone)
  return isDoneInPeriod(days.get(target.activityId), target.cadence, today)
}

/** Which activities are done in each cadence's current period. */
function doneIn(events: TestEvent[], at: string, timeZone: string) {
  const { days, today } = daysAt(events, at, timeZone)
  const ids = [...days.keys()].sort()
  const of = (cadence: CadenceTarget['cadence']) =>
    ids.filter((id) => isDoneInPeriod(days.get(id), cadence, today))
  return { Daily: of('Daily'), Weekly: of('Weekly'), Monthly: of('Monthly') }
}

describe('isDoneInPeriod (on the days of the events)', () => {
  it('is false for no events', () => {
    expect(isDone(run, [], now, phoenix)).toBe(false)
  })

  it('is done with an event today, not with one yesterday', () => {
    const today = buildEvent({ activityId: 'run', eventDate: '2026-03-10T16:00:00.000Z' })
    const yesterday = buildEvent({ activityId: 'run', eventDate: '2026-03-09T16:00:00.000Z' })
    expect(isDone(run, [today], now, phoenix)).toBe(true)
    expect(isDone(run, [yesterday], now, phoenix)).toBe(false)
  })

  it("ignores deleted events and other activities' events", () => {
    const events = [
      buildEvent({ activityId: 'run', eventDate: now, deletedAt: '2026-03-10T22:00:00.000Z' }),
      buildEvent({ activityId: 'swim', eventDate: now }),
    ]
    expect(isDone(run, events, now, phoenix)).toBe(false)
  })

  it('judges "today" in the user zone', () => {
    // 2026-03-11T02:00Z is still March 10 in Phoenix but March 11 in UTC.
    const lateEvening = buildEvent({ activityId: 'run', eventDate: '2026-03-11T02:00:00.000Z' })
    expect(isDone(run, [lateEvening], now, phoenix)).toBe(true)
    expect(isDone(run, [lateEvening], '2026-03-10T12:00:00.000Z', 'UTC')).toBe(false)
  })

  it('treats a bare calendar day as that day in every zone', () => {
    const event = buildEvent({ activityId: 'run', eventDate: '2026-03-10' })
    expect(isDone(run, [event], now, phoenix)).toBe(true)
    // 23:00 on 10 March in Kiritimati, then 01:00 on 11 March.
    expect(isDone(run, [event], '2026-03-10T09:00:00.000Z', 'Pacific/Kiritimati')).toBe(true)
    expect(isDone(run, [event], '2026-03-10T11:00:00.000Z', 'Pacific/Kiritimati')).toBe(false)
  })

  it('uses the Monday-to-Sunday week for Weekly', () => {
    const target = { activityId: 'run', cadence: 'Weekly' } as const
    const sunday = '2026-03-15T12:00:00.000Z'
    const monday = buildEvent({ activityId: 'run', eventDate: '2026-03-09T12:00:00.000Z' })
    const previousSunday = buildEvent({ activityId: 'run', eventDate: '2026-03-08T12:00:00.000Z' })
    expect(isDone(target, [monday], sunday, 'UTC')).toBe(true)
    expect(isDone(target, [previousSunday], sunday, 'UTC')).toBe(false)
    expect(isDone(target, [previousSunday], '2026-03-08T23:00:00.000Z', 'UTC')).toBe(true)
  })

  it('counts a later day of the current period', () => {
    const target = { activityId: 'run', cadence: 'Monthly' } as const
    const planned = buildEvent({ activityId: 'run', eventDate: '2026-03-28T12:00:00.000Z' })
    expect(isDone(target, [planned], now, phoenix)).toBe(true)
  })

  it('uses calendar months, across a leap day and a year boundary', () => {
    const target = { activityId: 'run', cadence: 'Monthly' } as const
    const leapDay = buildEvent({ activityId: 'run', eventDate: '2024-02-29T12:00:00.000Z' })
    expect(isDone(target, [leapDay], '2024-02-01T12:00:00.000Z', 'UTC')).toBe(true)
    expect(isDone(target, [leapDay], '2024-03-01T12:00:00.000Z', 'UTC')).toBe(false)
    const newYearsEve = buildEvent({ activityId: 'run', eventDate: '2026-12-31T12:00:00.000Z' })
    expect(isDone(target, [newYearsEve], '2027-01-01T12:00:00.000Z', 'UTC')).toBe(false)
  })

  it('handles far zones on both sides of the date line', () => {
    // 2026-03-31T12:00Z: 1 April 02:00 in Kiritimati, 31 March 01:00 in Pago Pago.
    const event = buildEvent({ activityId: 'run', eventDate: '2026-03-31T12:00:00.000Z' })
    const target = { activityId: 'run', cadence: 'Monthly' } as const
    expect(isDone(target, [event], '2026-04-15T00:00:00Z', 'Pacific/Kiritimati')).toBe(true)
    expect(isDone(target, [event], '2026-04-15T00:00:00Z', 'Pacific/Pago_Pago')).toBe(false)
  })

  it('works on a DST day', () => {
    // 2026-03-08 in New York runs from 05:00Z to 04:00Z next day (23 hours).
    const lateEvening = buildEvent({ activityId: 'run', eventDate: '2026-03-09T03:30:00.000Z' })
    expect(isDone(run, [lateEvening], '2026-03-08T15:00:00Z', 'America/New_York')).toBe(true)
    const nextMorning = buildEvent({ activityId: 'run', eventDate: '2026-03-09T04:30:00.000Z' })
    expect(isDone(run, [nextMorning], '2026-03-08T15:00:00Z', 'America/New_York')).toBe(false)
  })

  it('accepts a goal as the target', () => {
    const goal = buildGoal({ activityId: 'run', cadence: 'Weekly' })
    const event = buildEvent({ activityId: 'run', eventDate: '2026-03-09T16:00:00.000Z' })
    expect(isDone(goal, [event], now, phoenix)).toBe(true)
  })
})

describe('findEventInPeriod', () => {
  it('returns the first matching event in input order', () => {
    const old = buildEvent({ activityId: 'run', eventDate: '2026-02-10T16:00:00.000Z' })
    const deleted = buildEvent({ activityId: 'run', eventDate: now, deletedAt: now })
    const first = buildEvent({ activityId: 'run', eventDate: '2026-03-10T20:00:00.000Z' })
    const second = buildEvent({ activityId: 'run', eventDate: '2026-03-10T16:00:00.000Z' })
    expect(findEventInPeriod(run, [old, deleted, first, second], now, phoenix)).toBe(first)
  })

  it('returns undefined when nothing matches or for empty input', () => {
    expect(findEventInPeriod(run, [], now, phoenix)).toBeUndefined()
    const other = buildEvent({ activityId: 'swim', eventDate: now })
    expect(findEventInPeriod(run, [other], now, phoenix)).toBeUndefined()
  })

  it('skips events with unparsable dates', () => {
    const broken = buildEvent({ activityId: 'run', eventDate: 'soon' })
    expect(findEventInPeriod(run, [broken], now, phoenix)).toBeUndefined()
  })

  it('throws for a bad now or zone', () => {
    expect(() => findEventInPeriod(run, [], 'later', phoenix)).toThrow(RangeError)
    expect(() => findEventInPeriod(run, [], now, 'Nowhere/Land')).toThrow(RangeError)
  })
})

describe('done-state of every activity', () => {
  it('sorts activities into the periods their events fall in', () => {
    const events = [
      buildEvent({ activityId: 'today', eventDate: '2026-03-10T16:00:00.000Z' }),
      buildEvent({ activityId: 'monday', eventDate: '2026-03-09T16:00:00.000Z' }),
      buildEvent({ activityId: 'march', eventDate: '2026-03-02T16:00:00.000Z' }),
      buildEvent({ activityId: 'february', eventDate: '2026-02-28T16:00:00.000Z' }),
      buildEvent({ activityId: 'deleted', eventDate: now, deletedAt: now }),
    ]
    const done = doneIn(events, now, phoenix)
    expect(done.Daily).toEqual(['today'])
    expect(done.Weekly).toEqual(['monday', 'today'])
    expect(done.Monthly).toEqual(['march', 'monday', 'today'])
  })

  it('covers a week that spans two months', () => {
    // Wednesday 2026-04-01: the week began on Monday 30 March.
    const events = [buildEvent({ activityId: 'a', eventDate: '2026-03-30T12:00:00.000Z' })]
    const done = doneIn(events, '2026-04-01T12:00:00.000Z', 'UTC')
    expect(done.Weekly).toEqual(['a'])
    expect(done.Monthly).toEqual([])
  })

  it('is empty for no events', () => {
    expect(doneIn([], now, phoenix)).toEqual({ Daily: [], Weekly: [], Monthly: [] })
  })
})

describe('getScheduleCadence', () => {
  it('maps schedules to cadences', () => {
    expect(getScheduleCadence(daily)).toBe('Daily')
    expect(getScheduleCadence(weekly)).toBe('Weekly')
    expect(getScheduleCadence(monthly)).toBe('Monthly')
    expect(getScheduleCadence(unscheduled)).toBeNull()
  })
})
