import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SyncEngine } from '../lib/sync/engine'
import { COPY_WAIT_MS, whenFirstDrawingReady } from './first-drawing'

const store = vi.hoisted(() => ({
  engine: undefined as unknown,
  readable: Promise.resolve(),
}))
vi.mock('../lib/sync/store', () => ({
  getSyncEngine: () => store.engine,
  whenCopyReadable: () => store.readable,
}))
const days = vi.hoisted(() => ({ built: [] as unknown[] }))
vi.mock('../api/days', () => ({
  buildHabitDaysInSteps: async (engine: unknown) => {
    days.built.push(engine)
  },
}))

afterEach(() => {
  vi.useRealTimers()
  store.engine = undefined
  store.readable = Promise.resolve()
  days.built = []
})

describe('whenFirstDrawingReady', () => {
  it("builds a repeat visit's days from its read copy before the first drawing", async () => {
    const engine = { status: { loaded: true } } as SyncEngine
    store.engine = engine
    await whenFirstDrawingReady()
    expect(days.built).toEqual([engine])
  })

  it('builds nothing for a first visit, whose copy is still being created', async () => {
    store.engine = { status: { loaded: false } }
    await whenFirstDrawingReady()
    expect(days.built).toEqual([])
  })

  it('draws after a while all the same when the copy never opens', async () => {
    vi.useFakeTimers()
    store.engine = { status: { loaded: false } }
    store.readable = new Promise(() => {})
    let ready = false
    void whenFirstDrawingReady().then(() => {
      ready = true
    })
    await vi.advanceTimersByTimeAsync(COPY_WAIT_MS - 1)
    expect(ready).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(ready).toBe(true)
    expect(days.built).toEqual([])
  })
})
