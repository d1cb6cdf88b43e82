import type { UserSettings } from '@kindling/core'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAuthState } from '../../../lib/auth-state'
import { queryClient } from '../../../lib/query-client'
import { getDeviceTimeZone } from '../../../lib/time-zone'
// The settings reads: they take what the save answers.
import './reminders'
import { useFollowDeviceTimeZone } from './time-zone'

const apiRequest = vi.hoisted(() => vi.fn())
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client')>()),
  apiRequest,
}))

const saved: UserSettings = {
  timeZone: getDeviceTimeZone(),
  emailReminders: false,
  remindersPausedUntil: null,
  language: null,
}

const user = (uid: string, emailVerified = true) => ({
  uid,
  email: `${uid}@example.com`,
  displayName: null,
  photoURL: null,
  emailVerified,
})

const settingsSaves = () => apiRequest.mock.calls.filter(([path]) => path === 'settings')

function renderFollower() {
  // What /me read before the device's zone was saved.
  queryClient.setQueryData(['settings'], { ...saved, timeZone: 'Australia/Lord_Howe' })
  renderHook(() => useFollowDeviceTimeZone())
}

afterEach(() => {
  cleanup()
  act(() => setAuthState({ user: null, idToken: null }))
  apiRequest.mockReset()
  localStorage.clear()
})

describe('useFollowDeviceTimeZone', () => {
  it('saves once the id token is there, once per user, and shows what the server holds', async () => {
    apiRequest.mockResolvedValue(saved)
    act(() => setAuthState({ user: user('ann'), idToken: null }))
    renderFollower()
    // A fresh start: the user is known before the token; a request now would be refused (401).
    expect(settingsSaves()).toHaveLength(0)

    act(() => setAuthState({ idToken: 'token-1' }))
    expect(settingsSaves()).toEqual([
      ['settings', { method: 'PUT', body: { timeZone: getDeviceTimeZone() } }],
    ])
    await waitFor(() => expect(queryClient.getQueryData(['settings'])).toEqual(saved))
    act(() => setAuthState({ idToken: 'token-2' }))
    expect(settingsSaves()).toHaveLength(1)

    act(() => setAuthState({ user: user('bob'), idToken: 'token-3' }))
    expect(settingsSaves()).toHaveLength(2)
  })

  it('waits for the address to be verified, and leaves the settings alone when the save fails', async () => {
    apiRequest.mockRejectedValue(new TypeError('Failed to fetch'))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    act(() => setAuthState({ user: user('cy', false), idToken: 'token' }))
    renderFollower()
    expect(settingsSaves()).toHaveLength(0)
    act(() => setAuthState({ user: user('cy') }))
    expect(settingsSaves()).toHaveLength(1)
    await waitFor(() => expect(console.warn).toHaveBeenCalled())
    expect(queryClient.getQueryData<UserSettings>(['settings'])?.timeZone).toBe(
      'Australia/Lord_Howe',
    )
  })

  it('forgets every cached read when the user signs out', () => {
    act(() => setAuthState({ user: user('dee'), idToken: 'token' }))
    queryClient.setQueryData(['settings'], saved)
    act(() => setAuthState({ user: null, idToken: null }))
    expect(queryClient.getQueryData(['settings'])).toBeUndefined()
  })
})
