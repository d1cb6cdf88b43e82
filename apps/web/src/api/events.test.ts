import type { Event, SyncHistory } from '@kindling/core'
import { describe, expect, it } from 'vitest'
import type { OutboxEntry, SyncMeta } from '../lib/sync/types'
import { emptyTables } from '../lib/sync/view'
import { selectDayCounts } from './events'

const timeZone = 'Europe/Berlin'
const eventsFrom = '2026-09-01T00:00:00.000Z'

function event(id: string, activityId: string, eventDate: string): Event {
  return {
    id,
    author: 'u1',
    activityId,
    eventDate,
    attributes: {},
    createdAt: eventDate,
    deletedAt: null,
  }
}

/** Five years of 'run' every other day and two counted days of 'read', before the window. */
const history: SyncHistory = {
  before: eventsFrom,
  timeZone,
  activities: [
    {
      activityId: 'run',
      firstDay: '2021-09-01',
      counts: Array.from({ length: 1826 }, (_, index) => (index % 2 === 0 ? 1 : 0)),
      lastEventAt: '2026-08-30T07:00:00.000Z',
      lastCreatedAt: '2026-08-30T07:00:00.000Z',
    },
    {
      activityId: 'read',
      firstDay: '2026-08-30',
      counts: [2, 0, 1],
      lastEventAt: '2026-09-01T20:00:00.000Z',
      lastCreatedAt: '2026-09-01T20:00:00.000Z',
    },
  ],
}

function select(events: Event[], pending: OutboxEntry[] = [], meta: SyncMeta = {}) {
  const view = emptyTables()
  for (const item of events) view.events.set(item.id, item)
  return selectDayCounts(
    view,
    { syncMeta: { eventsFrom, history, ...meta }, pendingEntries: pending },
    timeZone,
  )
}

describe('selectDayCounts', () => {
  it('counts the history by its days and the recent events by their day in the zone', () => {
    const counts = select([
      event('e1', 'read', '2026-11-25T23:30:00.000Z'), // 00:30 on the 26th in Berlin
      event('e2', 'read', '2026-11-26T08:00:00.000Z'),
      event('e3', 'walk', '2026-11-20T12:00:00.000Z'),
    ])
    const read = counts.get('read')
    expect(read?.get('2026-08-30')).toBe(2)
    expect(read?.get('2026-08-31')).toBeUndefined()
    expect(read?.get('2026-09-01')).toBe(1)
    expect(read?.get('2026-11-26')).toBe(2)
    expect(new Map(counts.get('walk'))).toEqual(new Map([['2026-11-20', 1]]))
    const run = counts.get('run')
    expect(run?.size).toBe(913)
    expect(run?.get('2021-09-01')).toBe(1)
    expect(run?.get('2021-09-02')).toBeUndefined()
    expect(run?.get('2026-08-30')).toBe(1)
    expect(run?.get('2026-08-31')).toBeUndefined()
  })

  it('leaves out old events the history holds, but counts old ones still waiting to be sent', () => {
    const old = event('old', 'read', '2026-08-31T10:00:00.000Z')
    expect(select([old]).get('read')?.get('2026-08-31')).toBeUndefined()
    const waiting: OutboxEntry = {
      table: 'events',
      id: 'old',
      op: 'create',
      body: {},
      at: '2026-11-26T08:00:00.000Z',
    }
    expect(select([old], [waiting]).get('read')?.get('2026-08-31')).toBe(1)
  })

  it('answers each change from the same history without adding it to the next answer', () => {
    const first = select([event('e1', 'run', '2026-11-26T08:00:00.000Z')])
    const second = select([])
    expect(first.get('run')?.get('2026-11-26')).toBe(1)
    expect(second.get('run')?.get('2026-11-26')).toBeUndefined()
    const third = select([event('e2', 'run', '2026-11-26T09:00:00.000Z')])
    expect(third.get('run')?.get('2026-11-26')).toBe(1)
    expect(third.get('run')?.get('2021-09-01')).toBe(1)
  })

  it('merges again only the activity whose events changed, and follows a change of zone', () => {
    const view = emptyTables()
    view.events.set('e1', event('e1', 'read', '2026-11-25T20:00:00.000Z'))
    view.events.set('e2', event('e2', 'run', '2026-11-20T08:00:00.000Z'))
    const engine = { syncMeta: { eventsFrom, history }, pendingEntries: [] }
    const first = selectDayCounts(view, engine, timeZone)
    view.events.set('e3', event('e3', 'read', '2026-11-26T08:00:00.000Z'))
    const second = selectDayCounts(view, engine, timeZone)
    // The same years of 'run', not copied again; 'read' merged anew, the first answer untouched.
    expect(second.get('run')).toBe(first.get('run'))
    expect(second.get('run')?.get('2026-11-20')).toBe(1)
    expect(second.get('read')).not.toBe(first.get('read'))
    expect(second.get('read')?.get('2026-11-26')).toBe(1)
    expect(first.get('read')?.get('2026-11-26')).toBeUndefined()
    // 21:00 on the 25th in Berlin is 05:00 on the 26th in Tokyo.
    const tokyo = selectDayCounts(view, engine, 'Asia/Tokyo')
    expect(new Map(tokyo.get('read'))).toEqual(new Map([['2026-11-26', 2]]))
    expect(selectDayCounts(view, engine, timeZone).get('read')?.get('2026-11-25')).toBe(1)
  })

  it('leaves out a history counted in another zone', () => {
    const counts = selectDayCounts(
      emptyTables(),
      { syncMeta: { eventsFrom, history }, pendingEntries: [] },
      'Asia/Tokyo',
    )
    expect(counts.size).toBe(0)
  })
})
