import { describe, expect, it, vi } from 'vitest'
import {
  computeRefreshDelay,
  computeRetryDelay,
  createTokenRefresher,
  type Timers,
  TokenFetchError,
} from './token-refresher'

const MINUTE = 60_000

function buildJwt(expiresAtMs: number): string {
  const payload = btoa(JSON.stringify({ exp: expiresAtMs / 1000 })).replace(/=+$/, '')
  return `header.${payload}.signature`
}

/** A fake clock whose timers fire only when the test advances it. */
function createFakeClock(start = 1_000_000) {
  let time = start
  let nextId = 1
  const pending = new Map<number, { at: number; callback: () => void }>()
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const id = nextId++
      pending.set(id, { at: time + ms, callback })
      return id
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number)
    },
  }
  return {
    now: () => time,
    timers,
    pendingDelays: () => [...pending.values()].map((timer) => timer.at - time),
    async advance(ms: number) {
      time += ms
      for (const [id, timer] of [...pending]) {
        if (timer.at <= time) {
          pending.delete(id)
          timer.callback()
        }
      }
      // Let the refresh's promise chain settle.
      for (let i = 0; i < 10; i++) await Promise.resolve()
    },
  }
}

describe('computeRefreshDelay', () => {
  it('refreshes 5 minutes before expiry', () => {
    expect(computeRefreshDelay(60 * MINUTE, 0)).toBe(55 * MINUTE)
  })

  it('never schedules in the past for short-lived tokens', () => {
    expect(computeRefreshDelay(2 * MINUTE, 0)).toBe(MINUTE)
    expect(computeRefreshDelay(1000, 0)).toBe(10_000)
  })
})

describe('computeRetryDelay', () => {
  it('starts at 30 s and doubles up to 16 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(computeRetryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ])
  })
})

/** A refresher on a fake clock whose server answers tokens valid for 15 minutes. */
function refresherOfFreshTokens() {
  const clock = createFakeClock()
  const fetchToken = vi.fn(async () => buildJwt(clock.now() + 15 * MINUTE))
  const onToken = vi.fn()
  const refresher = createTokenRefresher({
    fetchToken,
    onToken,
    onSessionLost: vi.fn(),
    now: clock.now,
    timers: clock.timers,
  })
  return { clock, fetchToken, onToken, refresher }
}

describe('createTokenRefresher', () => {
  it('fetches on start and again 5 minutes before expiry', async () => {
    const { clock, fetchToken, onToken, refresher } = refresherOfFreshTokens()
    await refresher.start()
    expect(fetchToken).toHaveBeenCalledTimes(1)
    expect(clock.pendingDelays()).toEqual([10 * MINUTE])
    await clock.advance(10 * MINUTE - 1)
    expect(fetchToken).toHaveBeenCalledTimes(1)
    await clock.advance(1)
    expect(fetchToken).toHaveBeenCalledTimes(2)
    expect(onToken).toHaveBeenCalledTimes(2)
  })

  it('starts from a token it is given, fetching only when that one is missing or spent', async () => {
    const { clock, fetchToken, onToken, refresher } = refresherOfFreshTokens()
    const given = buildJwt(clock.now() + 15 * MINUTE)
    expect(await refresher.start(given)).toBe(given)
    expect(await refresher.getToken()).toBe(given)
    expect(fetchToken).not.toHaveBeenCalled()
    expect(onToken).toHaveBeenCalledWith(given)
    // Kept fresh as a fetched one: renewed 5 minutes before it expires.
    expect(clock.pendingDelays()).toEqual([10 * MINUTE])
    await clock.advance(10 * MINUTE)
    expect(fetchToken).toHaveBeenCalledTimes(1)

    refresher.stop()
    const spent = buildJwt(clock.now() + 10_000)
    const fetched = await refresher.start(spent)
    expect(fetched).not.toBe(spent)
    expect(fetchToken).toHaveBeenCalledTimes(2)
    refresher.stop()
    await refresher.start('not a jwt')
    expect(fetchToken).toHaveBeenCalledTimes(3)
  })

  it('retries network failures after 30 s, doubling, and resets after a success', async () => {
    const clock = createFakeClock()
    let failing = true
    const fetchToken = vi.fn(async () => {
      if (failing) throw new TokenFetchError('network')
      return buildJwt(clock.now() + 15 * MINUTE)
    })
    const refresher = createTokenRefresher({
      fetchToken,
      onToken: vi.fn(),
      onSessionLost: vi.fn(),
      now: clock.now,
      timers: clock.timers,
    })
    await refresher.start()
    expect(clock.pendingDelays()).toEqual([30_000])
    await clock.advance(30_000)
    expect(clock.pendingDelays()).toEqual([60_000])
    await clock.advance(60_000)
    expect(clock.pendingDelays()).toEqual([120_000])
    failing = false
    await clock.advance(120_000)
    expect(fetchToken).toHaveBeenCalledTimes(4)
    expect(clock.pendingDelays()).toEqual([10 * MINUTE])
  })

  it('caps the retry delay at 16 minutes', async () => {
    const clock = createFakeClock()
    const refresher = createTokenRefresher({
      fetchToken: async () => {
        throw new TokenFetchError('network')
      },
      onToken: vi.fn(),
      onSessionLost: vi.fn(),
      now: clock.now,
      timers: clock.timers,
    })
    await refresher.start()
    for (const delay of [30_000, 60_000, 120_000, 240_000, 480_000, 960_000]) {
      expect(clock.pendingDelays()).toEqual([delay])
      await clock.advance(delay)
    }
    expect(clock.pendingDelays()).toEqual([960_000])
  })

  it('reports the session lost on 401 and stops', async () => {
    const clock = createFakeClock()
    const onSessionLost = vi.fn()
    const onToken = vi.fn()
    const refresher = createTokenRefresher({
      fetchToken: async () => {
        throw new TokenFetchError('unauthorized')
      },
      onToken,
      onSessionLost,
      now: clock.now,
      timers: clock.timers,
    })
    expect(await refresher.start()).toBeNull()
    expect(onSessionLost).toHaveBeenCalledTimes(1)
    expect(onToken).toHaveBeenCalledWith(null)
    expect(clock.pendingDelays()).toEqual([])
    expect(await refresher.getToken()).toBeNull()
  })

  it('serves the cached token until 30 s before expiry, and refetches the one refused', async () => {
    const clock = createFakeClock()
    const fetchToken = vi.fn(async () => buildJwt(clock.now() + 15 * MINUTE))
    const refresher = createTokenRefresher({
      fetchToken,
      onToken: vi.fn(),
      onSessionLost: vi.fn(),
      now: clock.now,
      timers: clock.timers,
    })
    const first = await refresher.start()
    expect(await refresher.getToken()).toBe(first)
    expect(fetchToken).toHaveBeenCalledTimes(1)
    clock.advance(1000)
    const fresh = await refresher.getToken({ refused: first })
    expect(fresh).not.toBe(first)
    expect(fetchToken).toHaveBeenCalledTimes(2)
  })

  it('refreshes once for every request refused with the same token, even after the refresh', async () => {
    const clock = createFakeClock()
    let issued = 0
    const fetchToken = vi.fn(async () => buildJwt(clock.now() + 15 * MINUTE + ++issued * 1000))
    const refresher = createTokenRefresher({
      fetchToken,
      onToken: vi.fn(),
      onSessionLost: vi.fn(),
      now: clock.now,
      timers: clock.timers,
    })
    const refusedToken = await refresher.start()
    // Two requests refused together, and a third whose refusal arrives after the new token.
    const [a, b] = await Promise.all([
      refresher.getToken({ refused: refusedToken }),
      refresher.getToken({ refused: refusedToken }),
    ])
    const late = await refresher.getToken({ refused: refusedToken })
    expect(a).not.toBe(refusedToken)
    expect(b).toBe(a)
    expect(late).toBe(a)
    expect(fetchToken).toHaveBeenCalledTimes(2)
    // The fresh token refused too: that is a new refresh.
    await refresher.getToken({ refused: a })
    expect(fetchToken).toHaveBeenCalledTimes(3)
  })

  it('shares one request between concurrent callers and returns null once stopped', async () => {
    const clock = createFakeClock()
    const fetchToken = vi.fn(async () => buildJwt(clock.now() + 15 * MINUTE))
    const refresher = createTokenRefresher({
      fetchToken,
      onToken: vi.fn(),
      onSessionLost: vi.fn(),
      now: clock.now,
      timers: clock.timers,
    })
    const started = refresher.start()
    const forced = refresher.getToken({ refused: null })
    expect(await forced).toBe(await started)
    expect(fetchToken).toHaveBeenCalledTimes(1)
    refresher.stop()
    expect(await refresher.getToken()).toBeNull()
    expect(clock.pendingDelays()).toEqual([])
  })
})
