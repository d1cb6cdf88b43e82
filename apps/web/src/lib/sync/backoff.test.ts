import { describe, expect, it } from 'vitest'
import {
  BACKOFF_MAX_MS,
  BACKOFF_MIN_MS,
  nextBackoff,
  retryWait,
  UNANNOUNCED_RETRY_MAX_MS,
} from './backoff'

describe('retry waits', () => {
  it('double from a second up to a minute', () => {
    const waits = [BACKOFF_MIN_MS]
    while (waits.length < 10) waits.push(nextBackoff(waits.at(-1) ?? 0))
    expect(waits.slice(0, 4)).toEqual([1000, 2000, 4000, 8000])
    expect(waits.at(-1)).toBe(BACKOFF_MAX_MS)
  })

  it('stay short after no answer while the browser says it is online, which it may never take back', () => {
    expect(retryWait(BACKOFF_MAX_MS, true, true)).toBe(UNANNOUNCED_RETRY_MAX_MS)
    expect(retryWait(BACKOFF_MIN_MS, true, true)).toBe(BACKOFF_MIN_MS)
    // Offline, the 'online' event brings the retry; a server that answered with an error waits.
    expect(retryWait(BACKOFF_MAX_MS, true, false)).toBe(BACKOFF_MAX_MS)
    expect(retryWait(BACKOFF_MAX_MS, false, true)).toBe(BACKOFF_MAX_MS)
  })
})
