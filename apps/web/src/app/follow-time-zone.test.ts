import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAuthState } from '../lib/auth-state'
import { followDeviceTimeZone } from './follow-time-zone'

const saveDeviceTimeZone = vi.hoisted(() => vi.fn(async (_uid: string) => undefined))
vi.mock('../features/reminders/api/time-zone', () => ({ saveDeviceTimeZone }))

const user = (uid: string, emailVerified = true) => ({
  uid,
  email: `${uid}@example.com`,
  displayName: null,
  photoURL: null,
  emailVerified,
})

let stop = () => {}
afterEach(() => {
  stop()
  setAuthState({ user: null, idToken: null })
  saveDeviceTimeZone.mockClear()
})

describe('followDeviceTimeZone', () => {
  it('tells the server once the id token is there, once per signed-in user', () => {
    setAuthState({ user: user('ann'), idToken: null })
    stop = followDeviceTimeZone()
    // A fresh start: the user is known before the token; a call now would be refused (401).
    expect(saveDeviceTimeZone).not.toHaveBeenCalled()

    setAuthState({ idToken: 'token-1' })
    expect(saveDeviceTimeZone).toHaveBeenCalledTimes(1)
    expect(saveDeviceTimeZone).toHaveBeenCalledWith('ann')
    setAuthState({ idToken: 'token-2' })
    expect(saveDeviceTimeZone).toHaveBeenCalledTimes(1)

    setAuthState({ user: null, idToken: null })
    setAuthState({ user: user('bob'), idToken: 'token-3' })
    expect(saveDeviceTimeZone).toHaveBeenCalledTimes(2)
    expect(saveDeviceTimeZone).toHaveBeenLastCalledWith('bob')
  })

  it('waits for the address to be verified', () => {
    setAuthState({ user: user('cy', false), idToken: 'token' })
    stop = followDeviceTimeZone()
    expect(saveDeviceTimeZone).not.toHaveBeenCalled()
    setAuthState({ user: user('cy') })
    expect(saveDeviceTimeZone).toHaveBeenCalledWith('cy')
  })
})
