import 'fake-indexeddb/auto'
import { render, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  destroyLocalCopy,
  getSyncEngine,
  startSync,
  useSynced,
  useSyncStatus,
  useSyncVersion,
} from './store'

afterEach(async () => {
  await destroyLocalCopy()
  vi.restoreAllMocks()
})

describe('sync store', () => {
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

  it('draws a change of the copy in slices, giving the page back while a long list draws', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'))
    const engine = startSync(`u-${Math.random()}`, () => {})
    await waitFor(() => expect(engine.status.loaded).toBe(true))
    await engine.settled()

    const rows = 40
    let drawnAfterChange = 0
    let changed = false
    function Row() {
      useSyncVersion()
      if (changed) {
        // A row that takes a while to draw, as a heavy user's habit with its streaks does.
        const until = performance.now() + 2
        while (performance.now() < until) {}
        drawnAfterChange += 1
      }
      return null
    }
    render(
      <>
        {Array.from({ length: rows }, () => crypto.randomUUID()).map((id) => (
          <Row key={id} />
        ))}
      </>,
    )
    // What the page sees between its own tasks while the list draws (no act: real scheduling).
    const seen = new Set<number>()
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
    try {
      changed = true
      await engine.write({ op: 'create', table: 'activities', id: crypto.randomUUID(), body: {} })
      while (drawnAfterChange < rows) {
        seen.add(drawnAfterChange)
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true
    }
    // Drawn in one task, the page would only ever see none or all of the rows.
    expect([...seen].some((n) => n > 0 && n < rows)).toBe(true)
  })
})
