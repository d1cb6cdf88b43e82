import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  destroyLocalCopy,
  FirstDrawingGate,
  getSyncEngine,
  startSync,
  stopSync,
  useSynced,
  useSyncState,
  useSyncStatus,
  whenHoldsHabits,
  whenLoaded,
} from './store'
import { NO_CHANGES } from './test-fixtures'

afterEach(async () => {
  await destroyLocalCopy()
  vi.restoreAllMocks()
})

/** A server with nothing on it. */
function emptyServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(NO_CHANGES))
}

describe('sync store', () => {
  it('draws a copy synced before, on a repeat visit, without waiting for the gate', async () => {
    emptyServer()
    const uid = `u-${Math.random()}`
    await startSync(uid, () => {}).settled()
    await waitFor(() => expect(getSyncEngine()?.status.synced).toBe(true))
    stopSync()
    const prepare = vi.fn(() => new Promise<void>(() => {}))
    const wrapper = ({ children }: { children: ReactNode }) => (
      <FirstDrawingGate prepare={prepare}>{children}</FirstDrawingGate>
    )
    const habits = renderHook(() => useSynced((view) => view.activities.size, []), { wrapper })
    startSync(uid, () => {})
    await waitFor(() => expect(habits.result.current.data).toBe(0))
    expect(prepare).not.toHaveBeenCalled()
  })

  it('draws a synced copy inside a FirstDrawingGate once what its drawing needs is prepared, and says it is drawn then', async () => {
    emptyServer()
    let prepared: () => void = () => {}
    const prepare = vi.fn(() => new Promise<void>((resolve) => (prepared = resolve)))
    const wrapper = ({ children }: { children: ReactNode }) => (
      <FirstDrawingGate prepare={prepare}>{children}</FirstDrawingGate>
    )
    const habits = renderHook(() => useSynced((view) => view.activities.size, []), { wrapper })
    const engine = startSync(`u-${Math.random()}`, () => {})
    await waitFor(() => expect(prepare).toHaveBeenCalledWith(engine))
    expect(engine.status.synced).toBe(true)
    expect(habits.result.current.isLoading).toBe(true)
    let loaded = false
    const cancel = whenLoaded(() => {
      loaded = true
    })
    expect(loaded).toBe(false)
    prepared()
    await waitFor(() => expect(habits.result.current.data).toBe(0))
    await waitFor(() => expect(loaded).toBe(true))
    cancel()
    expect(prepare).toHaveBeenCalledTimes(1)
  })

  it('tells once the copy is pulled and holds a habit, not before', async () => {
    emptyServer()
    const engine = startSync(`u-${Math.random()}`, () => {})
    let told = 0
    const cancel = whenHoldsHabits(() => {
      told += 1
    })
    await waitFor(() => expect(engine.status.synced).toBe(true))
    await engine.settled()
    expect(told).toBe(0)
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: { name: 'Run' } })
    await waitFor(() => expect(told).toBe(1))
    await engine.write({ op: 'create', table: 'activities', id: 'a2', body: { name: 'Read' } })
    expect(told).toBe(1)
    cancel()
  })

  it('draws the data hooks again for a change of the copy, not for a change of the status', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    // Offline: every round changes the status (sending, offline) and never the copy.
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    let dataDrawn = 0
    const data = renderHook(() => {
      dataDrawn += 1
      return useSynced((view) => view.activities.size, [])
    })
    let statusDrawn = 0
    const status = renderHook(() => {
      statusDrawn += 1
      return useSyncStatus()
    })
    const engine = startSync(`u-${Math.random()}`, () => {})
    await waitFor(() =>
      expect(status.result.current).toMatchObject({ loaded: true, online: false }),
    )
    await engine.settled()

    const drawn = { data: dataDrawn, status: statusDrawn }
    engine.kick()
    await engine.settled()
    await waitFor(() => expect(statusDrawn).toBeGreaterThan(drawn.status))
    expect(status.result.current.syncing).toBe(false)
    expect(dataDrawn).toBe(drawn.data)
    expect(getSyncEngine()).toBe(engine)
    expect(data.result.current.isLoading).toBe(true)
  })

  it('draws a reader of the sync again only when what it selects changes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    let drawn = 0
    const online = renderHook(() => {
      drawn += 1
      return useSyncState((current) => current?.status.online)
    })
    const engine = startSync(`u-${Math.random()}`, () => {})
    await waitFor(() => expect(online.result.current).toBe(false))
    await engine.settled()
    const before = { drawn, status: engine.status }
    // A round offline: sending, then not; the status object is new, what this reader reads is not.
    engine.kick()
    await engine.settled()
    expect(engine.status).not.toBe(before.status)
    expect(drawn).toBe(before.drawn)
    // A status set to what it already is stays the very same object.
    const same = engine.status
    window.dispatchEvent(new Event('offline'))
    expect(engine.status).toBe(same)
  })

  it('answers the very same list while its records are unchanged, whatever else changed', async () => {
    // A server with nothing on it that takes every write.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.includes('/sync/changes')) {
        return Response.json(NO_CHANGES)
      }
      const body = JSON.parse(String(init?.body ?? '{}'))
      return Response.json(
        { ...body, author: 'u1', createdAt: '2026-11-23T10:00:00.000Z', deletedAt: null },
        { status: 201 },
      )
    })
    const engine = startSync(`u-${Math.random()}`, () => {})
    const activity = (id: string, name: string) => ({
      op: 'create' as const,
      table: 'activities' as const,
      id,
      body: { name, color: '#fd7e14', schedule: { type: 'Daily' } },
    })
    const habits = renderHook(() => useSynced((view) => [...view.activities.values()], []))
    await waitFor(() => expect(habits.result.current.data).toEqual([]))
    await engine.write(activity('a1', 'Read'))
    await engine.settled()
    await waitFor(() => expect(habits.result.current.data?.[0]).toHaveProperty('author', 'u1'))
    const before = habits.result.current.data

    await engine.write({
      op: 'create',
      table: 'events',
      id: 'e1',
      body: { activityId: 'a1', eventDate: '2026-11-23T09:00:00.000Z', attributes: {} },
    })
    await engine.settled()
    habits.rerender()
    expect(engine.view.events.size).toBe(1)
    expect(habits.result.current.data).toBe(before)

    await engine.write(activity('a2', 'Walk'))
    await waitFor(() => expect(habits.result.current.data).toHaveLength(2))
    expect(habits.result.current.data).not.toBe(before)
  })
  it('draws a reader again only when its answer changed: a new event leaves a reader of the habits be', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).includes('/sync/changes')) return Response.json(NO_CHANGES)
      // A create's id is in its body, an update's at the end of its path.
      const id = new URL(String(input), 'http://localhost').pathname.split('/').pop()
      const body = JSON.parse(String(init?.body ?? '{}'))
      return Response.json(
        { id, ...body, author: 'u1', createdAt: '2026-11-23T10:00:00.000Z', deletedAt: null },
        { status: 201 },
      )
    })
    const engine = startSync(`u-${Math.random()}`, () => {})
    let habitsDrawn = 0
    const habits = renderHook(() => {
      habitsDrawn += 1
      return useSynced((view) => [...view.activities.values()], [])
    })
    let eventsDrawn = 0
    const events = renderHook(() => {
      eventsDrawn += 1
      return useSynced((view) => view.events.size, [])
    })
    await waitFor(() => expect(habits.result.current.data).toEqual([]))
    await engine.write({
      op: 'create',
      table: 'activities',
      id: 'a1',
      body: { name: 'Read', color: '#fd7e14', schedule: { type: 'Daily' } },
    })
    await act(() => engine.settled())
    await waitFor(() => expect(habits.result.current.data?.[0]).toHaveProperty('author', 'u1'))
    const drawn = { habits: habitsDrawn, events: eventsDrawn }

    await engine.write({
      op: 'create',
      table: 'events',
      id: 'e1',
      body: { activityId: 'a1', eventDate: '2026-11-23T09:00:00.000Z', attributes: {} },
    })
    await act(() => engine.settled())
    await waitFor(() => expect(events.result.current.data).toBe(1))
    expect(eventsDrawn).toBeGreaterThan(drawn.events)
    expect(habitsDrawn).toBe(drawn.habits)

    await engine.write({
      op: 'update',
      table: 'activities',
      id: 'a1',
      body: { name: 'Read more' },
    })
    await waitFor(() => expect(habits.result.current.data?.[0]).toHaveProperty('name', 'Read more'))
    expect(habitsDrawn).toBeGreaterThan(drawn.habits)
  })
})
