import { describe, expect, it } from 'vitest'
import type { ScheduleViewInput } from './schedule-view'
import { buildScheduleView as buildView, isDueOn, shouldSwitchToUnscheduled } from './schedule-view'
import {
  buildActivity,
  buildEvent,
  daily,
  daysAt,
  monthly,
  monthlyOn,
  type TestActivity,
  type TestEvent,
  unscheduled,
  weekly,
  weeklyOn,
} from './test-fixtures'
import type { ScheduleFilterLike } from './types'

/** The schedule with these events, now, in a zone: the days the view reads. */
function buildScheduleView({
  events,
  now,
  timeZone,
  ...rest
}: Omit<ScheduleViewInput<TestActivity>, 'days' | 'today'> & {
  events: TestEvent[]
  now: string
  timeZone: string
}) {
  return buildView({ ...rest, ...daysAt(events, now, timeZone) })
}

// Tuesday 2026-03-10, 15:00 in Phoenix.
const now = '2026-03-10T22:00:00.000Z'
const timeZone = 'America/Phoenix'
const todayNoon = '2026-03-10T19:00:00.000Z'

const stretch = buildActivity({ id: 'stretch', name: 'Stretch', schedule: daily })
const meditate = buildActivity({ id: 'meditate', name: 'Meditate', schedule: daily })
const clean = buildActivity({ id: 'clean', name: 'Clean', schedule: weekly })
const budget = buildActivity({ id: 'budget', name: 'Budget', schedule: monthly })
const journal = buildActivity({ id: 'journal', name: 'Journal', schedule: unscheduled })
const retired = buildActivity({
  id: 'retired',
  name: 'Retired',
  schedule: daily,
  deletedAt: '2026-03-01T00:00:00.000Z',
})
const activities = [stretch, meditate, clean, budget, journal, retired]

function view(
  filter: ScheduleFilterLike,
  showDone: boolean,
  events = [buildEvent({ activityId: 'stretch', eventDate: todayNoon })],
) {
  return buildScheduleView({ activities, events, filter, showDone, now, timeZone })
}

function summarise(sections: ReturnType<typeof view>) {
  return sections.map((section) => [
    section.title,
    section.items.map((item) => `${item.activity.name}${item.done ? ' ✓' : ''}`),
  ])
}

describe('buildScheduleView', () => {
  it('shows Today, This Week and This Month for All, undone items only', () => {
    expect(summarise(view('all', false))).toEqual([
      ['Today', ['Meditate']],
      ['This Week', ['Clean']],
      ['This Month', ['Budget']],
    ])
  })

  it('lists done items after undone ones when showDone is on', () => {
    expect(summarise(view('all', true))).toEqual([
      ['Today', ['Meditate', 'Stretch ✓']],
      ['This Week', ['Clean']],
      ['This Month', ['Budget']],
    ])
  })

  it('shows only the chosen section for a cadence filter', () => {
    expect(summarise(view('daily', true))).toEqual([['Today', ['Meditate', 'Stretch ✓']]])
    expect(summarise(view('weekly', true))).toEqual([['This Week', ['Clean']]])
    expect(summarise(view('monthly', true))).toEqual([['This Month', ['Budget']]])
  })

  it('lists unscheduled activities only under their own filter, never done', () => {
    const events = [buildEvent({ activityId: 'journal', eventDate: todayNoon })]
    for (const showDone of [true, false]) {
      const sections = view('unscheduled', showDone, events)
      expect(sections).toEqual([
        {
          key: 'unscheduled',
          title: 'Unscheduled',
          cadence: null,
          items: [{ activity: journal, done: false, progress: null }],
        },
      ])
    }
    expect(view('all', true).some((section) => section.key === 'unscheduled')).toBe(false)
  })

  it('omits empty sections, giving an empty list when all is done', () => {
    const events = ['stretch', 'meditate', 'clean', 'budget'].map((activityId) =>
      buildEvent({ activityId, eventDate: todayNoon }),
    )
    expect(view('all', false, events)).toEqual([])
    expect(view('all', true, events).map((section) => section.key)).toEqual([
      'today',
      'thisWeek',
      'thisMonth',
    ])
  })

  it('excludes deleted activities and ignores deleted events', () => {
    const events = [buildEvent({ activityId: 'stretch', eventDate: todayNoon, deletedAt: now })]
    const today = view('daily', true, events)[0]
    expect(today?.items.map((item) => [item.activity.id, item.done])).toEqual([
      ['stretch', false],
      ['meditate', false],
    ])
  })

  it('judges each section on its own period', () => {
    const events = [
      // Monday this week: done for the week and month, not for today.
      buildEvent({ activityId: 'stretch', eventDate: '2026-03-09T19:00:00.000Z' }),
      buildEvent({ activityId: 'clean', eventDate: '2026-03-09T19:00:00.000Z' }),
      // Last Sunday: previous week, still this month.
      buildEvent({ activityId: 'budget', eventDate: '2026-03-08T19:00:00.000Z' }),
    ]
    expect(summarise(view('all', true, events))).toEqual([
      ['Today', ['Stretch', 'Meditate']],
      ['This Week', ['Clean ✓']],
      ['This Month', ['Budget ✓']],
    ])
  })

  it('keeps Weekly and Monthly activities visible on every day of their period', () => {
    const mondayOnly = buildActivity({ name: 'Mondays', schedule: weeklyOn(1) })
    const onThe20th = buildActivity({ name: 'Twentieth', schedule: monthlyOn(20) })
    const sections = buildScheduleView({
      activities: [mondayOnly, onThe20th],
      events: [],
      filter: 'all',
      showDone: false,
      now, // a Tuesday, the 10th
      timeZone,
    })
    expect(summarise(sections)).toEqual([
      ['This Week', ['Mondays']],
      ['This Month', ['Twentieth']],
    ])
  })

  it('uses the user zone for today, also in far zones', () => {
    // 2026-03-10T11:00Z is 11 March in Kiritimati and 10 March in Pago Pago (00:00).
    const events = [buildEvent({ activityId: 'stretch', eventDate: '2026-03-10T09:00:00.000Z' })]
    const at = '2026-03-10T11:00:00.000Z'
    const kiritimati = buildScheduleView({
      activities: [stretch],
      events,
      filter: 'daily',
      showDone: true,
      now: at,
      timeZone: 'Pacific/Kiritimati',
    })
    expect(kiritimati[0]?.items[0]?.done).toBe(false)
    const pago = buildScheduleView({
      activities: [stretch],
      events,
      filter: 'daily',
      showDone: true,
      now: at,
      timeZone: 'Pacific/Pago_Pago',
    })
    // The event is 9 March 22:00 in Pago Pago: yesterday.
    expect(pago[0]?.items[0]?.done).toBe(false)
    const utc = buildScheduleView({
      activities: [stretch],
      events,
      filter: 'daily',
      showDone: true,
      now: at,
      timeZone: 'UTC',
    })
    expect(utc[0]?.items[0]?.done).toBe(true)
  })

  it('returns nothing for no activities', () => {
    expect(
      buildScheduleView({
        activities: [],
        events: [],
        filter: 'all',
        showDone: true,
        now,
        timeZone,
      }),
    ).toEqual([])
  })
})

describe('shouldSwitchToUnscheduled', () => {
  it('switches an All filter when no live daily activity exists', () => {
    expect(shouldSwitchToUnscheduled([clean, budget, journal, retired], 'all')).toBe(true)
  })

  it('does not switch without any live activity (a new user)', () => {
    expect(shouldSwitchToUnscheduled([], 'all')).toBe(false)
    expect(shouldSwitchToUnscheduled([retired], 'all')).toBe(false)
  })

  it('does not switch when a daily activity exists or the filter is not All', () => {
    expect(shouldSwitchToUnscheduled([stretch, journal], 'all')).toBe(false)
    expect(shouldSwitchToUnscheduled([journal], 'weekly')).toBe(false)
    expect(shouldSwitchToUnscheduled([journal], 'unscheduled')).toBe(false)
  })
})

describe('isDueOn', () => {
  it('is due every day for Daily and never for Unscheduled', () => {
    expect(isDueOn(daily, '2026-03-10')).toBe(true)
    expect(isDueOn(unscheduled, '2026-03-10')).toBe(false)
  })

  it('is due on the listed weekdays for Weekly, on none when none are listed', () => {
    expect(isDueOn(weeklyOn(0, 2), '2026-03-10')).toBe(true) // Tuesday
    expect(isDueOn(weeklyOn(0, 2), '2026-03-15')).toBe(true) // Sunday
    expect(isDueOn(weeklyOn(0, 2), '2026-03-11')).toBe(false)
    expect(isDueOn(weekly, '2026-03-10')).toBe(false)
  })

  it('clamps Monthly dayOfMonth to short months and leap Februaries', () => {
    expect(isDueOn(monthlyOn(1), '2026-03-01')).toBe(true)
    expect(isDueOn(monthlyOn(31), '2026-04-30')).toBe(true)
    expect(isDueOn(monthlyOn(31), '2026-02-28')).toBe(true)
    expect(isDueOn(monthlyOn(31), '2024-02-28')).toBe(false)
    expect(isDueOn(monthlyOn(31), '2024-02-29')).toBe(true)
    expect(isDueOn(monthlyOn(30), '2026-03-31')).toBe(false)
    expect(isDueOn(monthlyOn(31), '2026-03-31')).toBe(true)
  })

  it('throws for an invalid day', () => {
    expect(() => isDueOn(daily, '2026-02-30')).toThrow(RangeError)
  })
})
