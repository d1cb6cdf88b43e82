import { afterEach, describe, expect, it, vi } from 'vitest'

const shown = vi.hoisted(() => [] as unknown[])
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (toast: unknown) => shown.push(toast) },
}))

const { toastAdded } = await import('./added-toast')

afterEach(() => {
  vi.useRealTimers()
})

describe('toastAdded', () => {
  it('shows the toast after the task that asked for it, not during it', async () => {
    vi.useFakeTimers()
    toastAdded('Added event')
    expect(shown).toEqual([])
    await vi.runAllTimersAsync()
    expect(shown).toEqual([{ message: 'Added event', color: 'orange' }])
  })
})
