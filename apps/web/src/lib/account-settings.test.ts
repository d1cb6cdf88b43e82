import type { UserSettings } from '@kindling/core'
import { describe, expect, it, vi } from 'vitest'
import { readAccountSettings, savingSettings } from './account-settings'

const settings = (language: UserSettings['language']) =>
  ({ timeZone: 'Europe/Berlin', language }) as UserSettings

describe('readAccountSettings', () => {
  it('takes the answer of a save under way instead of asking, once', async () => {
    let answer: (value: UserSettings) => void = () => {}
    savingSettings('u1', new Promise((resolve) => (answer = resolve)))
    const ask = vi.fn(async () => settings('fr'))
    const read = readAccountSettings('u1', ask)
    answer(settings('de'))
    expect(await read).toEqual(settings('de'))
    expect(ask).not.toHaveBeenCalled()
    // The next read asks: the save's answer is not kept for later.
    expect(await readAccountSettings('u1', ask)).toEqual(settings('fr'))
    expect(ask).toHaveBeenCalledOnce()
  })

  it('asks when the save failed, or when another user saved', async () => {
    savingSettings('u1', Promise.resolve(null))
    savingSettings('u2', Promise.resolve(settings('ja')))
    const ask = vi.fn(async () => settings('es'))
    expect(await readAccountSettings('u1', ask)).toEqual(settings('es'))
    expect(await readAccountSettings('u3', ask)).toEqual(settings('es'))
    expect(ask).toHaveBeenCalledTimes(2)
  })
})
