import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterPress, inTurns, type Turn, taskTurn } from './idle'
import { whenLoadsAheadSettled } from './loads-ahead'

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

describe('inTurns', () => {
  /** A step that records its start and settles when the test says. */
  function step(name: string, started: string[]) {
    let settle: (ok: boolean) => void = () => {}
    const run = () => {
      started.push(name)
      return new Promise<void>((resolve, reject) => {
        settle = (ok) => (ok ? resolve() : reject(new Error(name)))
      })
    }
    return { run, settle: (ok = true) => settle(ok) }
  }

  it('starts each step in a turn of its own once the one before has settled, past a failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const started: string[] = []
    const [a, b, c] = [step('a', started), step('b', started), step('c', started)]
    inTurns([a.run, b.run, c.run], taskTurn)
    expect(started).toEqual([])
    await vi.runOnlyPendingTimersAsync()
    expect(started).toEqual(['a'])
    // b waits for a, however long a takes.
    await vi.advanceTimersByTimeAsync(1000)
    expect(started).toEqual(['a'])
    a.settle(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual(['a', 'b'])
    b.settle()
    await vi.runAllTimersAsync()
    expect(started).toEqual(['a', 'b', 'c'])
    c.settle()
  })

  it('starts nothing more once cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const started: string[] = []
    const [a, b] = [step('a', started), step('b', started)]
    inTurns([a.run], taskTurn)()
    const cancel = inTurns([b.run, a.run], taskTurn)
    await vi.runOnlyPendingTimersAsync()
    cancel()
    b.settle()
    await vi.runAllTimersAsync()
    expect(started).toEqual(['b'])
  })

  it('waits for its first turn, then the turn between steps', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const started: string[] = []
    const [a, b] = [step('a', started), step('b', started)]
    const later: Turn = (callback) => {
      const handle = setTimeout(callback, 1000)
      return () => clearTimeout(handle)
    }
    inTurns([a.run, b.run], taskTurn, later)
    await vi.advanceTimersByTimeAsync(999)
    expect(started).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(started).toEqual(['a'])
    a.settle()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual(['a', 'b'])
    b.settle()
  })

  it('is a load ahead until its last step settles, or until cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const started: string[] = []
    const [a, b, c] = [step('a', started), step('b', started), step('c', started)]
    const settled = vi.fn()
    inTurns([a.run, b.run], taskTurn)
    whenLoadsAheadSettled(settled)
    await vi.runOnlyPendingTimersAsync()
    a.settle()
    await vi.runOnlyPendingTimersAsync()
    expect(settled).not.toHaveBeenCalled()
    b.settle(false)
    await vi.runAllTimersAsync()
    expect(settled).toHaveBeenCalledTimes(1)

    const cancel = inTurns([c.run], taskTurn)
    const afterCancel = vi.fn()
    whenLoadsAheadSettled(afterCancel)
    cancel()
    expect(afterCancel).toHaveBeenCalledTimes(1)
  })
})
