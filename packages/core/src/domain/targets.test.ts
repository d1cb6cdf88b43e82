import { describe, expect, it } from 'vitest'
import { buildDayTotals } from './day-totals'
import { isDoneInPeriod, measureCurrentPeriod } from './done-state'
import { buildGoalsView } from './goals-view'
import { computeGoalCompletion, computeHabitStats } from './habit-stats'
import { buildReminderMessage, getReminderSkipReason } from './reminders'
import { buildScheduleView } from './schedule-view'
import { computeStrength, stepStrength } from './strength'
import type { PeriodTarget } from './targets'
import {
  indexGoalTargets,
  isMetByOneMoreEvent,
  isTargetDangling,
  ONE_EVENT,
  resolveTarget,
} from './targets'
import { buildActivity, buildEvent, buildGoal, weekly } from './test-fixtures'

const three: PeriodTarget = { kind: 'count', count: 3 }
const pages: PeriodTarget = {
  kind: 'amount',
  attributeId: 'pages',
  comparison: 'atLeast',
  value: 20,
}
const cups: PeriodTarget = { kind: 'amount', attributeId: 'cups', comparison: 'atMost', value: 2 }

/** Events of one habit at these instants, with these values. */
const days = (timeZone: string, ...events: [string, Record<string, number>?][]) =>
  buildDayTotals(
    events.map(([eventDate, attributes]) =>
      buildEvent({ eventDate, attributes: attributes ?? {} }),
    ),
    timeZone,
  )

describe('measurePeriod: what a period asks (issue 48)', () => {
  it('one event by default: done with one, SPEC §4', () => {
    const totals = days('UTC', ['2026-03-10T09:00:00Z'])
    expect(measureCurrentPeriod(totals, 'Daily', '2026-03-10')).toMatchObject({
      value: 1,
      goal: 1,
      done: true,
    })
    expect(isDoneInPeriod(totals, 'Daily', '2026-03-11')).toBe(false)
  })

  it('a count: "3 times a week", Monday to Sunday, not done at 2', () => {
    // Sunday 8 March belongs to the week before; Monday 9 and Tuesday 10 to this one.
    const totals = days(
      'UTC',
      ['2026-03-08T12:00:00Z'],
      ['2026-03-09T12:00:00Z'],
      ['2026-03-10T12:00:00Z'],
    )
    expect(measureCurrentPeriod(totals, 'Weekly', '2026-03-10', three)).toMatchObject({
      value: 2,
      goal: 3,
      done: false,
    })
    const more = days(
      'UTC',
      ['2026-03-09T12:00:00Z'],
      ['2026-03-10T12:00:00Z'],
      ['2026-03-15T22:00:00Z'],
    )
    expect(isDoneInPeriod(more, 'Weekly', '2026-03-10', three)).toBe(true)
  })

  it('counts on the days of the user zone: a late Sunday in New York is a Monday in UTC', () => {
    // 2026-03-16T02:00Z is Sunday the 15th, 22:00, in New York: still this week there.
    const events: [string][] = [
      ['2026-03-09T15:00:00Z'],
      ['2026-03-11T15:00:00Z'],
      ['2026-03-16T02:00:00Z'],
    ]
    expect(isDoneInPeriod(days('America/New_York', ...events), 'Weekly', '2026-03-15', three)).toBe(
      true,
    )
    expect(isDoneInPeriod(days('UTC', ...events), 'Weekly', '2026-03-15', three)).toBe(false)
  })

  it('an amount at least: "20 pages a day", 5 pages is not done, 25 is', () => {
    const five = days('UTC', ['2026-03-10T08:00:00Z', { pages: 5 }])
    expect(measureCurrentPeriod(five, 'Daily', '2026-03-10', pages)).toMatchObject({
      value: 5,
      goal: 20,
      done: false,
    })
    const enough = days(
      'UTC',
      ['2026-03-10T08:00:00Z', { pages: 5 }],
      ['2026-03-10T21:00:00Z', { pages: 20 }],
      ['2026-03-11T08:00:00Z', { pages: 50 }],
    )
    expect(measureCurrentPeriod(enough, 'Daily', '2026-03-10', pages)).toMatchObject({
      value: 25,
      done: true,
    })
  })

  it('an amount over a month, across its last day in two zones', () => {
    const monthly: PeriodTarget = {
      kind: 'amount',
      attributeId: 'pages',
      comparison: 'atLeast',
      value: 30,
    }
    // 31 March 23:30 in Tokyo is 14:30 UTC; 1 April 00:30 in Tokyo is 31 March 15:30 UTC.
    const totals = (zone: string) =>
      days(zone, ['2026-03-31T14:30:00Z', { pages: 20 }], ['2026-03-31T15:30:00Z', { pages: 20 }])
    expect(isDoneInPeriod(totals('UTC'), 'Monthly', '2026-03-31', monthly)).toBe(true)
    expect(isDoneInPeriod(totals('Asia/Tokyo'), 'Monthly', '2026-03-31', monthly)).toBe(false)
    expect(isDoneInPeriod(totals('Asia/Tokyo'), 'Monthly', '2026-04-01', monthly)).toBe(false)
  })

  it('a limit: "at most 2 cups" is done with none or 2, missed (over) at 3', () => {
    expect(measureCurrentPeriod(undefined, 'Daily', '2026-03-10', cups)).toMatchObject({
      value: 0,
      done: true,
      over: false,
    })
    const two = days(
      'UTC',
      ['2026-03-10T08:00:00Z', { cups: 1 }],
      ['2026-03-10T12:00:00Z', { cups: 1 }],
    )
    expect(isDoneInPeriod(two, 'Daily', '2026-03-10', cups)).toBe(true)
    const three = days(
      'UTC',
      ['2026-03-10T08:00:00Z', { cups: 2 }],
      ['2026-03-10T12:00:00Z', { cups: 1 }],
    )
    expect(measureCurrentPeriod(three, 'Daily', '2026-03-10', cups)).toMatchObject({
      value: 3,
      done: false,
      over: true,
    })
  })

  it('leaves deleted events out of every kind', () => {
    const totals = buildDayTotals(
      [
        buildEvent({ eventDate: '2026-03-10T08:00:00Z', attributes: { pages: 30, cups: 9 } }),
        buildEvent({
          eventDate: '2026-03-10T09:00:00Z',
          attributes: { pages: 30, cups: 9 },
          deletedAt: '2026-03-10T10:00:00Z',
        }),
      ],
      'UTC',
    )
    expect(measureCurrentPeriod(totals, 'Daily', '2026-03-10', three).value).toBe(1)
    expect(measureCurrentPeriod(totals, 'Daily', '2026-03-10', pages).value).toBe(30)
    expect(measureCurrentPeriod(totals, 'Daily', '2026-03-10', cups).value).toBe(9)
  })
})

describe('resolveTarget', () => {
  const attributes = [
    { id: 'pages', activityId: 'read', type: 'number', deletedAt: null },
    { id: 'gone', activityId: 'read', type: 'number', deletedAt: '2026-03-01T00:00:00Z' },
    { id: 'note', activityId: 'read', type: 'text', deletedAt: null },
  ]

  it('reads counts and amounts, the old shape without kind too', () => {
    expect(resolveTarget(null)).toBe(ONE_EVENT)
    expect(resolveTarget({ kind: 'count', count: 3 })).toEqual(three)
    expect(resolveTarget({ kind: 'count', count: 1 })).toBe(ONE_EVENT)
    expect(
      resolveTarget({ attributeId: 'pages', comparison: 'atLeast', value: 20 }, attributes),
    ).toEqual(pages)
  })

  it('treats a target naming a deleted (or not totalled) attribute as one event, and says so', () => {
    const dangling = {
      kind: 'amount' as const,
      attributeId: 'gone',
      comparison: 'atLeast' as const,
      value: 5,
    }
    expect(resolveTarget(dangling, attributes)).toBe(ONE_EVENT)
    expect(isTargetDangling(dangling, attributes)).toBe(true)
    expect(isTargetDangling({ ...dangling, attributeId: 'note' }, attributes)).toBe(true)
    expect(isTargetDangling({ ...dangling, attributeId: 'pages' }, attributes)).toBe(false)
    expect(isTargetDangling({ kind: 'count', count: 3 }, attributes)).toBe(false)
  })
})

describe('the schedule, goals, reminders and statistics agree on what is done', () => {
  const swim = buildActivity({ id: 'swim', name: 'Swim', schedule: weekly })
  const goal = buildGoal({ id: 'g', activityId: 'swim', cadence: 'Weekly' })
  const countGoal = { ...goal, target: { kind: 'count' as const, count: 3 } }
  const twice = new Map([['swim', days('UTC', ['2026-03-09T08:00:00Z'], ['2026-03-10T08:00:00Z'])]])
  const thrice = new Map([
    [
      'swim',
      days('UTC', ['2026-03-09T08:00:00Z'], ['2026-03-10T08:00:00Z'], ['2026-03-10T18:00:00Z']),
    ],
  ])

  it('twice in a 3-a-week goal: undone on the schedule and goals, reminded; three times: done', () => {
    const targetOf = indexGoalTargets([countGoal])
    for (const [habitDays, done] of [
      [twice, false],
      [thrice, true],
    ] as const) {
      const [section] = buildScheduleView({
        activities: [swim],
        days: habitDays,
        filter: 'weekly',
        showDone: true,
        today: '2026-03-10',
        targetOf,
      })
      expect(section?.items[0]?.done).toBe(done)
      const [, week] = buildGoalsView({
        goals: [countGoal],
        activities: [swim],
        days: habitDays,
        today: '2026-03-10',
        tab: 'Done',
      })
      expect(week?.items[0]?.done).toBe(done)
      expect(week?.items[0]?.progress).toMatchObject({ value: done ? 3 : 2, goal: 3 })
      const reason = getReminderSkipReason(
        { activityId: 'swim', day: '2026-03-11' },
        {
          activity: swim,
          days: habitDays.get('swim'),
          pausedUntil: null,
          target: targetOf('swim', 'Weekly'),
        },
      )
      expect(reason).toBe(done ? 'done' : null)
    }
    expect(buildReminderMessage('Swim').title).toBe('Swim')
  })

  it("counts a goal's periods that met its target", () => {
    // Weeks of 9, 16 and 23 March: 3, 1 and 3 swims; today is in the week of the 23rd.
    const totals = days(
      'UTC',
      ['2026-03-09T08:00:00Z'],
      ['2026-03-10T08:00:00Z'],
      ['2026-03-11T08:00:00Z'],
      ['2026-03-17T08:00:00Z'],
      ['2026-03-23T08:00:00Z'],
      ['2026-03-24T08:00:00Z'],
      ['2026-03-25T08:00:00Z'],
    )
    expect(computeGoalCompletion(totals, 'Weekly', three, '2026-03-09', '2026-03-25')).toEqual({
      unit: 'week',
      done: 2,
      expected: 3,
      rate: 2 / 3,
    })
    const stats = computeHabitStats(totals, {
      schedule: weekly,
      since: '2026-03-09',
      today: '2026-03-25',
      target: three,
    })
    expect(stats.completion).toMatchObject({ done: 2, expected: 3 })
  })
})

describe("Loop's strength for frequency and numerical habits", () => {
  /**
   * Loop's ScoreList.recompute (uhabits-core), written out independently for the test: a day's
   * checkmark value, the rolling sum over `den` days (doubled for non-daily yes/no habits), the
   * share `min(1, sum / num)`, then score = previous * m + share * (1 - m) with
   * m = 0.5 ^ (sqrt(num / den) / 13).
   */
  function loopScores(values: number[], num: number, den: number): number[] {
    const m = 0.5 ** (Math.sqrt(num / den) / 13)
    const n = num / den < 1 ? num * 2 : num
    const d = num / den < 1 ? den * 2 : den
    const scores: number[] = []
    let previous = 0
    for (let i = 0; i < values.length; i++) {
      let sum = 0
      for (let j = Math.max(0, i - d + 1); j <= i; j++) sum += values[j] ?? 0
      previous = previous * m + Math.min(1, sum / n) * (1 - m)
      scores.push(previous)
    }
    return scores
  }

  it('scores "3 times a week" as Loop scores 3/7', () => {
    // Swims on days 0, 2, 4 of each week for six weeks.
    const flags = Array.from({ length: 42 }, (_, day) => (day % 7) % 2 === 0 && day % 7 < 5)
    const totals = days(
      'UTC',
      ...flags.flatMap((on, day): [string][] =>
        on ? [[new Date(Date.UTC(2026, 0, 5 + day, 12)).toISOString()]] : [],
      ),
    )
    const until = new Date(Date.UTC(2026, 0, 5 + 41)).toISOString().slice(0, 10)
    const scores = computeStrength(totals, {
      frequency: { numerator: 3, denominator: 7 },
      until,
    }).scores
    const expected = loopScores(
      flags.map((on) => (on ? 1 : 0)),
      3,
      7,
    )
    expect(scores).toHaveLength(expected.length)
    scores.forEach((score, index) => {
      expect(score).toBeCloseTo(expected[index] as number, 12)
    })
    const stats = computeHabitStats(totals, {
      schedule: weekly,
      since: '2026-01-05',
      today: until,
      target: three,
    })
    expect(stats.currentStrength).toBeCloseTo(expected.at(-1) as number, 12)
  })

  it('scores "20 pages a day" by the share of the target each day reached', () => {
    const read = [5, 20, 40, 0, 10]
    const totals = days(
      'UTC',
      ...read.map((value, day): [string, Record<string, number>] => [
        new Date(Date.UTC(2026, 0, 5 + day, 12)).toISOString(),
        { pages: value },
      ]),
    )
    const stats = computeHabitStats(totals, {
      schedule: { type: 'Daily' },
      since: '2026-01-05',
      today: '2026-01-09',
      target: pages,
    })
    let score = 0
    for (const value of read) score = stepStrength(score, Math.min(1, value / 20), 1)
    expect(stats.currentStrength).toBeCloseTo(score, 12)
  })
})

describe('isMetByOneMoreEvent: what a tap that logs one event shows at once (issue 55)', () => {
  const today = '2026-03-10'
  const progress = (target: PeriodTarget, ...events: string[]) =>
    measureCurrentPeriod(
      days('UTC', ...events.map((at): [string] => [at])),
      'Weekly',
      today,
      target,
    )

  it('meets one event and the last of a count, not a count short by two', () => {
    expect(isMetByOneMoreEvent(progress(ONE_EVENT))).toBe(true)
    expect(
      isMetByOneMoreEvent(progress(three, '2026-03-09T12:00:00Z', '2026-03-10T08:00:00Z')),
    ).toBe(true)
    expect(isMetByOneMoreEvent(progress(three, '2026-03-09T12:00:00Z'))).toBe(false)
  })

  it('never for an unscheduled habit, whose period is not judged, nor for an amount', () => {
    expect(isMetByOneMoreEvent(null)).toBe(false)
    expect(isMetByOneMoreEvent(progress(pages))).toBe(false)
  })
})
