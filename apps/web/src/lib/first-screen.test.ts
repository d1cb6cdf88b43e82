import { afterEach, describe, expect, it, vi } from 'vitest'

async function freshGate() {
  vi.resetModules()
  return import('./first-screen')
}

afterEach(() => vi.useRealTimers())

describe('whenFirstScreenShown', () => {
  it('resolves once the drawn screen has been painted, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
    const gate = await freshGate()
    const shown = vi.fn()
    void gate.whenFirstScreenShown().then(shown)
    await vi.advanceTimersByTimeAsync(gate.FIRST_SCREEN_WAIT_MS / 2)
    expect(shown).not.toHaveBeenCalled()
    gate.firstScreenDrawn()
    await vi.advanceTimersByTimeAsync(0)
    expect(shown).not.toHaveBeenCalled()
    // The next frame (16 ms), then the task after its paint.
    await vi.advanceTimersByTimeAsync(17)
    expect(shown).toHaveBeenCalledTimes(1)
  })

  it('gives up waiting after FIRST_SCREEN_WAIT_MS: a copy that cannot open keeps nothing back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
    const gate = await freshGate()
    const shown = vi.fn()
    void gate.whenFirstScreenShown().then(shown)
    await vi.advanceTimersByTimeAsync(gate.FIRST_SCREEN_WAIT_MS - 1)
    expect(shown).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(shown).toHaveBeenCalledTimes(1)
  })
})
