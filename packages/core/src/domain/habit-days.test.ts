import { describe, expect, it } from 'vitest'
import { countBetween, getDayCount } from './day-totals'
import type { HeldEventLike, HistoryLike } from './habit-days'
import { buildHabitDays, createHabitDaysMemo, stepHabitDays } from './habit-days'
import { parseDayNumber } from './time-zone'

const timeZone = 'Europe/Berlin'
const eventsFrom = '2026-09-01T00:00:00.000Z'

const event = (id: string, activityId: string, eventDate: string): HeldEventLike => ({
  id,
  activityId,
  eventDate,
  deletedAt: null,
})

/** Five years of 'run' every other day and two counted days of 'read', before the window. */
const history: HistoryLike = {
  timeZone,
  activities: [
    {
      activityId: 'run',
      firstDay: '2021-09-01',
      counts: Array.from({ length: 1826 }, (_, index) => (index % 2 === 0 ? 1 : 0)),
    },
    { activityId: 'read', firstDay: '2026-08-30', counts: [2, 0, 1] },
  ],
}

function days(events: HeldEventLike[], waiting: string[] = [], zone = timeZone) {
  return buildHabitDays({
    history,
    events,
    eventsFrom,
    isWaiting: (id) => waiting.includes(id),
    timeZone: zone,
  })
}

describe('buildHabitDays: the history of old days merged with the events a device holds', () => {
  it('counts the history by its days and the held events by their day in the zone', () => {
    const all = days([
      event('e1', 'read', '2026-11-25T23:30:00.000Z'), // 00:30 on the 26th in Berlin
      event('e2', 'read', '2026-11-26T08:00:00.000Z'),
      event('e3', 'walk', '2026-11-20T12:00:00.000Z'),
    ])
    const read = all.get('read')
    expect(getDayCount(read, '2026-08-30')).toBe(2)
    expect(getDayCount(read, '2026-08-31')).toBe(0)
    expect(getDayCount(read, '2026-09-01')).toBe(1)
    expect(getDayCount(read, '2026-11-26')).toBe(2)
    expect(all.get('walk')).toEqual({ firstDay: '2026-11-20', counts: [1] })
    const run = all.get('run')
    const whole = countBetween(run, parseDayNumber('2021-01-01'), parseDayNumber('2027-01-01'))
    expect(whole.activeDays).toBe(913)
    expect(getDayCount(run, '2021-09-01')).toBe(1)
    expect(getDayCount(run, '2021-09-02')).toBe(0)
    expect(getDayCount(run, '2026-08-30')).toBe(1)
    expect(getDayCount(run, '2026-08-31')).toBe(0)
  })

  it('leaves out old events the history counts, but counts old ones still waiting to be sent', () => {
    const old = event('old', 'read', '2026-08-31T10:00:00.000Z')
    expect(getDayCount(days([old]).get('read'), '2026-08-31')).toBe(0)
    expect(getDayCount(days([old], ['old']).get('read'), '2026-08-31')).toBe(1)
  })

  it('answers each change from the same history without adding it to the next answer', () => {
    const first = days([event('e1', 'run', '2026-11-26T08:00:00.000Z')])
    const second = days([])
    expect(getDayCount(first.get('run'), '2026-11-26')).toBe(1)
    expect(getDayCount(second.get('run'), '2026-11-26')).toBe(0)
    const third = days([event('e2', 'run', '2026-11-26T09:00:00.000Z')])
    expect(getDayCount(third.get('run'), '2026-11-26')).toBe(1)
    expect(getDayCount(third.get('run'), '2021-09-01')).toBe(1)
  })

  it('builds again only the activity whose events changed, and follows a change of zone', () => {
    const memo = createHabitDaysMemo()
    const held = [
      event('e1', 'read', '2026-11-25T20:00:00.000Z'),
      event('e2', 'run', '2026-11-20T08:00:00.000Z'),
    ]
    const build = (list: HeldEventLike[], zone = timeZone) =>
      buildHabitDays({ history, events: list, eventsFrom, timeZone: zone }, memo)
    const first = build(held)
    const second = build([...held, event('e3', 'read', '2026-11-26T08:00:00.000Z')])
    // The same years of 'run', not built again; 'read' built anew, the first answer untouched.
    expect(second.get('run')).toBe(first.get('run'))
    expect(getDayCount(second.get('run'), '2026-11-20')).toBe(1)
    expect(second.get('read')).not.toBe(first.get('read'))
    expect(getDayCount(second.get('read'), '2026-11-26')).toBe(1)
    expect(getDayCount(first.get('read'), '2026-11-26')).toBe(0)
    // 21:00 on the 25th in Berlin is 05:00 on the 26th in Tokyo; Berlin's history is not used.
    const tokyo = build([...held, event('e3', 'read', '2026-11-26T08:00:00.000Z')], 'Asia/Tokyo')
    expect(tokyo.get('read')).toEqual({ firstDay: '2026-11-26', counts: [2] })
    expect(getDayCount(build(held).get('read'), '2026-11-25')).toBe(1)
  })

  it('leaves out a history counted in another zone', () => {
    expect(days([], [], 'Asia/Tokyo').size).toBe(0)
  })

  it('sums the number values of held events over the history', () => {
    const withValues = buildHabitDays({
      history: {
        timeZone,
        activities: [
          {
            activityId: 'read',
            firstDay: '2026-08-30',
            counts: [1],
            numbers: { pages: { sums: [20], entries: [1], mins: [20], maxes: [20] } },
          },
        ],
      },
      events: [{ ...event('e1', 'read', '2026-09-02T08:00:00.000Z'), attributes: { pages: 5 } }],
      eventsFrom,
      timeZone,
    })
    expect(withValues.get('read')?.numbers?.pages?.sums).toEqual([20, 0, 0, 5])
  })
})

describe("stepHabitDays: every habit's days built a few habits per step", () => {
  const input = {
    history,
    events: [
      event('e1', 'read', '2026-11-26T08:00:00.000Z'),
      event('e2', 'walk', '2026-11-20T12:00:00.000Z'),
    ],
    eventsFrom,
    timeZone,
  }

  it('builds at most the limit per step and says when none is left', () => {
    const memo = createHabitDaysMemo()
    // run, read and walk: two steps of two.
    expect(stepHabitDays(input, memo, 2)).toBe(false)
    expect(memo.size).toBe(2)
    expect(stepHabitDays(input, memo, 2)).toBe(true)
    expect(memo.size).toBe(3)
    expect(stepHabitDays(input, memo, 2)).toBe(true)
  })

  it('leaves buildHabitDays the very answers it built, equal to a build in one go', () => {
    const memo = createHabitDaysMemo()
    while (!stepHabitDays(input, memo, 1)) {
      // one habit per step
    }
    const stepped = [...memo.values()].map((entry) => entry.days)
    const all = buildHabitDays(input, memo)
    expect([...all.values()]).toEqual(expect.arrayContaining(stepped))
    for (const days of all.values()) expect(stepped).toContain(days)
    expect(all).toEqual(buildHabitDays(input))
  })

  it('builds again a habit whose events changed since its step', () => {
    const memo = createHabitDaysMemo()
    while (!stepHabitDays(input, memo, 3)) {
      // all at once
    }
    const more = {
      ...input,
      events: [...input.events, event('e3', 'read', '2026-11-27T08:00:00.000Z')],
    }
    expect(stepHabitDays(more, memo, 3)).toBe(true)
    expect(getDayCount(buildHabitDays(more, memo).get('read'), '2026-11-27')).toBe(1)
  })
})
