import { describe, expect, it } from 'vitest'
import type { GoalsTab } from './goals-view'
import { hasAnyDoneGoal as anyDone, buildGoalsView as buildView } from './goals-view'
import {
  buildActivity,
  buildEvent,
  buildGoal,
  daysAt,
  type TestActivity,
  type TestEvent,
  type TestGoal,
} from './test-fixtures'

/** The goals' state with these events, now, in a zone: the days the views read. */
interface At {
  goals: TestGoal[]
  activities: TestActivity[]
  events: TestEvent[]
  now: string
  timeZone: string
}
const buildGoalsView = ({ events, now, timeZone, ...rest }: At & { tab: GoalsTab }) =>
  buildView({ ...rest, ...daysAt(events, now, timeZone) })
const hasAnyDoneGoal = ({ events, now, timeZone, ...rest }: At) =>
  anyDone({ ...rest, ...daysAt(events, now, timeZone) })

// Tuesday 2026-03-10, 15:00 in Phoenix.
const now = '2026-03-10T22:00:00.000Z'
const timeZone = 'America/Phoenix'

const run = buildActivity({ id: 'run', name: 'Run' })
const read = buildActivity({ id: 'read', name: 'Read' })
const gone = buildActivity({ id: 'gone', name: 'Gone', deletedAt: '2026-03-01T00:00:00.000Z' })
const activities = [run, read, gone]

const runDaily = buildGoal({ id: 'run-daily', activityId: 'run', cadence: 'Daily' })
const readDaily = buildGoal({ id: 'read-daily', activityId: 'read', cadence: 'Daily' })
const runWeekly = buildGoal({ id: 'run-weekly', activityId: 'run', cadence: 'Weekly' })
const goneMonthly = buildGoal({ id: 'gone-monthly', activityId: 'gone', cadence: 'Monthly' })
const missingMonthly = buildGoal({ id: 'missing', activityId: 'nobody', cadence: 'Monthly' })
const deletedDaily = buildGoal({ id: 'deleted', activityId: 'read', deletedAt: now })
const goals = [runDaily, readDaily, runWeekly, goneMonthly, missingMonthly, deletedDaily]

// Run was done on Monday: done for the week, not for today.
const events = [buildEvent({ activityId: 'run', eventDate: '2026-03-09T19:00:00.000Z' })]

function ids(sections: ReturnType<typeof buildGoalsView>) {
  return sections.map((section) => [
    section.title,
    section.items.map((item) => `${item.goal.id}${item.done ? ' ✓' : ''}`),
    section.emptyState,
  ])
}

describe('buildGoalsView', () => {
  it('shows all visible goals by cadence on the Done tab', () => {
    expect(ids(buildGoalsView({ goals, activities, events, tab: 'Done', now, timeZone }))).toEqual([
      ['Today', ['run-daily', 'read-daily'], null],
      ['This Week', ['run-weekly ✓'], null],
      ['This Month', [], 'noGoals'],
    ])
  })

  it('hides done goals on the Todo tab and says when all are done', () => {
    const sections = buildGoalsView({ goals, activities, events, tab: 'Todo', now, timeZone })
    expect(ids(sections)).toEqual([
      ['Today', ['run-daily', 'read-daily'], null],
      ['This Week', [], 'allDone'],
      ['This Month', [], 'noGoals'],
    ])
    expect(sections[1]?.goalCount).toBe(1)
  })

  it('carries the goal and its activity', () => {
    const [today] = buildGoalsView({
      goals: [runDaily],
      activities,
      events: [],
      tab: 'Todo',
      now,
      timeZone,
    })
    expect(today?.items).toEqual([
      {
        goal: runDaily,
        activity: run,
        done: false,
        onBreak: false,
        progress: { target: { kind: 'event' }, value: 0, goal: 1, done: false, over: false },
      },
    ])
  })

  it('gives three empty sections for no goals', () => {
    const sections = buildGoalsView({
      goals: [],
      activities: [],
      events: [],
      tab: 'Todo',
      now,
      timeZone,
    })
    expect(sections.map((section) => [section.cadence, section.emptyState])).toEqual([
      ['Daily', 'noGoals'],
      ['Weekly', 'noGoals'],
      ['Monthly', 'noGoals'],
    ])
  })

  it('judges the month in the user zone', () => {
    // 1 April 02:00 in Kiritimati is still 31 March in UTC.
    const monthly = buildGoal({ activityId: 'run', cadence: 'Monthly' })
    const march31 = [buildEvent({ activityId: 'run', eventDate: '2026-03-31T12:00:00.000Z' })]
    const at = '2026-03-31T12:00:00.000Z'
    const [, , kiritimati] = buildGoalsView({
      goals: [monthly],
      activities,
      events: march31,
      tab: 'Done',
      now: at,
      timeZone: 'Pacific/Kiritimati',
    })
    const [, , utc] = buildGoalsView({
      goals: [monthly],
      activities,
      events: march31,
      tab: 'Done',
      now: at,
      timeZone: 'UTC',
    })
    expect(kiritimati?.items[0]?.done).toBe(true) // both on 1 April there
    expect(utc?.items[0]?.done).toBe(true)
    const [, , nextDay] = buildGoalsView({
      goals: [monthly],
      activities,
      events: march31,
      tab: 'Done',
      now: '2026-04-01T12:00:00.000Z',
      timeZone: 'Pacific/Pago_Pago',
    })
    expect(nextDay?.items[0]?.done).toBe(false)
  })
})

describe('hasAnyDoneGoal', () => {
  it('is true when a visible goal is done', () => {
    expect(hasAnyDoneGoal({ goals, activities, events, now, timeZone })).toBe(true)
  })

  it('is false with no goals, no events, or only hidden goals done', () => {
    expect(hasAnyDoneGoal({ goals: [], activities, events, now, timeZone })).toBe(false)
    expect(hasAnyDoneGoal({ goals, activities, events: [], now, timeZone })).toBe(false)
    const goneEvents = [buildEvent({ activityId: 'gone', eventDate: now })]
    expect(
      hasAnyDoneGoal({ goals: [goneMonthly], activities, events: goneEvents, now, timeZone }),
    ).toBe(false)
    const deletedEvents = [buildEvent({ activityId: 'run', eventDate: now, deletedAt: now })]
    expect(
      hasAnyDoneGoal({ goals: [runDaily], activities, events: deletedEvents, now, timeZone }),
    ).toBe(false)
  })
})
