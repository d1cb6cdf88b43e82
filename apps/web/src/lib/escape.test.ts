import { describe, expect, it, vi } from 'vitest'
import { unlessEscaped } from './escape'

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key }))

describe('unlessEscaped', () => {
  it('answers escaped at the first Escape while waiting, whatever comes after', async () => {
    let arrive: (value: string) => void = () => undefined
    const wait = new Promise<string>((resolve) => {
      arrive = resolve
    })
    const answer = unlessEscaped(wait)
    press('a')
    press('Escape')
    arrive('code')
    await expect(answer).resolves.toEqual({ escaped: true })
  })

  it('answers the value when it comes first, and stops listening', async () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const answer = await unlessEscaped(Promise.resolve('code'))
    expect(answer).toEqual({ escaped: false, value: 'code' })
    // A later Escape belongs to whatever opened then: the listener added is gone.
    const listener = added.mock.calls.find(([type]) => String(type) === 'keydown')?.[1]
    expect(listener).toBeDefined()
    expect(removed).toHaveBeenCalledWith('keydown', listener)
    added.mockRestore()
    removed.mockRestore()
  })

  it('passes a failure on', async () => {
    await expect(unlessEscaped(Promise.reject(new Error('offline')))).rejects.toThrow('offline')
  })
})
