/** Named builders for the domain tests (STYLE.md: fixtures are builders, clocks are frozen). */
import { toCalendarDay } from './dates'
import { buildDayTotalsByActivity, type DayTotals } from './day-totals'
import type { CadenceLike, ScheduleLike } from './types'

export interface TestEvent {
  id: string
  activityId: string
  eventDate: string
  createdAt: string
  deletedAt: string | null
  /** Values by attribute id (statistics read the number ones). */
  attributes?: Record<string, unknown>
}

export interface TestActivity {
  id: string
  name: string
  schedule: ScheduleLike
  createdAt: string
  updatedAt: string | null
  deletedAt: string | null
}

export interface TestGoal {
  id: string
  activityId: string
  cadence: CadenceLike
  createdAt: string
  deletedAt: string | null
}

let sequence = 0
function nextId(prefix: string): string {
  sequence += 1
  return `${prefix}-${sequence}`
}

export const daily: ScheduleLike = { type: 'Daily' }
export const unscheduled: ScheduleLike = { type: 'Unscheduled' }
export const weeklyOn = (...days: number[]): ScheduleLike => ({ type: 'Weekly', days })
export const weekly: ScheduleLike = weeklyOn()
export const monthlyOn = (dayOfMonth: number): ScheduleLike => ({ type: 'Monthly', dayOfMonth })
export const monthly: ScheduleLike = monthlyOn(1)

export function buildEvent(overrides: Partial<TestEvent> = {}): TestEvent {
  return {
    id: nextId('event'),
    activityId: 'activity-1',
    eventDate: '2026-03-10T12:00:00.000Z',
    createdAt: '2026-03-10T12:00:00.000Z',
    deletedAt: null,
    ...overrides,
  }
}

export function buildActivity(overrides: Partial<TestActivity> = {}): TestActivity {
  const id = overrides.id ?? nextId('activity')
  return {
    id,
    name: `Activity ${id}`,
    schedule: daily,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
    ...overrides,
  }
}

export function buildGoal(overrides: Partial<TestGoal> = {}): TestGoal {
  return {
    id: nextId('goal'),
    activityId: 'activity-1',
    cadence: 'Daily',
    createdAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
    ...overrides,
  }
}

/** One event at noon UTC on each listed calendar day (the same day in zones UTC-11 to UTC+11). */
export function buildEventsOnDays(activityId: string, days: readonly string[]): TestEvent[] {
  return days.map((day) =>
    buildEvent({
      activityId,
      eventDate: `${day}T12:00:00.000Z`,
      createdAt: `${day}T12:00:00.000Z`,
    }),
  )
}

/** `count` consecutive days ending at `lastDay` (inclusive), oldest first, as `YYYY-MM-DD`. */
export function consecutiveDays(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00.000Z`)
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  )
}

/**
 * Events as the views and rules read them: every activity's days in `timeZone` (core's one
 * per-day model) and today there.
 */
export function daysAt(
  events: readonly TestEvent[],
  now: Date | string,
  timeZone: string,
): { days: Map<string, DayTotals>; today: string } {
  return { days: buildDayTotalsByActivity(events, timeZone), today: toCalendarDay(now, timeZone) }
}
