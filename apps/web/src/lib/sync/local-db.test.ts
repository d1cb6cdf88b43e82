import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { openLocalDb, readAll, storeServerState } from './local-db'
import type { RecordOf } from './types'

const event = (n: number): RecordOf['events'] => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  author: 'u1',
  activityId: 'a1',
  eventDate: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  attributes: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  deletedAt: null,
})

describe('storeServerState', () => {
  it('stores a whole page of a first sync, written a slice of time at a time, with its meta', async () => {
    const db = await openLocalDb(`slices-${Math.random()}`)
    const events = Array.from({ length: 1000 }, (_, n) => event(n))
    await storeServerState(db, { records: { events }, meta: { cursor: '1000' } })
    const all = await readAll(db)
    expect(all.records.events).toHaveLength(1000)
    expect(all.records.events.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort())
    expect(all.meta).toEqual({ cursor: '1000' })
    db.close()
  })

  it('stores the history apart from the meta, and only when given', async () => {
    const db = await openLocalDb(`history-${Math.random()}`)
    const history = (count: number) => ({
      before: '2026-08-25T00:00:00.000Z',
      timeZone: 'UTC',
      activities: [
        {
          activityId: 'a1',
          firstDay: '2021-01-01',
          counts: Array.from({ length: 2000 }, () => count),
          lastEventAt: '2026-08-24T09:00:00.000Z',
          lastCreatedAt: '2026-08-24T09:00:00.000Z',
        },
      ],
    })
    await storeServerState(db, { meta: { cursor: '1', history: history(1) }, history: history(1) })
    // Every later pull stores its cursor with the meta it has in memory, history and all.
    await storeServerState(db, { meta: { cursor: '2', history: history(1) } })
    expect(await db.get('meta', 'sync')).toEqual({ cursor: '2' })
    expect((await readAll(db)).meta).toEqual({ cursor: '2', history: history(1) })

    await storeServerState(db, { meta: { cursor: '3', history: history(2) }, history: history(2) })
    expect((await readAll(db)).meta).toEqual({ cursor: '3', history: history(2) })
    db.close()
  })

  it.each([
    ['in the first slice of writes', 0],
    ['in a later slice of writes', 180],
  ])('keeps nothing of a change when a write %s is refused, and says why', async (_, at) => {
    // A slice of time is 8 ms: with a clock that moves 1 ms a reading, about 8 writes a slice.
    let clock = 0
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock++)
    const db = await openLocalDb(`refused-${Math.random()}`)
    await storeServerState(db, { records: { events: [event(1)] }, meta: { cursor: '1' } })
    const events = Array.from({ length: 250 }, (_, n) => event(n + 10))
    events[at] = { ...event(at + 10), id: undefined as unknown as string }
    await expect(
      storeServerState(db, { records: { events }, meta: { cursor: '251' } }),
    ).rejects.toMatchObject({ name: 'DataError' })
    const all = await readAll(db)
    expect(all.records.events.map((e) => e.id)).toEqual([event(1).id])
    expect(all.meta).toEqual({ cursor: '1' })
    db.close()
    now.mockRestore()
  })
})
