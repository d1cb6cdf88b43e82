import type { UserSettings } from '@kindling/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAuthState } from '../../../lib/auth-state'
import { useFollowDeviceTimeZone } from './reminders'

const saved: UserSettings = {
  timeZone: 'America/St_Johns',
  emailReminders: false,
  remindersPausedUntil: null,
}
const saveDeviceTimeZone = vi.hoisted(() => vi.fn())
vi.mock('./time-zone', () => ({ saveDeviceTimeZone }))

const user = (uid: string, emailVerified = true) => ({
  uid,
  email: `${uid}@example.com`,
  displayName: null,
  photoURL: null,
  emailVerified,
})

function renderFollower() {
  const client = new QueryClient()
  // What /me read before the device's zone was saved.
  client.setQueryData(['settings'], { ...saved, timeZone: 'Australia/Lord_Howe' })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  renderHook(() => useFollowDeviceTimeZone(), { wrapper })
  return client
}

afterEach(() => {
  cleanup()
  act(() => setAuthState({ user: null, idToken: null }))
  saveDeviceTimeZone.mockReset()
})

describe('useFollowDeviceTimeZone', () => {
  it('saves once the id token is there, once per user, and shows what the server holds', async () => {
    saveDeviceTimeZone.mockResolvedValue(saved)
    act(() => setAuthState({ user: user('ann'), idToken: null }))
    const client = renderFollower()
    // A fresh start: the user is known before the token; a request now would be refused (401).
    expect(saveDeviceTimeZone).not.toHaveBeenCalled()

    act(() => setAuthState({ idToken: 'token-1' }))
    expect(saveDeviceTimeZone).toHaveBeenCalledWith('ann')
    await waitFor(() => expect(client.getQueryData(['settings'])).toEqual(saved))
    act(() => setAuthState({ idToken: 'token-2' }))
    expect(saveDeviceTimeZone).toHaveBeenCalledTimes(1)

    act(() => setAuthState({ user: user('bob'), idToken: 'token-3' }))
    expect(saveDeviceTimeZone).toHaveBeenCalledTimes(2)
    expect(saveDeviceTimeZone).toHaveBeenLastCalledWith('bob')
  })

  it('waits for the address to be verified, and leaves the settings alone when nothing was sent', async () => {
    saveDeviceTimeZone.mockResolvedValue(null)
    act(() => setAuthState({ user: user('cy', false), idToken: 'token' }))
    const client = renderFollower()
    expect(saveDeviceTimeZone).not.toHaveBeenCalled()
    act(() => setAuthState({ user: user('cy') }))
    expect(saveDeviceTimeZone).toHaveBeenCalledWith('cy')
    await Promise.resolve()
    expect(client.getQueryData<UserSettings>(['settings'])?.timeZone).toBe('Australia/Lord_Howe')
  })
})
