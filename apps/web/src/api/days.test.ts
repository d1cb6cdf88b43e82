import type { Event, SyncHistory } from '@kindling/core'
import { getDayCount } from '@kindling/core'
import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../lib/sync/types'
import { emptyTables } from '../lib/sync/view'
import { selectHabitDays } from './days'

const timeZone = 'Europe/Berlin'
const eventsFrom = '2026-09-01T00:00:00.000Z'

const event = (id: string, eventDate: string): Event => ({
  id,
  author: 'u1',
  activityId: 'read',
  eventDate,
  attributes: {},
  createdAt: eventDate,
  updatedAt: null,
  deletedAt: null,
})

const history: SyncHistory = {
  before: eventsFrom,
  timeZone,
  activities: [
    {
      activityId: 'read',
      firstDay: '2026-08-30',
      counts: [2],
      lastEventAt: '2026-08-30T07:00:00.000Z',
      lastCreatedAt: '2026-08-30T07:00:00.000Z',
    },
  ],
}

function engineAt(version: number, pendingEntries: OutboxEntry[] = []) {
  return { uid: 'u1', version, syncMeta: { eventsFrom, history }, pendingEntries }
}

describe('selectHabitDays: every habit’s days, once per change of the copy', () => {
  it('answers every screen of one drawing with the same map, and builds anew after a change', () => {
    const view = emptyTables()
    view.events.set('e1', event('e1', '2026-11-26T08:00:00.000Z'))
    const first = selectHabitDays(view, engineAt(1), timeZone)
    expect(selectHabitDays(view, engineAt(1), timeZone)).toBe(first)
    expect(getDayCount(first.get('read'), '2026-08-30')).toBe(2)
    expect(getDayCount(first.get('read'), '2026-11-26')).toBe(1)
    const next = emptyTables()
    next.events = new Map(view.events)
    next.events.set('e2', event('e2', '2026-11-26T09:00:00.000Z'))
    const second = selectHabitDays(next, engineAt(2), timeZone)
    expect(getDayCount(second.get('read'), '2026-11-26')).toBe(2)
  })

  it('counts an old event this device logged until the server has it in the history', () => {
    const view = emptyTables()
    view.events.set('old', event('old', '2026-08-31T10:00:00.000Z'))
    const waiting: OutboxEntry = {
      table: 'events',
      id: 'old',
      op: 'create',
      body: {},
      at: eventsFrom,
    }
    expect(
      getDayCount(selectHabitDays(view, engineAt(3), timeZone).get('read'), '2026-08-31'),
    ).toBe(0)
    const counted = selectHabitDays(view, engineAt(4, [waiting]), timeZone)
    expect(getDayCount(counted.get('read'), '2026-08-31')).toBe(1)
  })
})
