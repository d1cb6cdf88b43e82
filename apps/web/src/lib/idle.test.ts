import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPress } from './idle'

const useFakeFrames = () =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  })

afterEach(() => {
  vi.useRealTimers()
})

describe('afterPress', () => {
  it('waits for the press to end, then a frame, then runs in a task of its own', () => {
    useFakeFrames()
    const callback = vi.fn()
    afterPress(callback)
    vi.advanceTimersByTime(1000)
    expect(callback).not.toHaveBeenCalled()

    window.dispatchEvent(new Event('pointerup'))
    expect(callback).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    expect(callback).not.toHaveBeenCalled()
    vi.runOnlyPendingTimers()
    expect(callback).toHaveBeenCalledTimes(1)

    // Once: a later release runs nothing more.
    window.dispatchEvent(new Event('keyup'))
    vi.advanceTimersByTime(1000)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('runs nothing once cancelled, before or after the release', () => {
    useFakeFrames()
    const before = vi.fn()
    afterPress(before)()
    window.dispatchEvent(new Event('pointercancel'))
    const after = vi.fn()
    const cancel = afterPress(after)
    window.dispatchEvent(new Event('keyup'))
    cancel()
    vi.advanceTimersByTime(1000)
    expect(before).not.toHaveBeenCalled()
    expect(after).not.toHaveBeenCalled()
  })
})
