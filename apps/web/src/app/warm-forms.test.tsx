import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const loaded: string[] = []
const store = vi.hoisted(() => ({
  /** What `whenHoldsHabits` was asked to call once the copy is pulled and holds a habit. */
  holdsHabits: null as null | (() => void),
}))

vi.mock('../lib/sync/store', () => ({
  whenHoldsHabits: (callback: () => void) => {
    store.holdsHabits = callback
    return () => {
      store.holdsHabits = null
    }
  },
}))
vi.mock('../lib/sync/load-schemas', () => ({
  loadWriteSchemas: async () => loaded.push('schemas'),
}))
vi.mock('./lazy-form', () => ({
  preloadForm: async (entry: { title: string }) => loaded.push(`form ${entry.title}`),
}))
vi.mock('../components/lazy-day-input', () => ({
  preloadDayInput: async () => loaded.push('day input'),
}))

const { useWarmForms } = await import('./warm-forms')
const preloadScreen = (path: string) => {
  loaded.push(`page ${path}`)
}

describe('useWarmForms', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    loaded.length = 0
    store.holdsHabits = null
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it("loads a screen's log forms once the copy holds a habit, one after another", async () => {
    renderHook(() => useWarmForms(['/add-event'], preloadScreen))
    // Nothing before: the page's own data and drawing go first, and a new account has nothing
    // to log.
    await vi.runAllTimersAsync()
    expect(loaded).toEqual([])
    store.holdsHabits?.()
    await vi.runAllTimersAsync()
    expect(loaded).toEqual(['schemas', 'page /add-event', 'form Add Event', 'day input'])
  })

  it('stops when the screen goes, and loads nothing for a screen without log forms', async () => {
    const view = renderHook(() => useWarmForms(['/add-event'], preloadScreen))
    view.unmount()
    expect(store.holdsHabits).toBeNull()
    renderHook(() => useWarmForms(undefined, preloadScreen))
    expect(store.holdsHabits).toBeNull()
    await vi.runAllTimersAsync()
    expect(loaded).toEqual([])
  })
})
