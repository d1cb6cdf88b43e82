import 'fake-indexeddb/auto'
import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { destroyLocalCopy, getSyncEngine, startSync, useSynced, useSyncStatus } from './store'

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
})
