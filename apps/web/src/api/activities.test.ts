import 'fake-indexeddb/auto'
import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api-client'
import { loadWriteSchemas } from '../lib/sync/load-schemas'
import { getSyncEngine, startSync, stopSync } from '../lib/sync/store'
import { activities } from './activities'

describe('createResource (activities) over the device copy', () => {
  beforeEach(async () => {
    // The server is out of reach: every write waits in the outbox, shown at once.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    startSync(`user-${crypto.randomUUID()}`, () => undefined)
    await vi.waitFor(() => expect(getSyncEngine()?.status.loaded).toBe(true))
  })

  afterEach(async () => {
    const engine = getSyncEngine()
    stopSync()
    await engine?.settled()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('creates with the shared schema: defaults filled, shown at once, queued once', async () => {
    const { result } = renderHook(() => activities.useCreate())
    const created = await result.current.mutateAsync({ name: '  Read  ' })
    const engine = getSyncEngine()
    expect(created).toMatchObject({ name: 'Read', schedule: { type: 'Daily' }, deletedAt: null })
    expect(created.color).toMatch(/^#[0-9a-f]{6}$/)
    expect(engine?.view.activities.get(created.id)).toEqual(created)
    expect(engine?.pendingEntries.map((entry) => [entry.op, entry.id])).toEqual([
      ['create', created.id],
    ])
  })

  it('with the schemas in, checks and stores a change in the call that asks for it', async () => {
    await loadWriteSchemas()
    const engine = getSyncEngine()
    if (!engine) throw new Error('no engine')
    const write = vi.spyOn(engine, 'write')
    const created = activities.create({ name: 'Read' })
    // Already on its way to the device's store: nothing drawn in between (issue 55).
    expect(write).toHaveBeenCalledTimes(1)
    expect(write.mock.calls[0]?.[0]).toMatchObject({ op: 'create', table: 'activities' })
    await expect(created).resolves.toMatchObject({ name: 'Read' })
  })

  it('refuses bad input with the field and its message, and queues nothing', async () => {
    const { result } = renderHook(() => activities.useCreate())
    const error = await result.current.mutateAsync({ name: 'x'.repeat(21) }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      fields: { name: 'Name must be 20 characters or less.' },
    })
    expect(getSyncEngine()?.pendingEntries).toHaveLength(0)
    expect(getSyncEngine()?.view.activities.size).toBe(0)
  })

  it('updates over the stored fields, and answers 404 for a record the device does not have', async () => {
    const create = renderHook(() => activities.useCreate()).result.current
    const update = renderHook(() => activities.useUpdate()).result.current
    const created = await create.mutateAsync({ name: 'Read', description: 'Pages' })
    const updated = await update.mutateAsync({ id: created.id, name: 'Study' })
    expect(updated).toMatchObject({ name: 'Study', description: 'Pages', color: created.color })
    expect(getSyncEngine()?.pendingEntries.map((entry) => entry.op)).toEqual(['create', 'update'])
    const missing = await update.mutateAsync({ id: crypto.randomUUID(), name: 'x' }).catch((e) => e)
    expect(missing).toMatchObject({ status: 404 })
  })
})
