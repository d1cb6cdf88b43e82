/** Retries of a failed send, pull or stream wait 1 s, 2 s, 4 s, ... up to a minute. */
export const BACKOFF_MIN_MS = 1000
export const BACKOFF_MAX_MS = 60_000

/**
 * The longest wait before a round that had no answer is tried again while the browser says it is
 * online: it may never say when the network is back (no 'online' event comes on a network that
 * returns unannounced, nor, in Chromium, to some pages loaded offline), so the round finds out.
 */
export const UNANNOUNCED_RETRY_MAX_MS = 5000

/** The wait after `current` (doubled, at most BACKOFF_MAX_MS). */
export function nextBackoff(current: number): number {
  return Math.min(current * 2, BACKOFF_MAX_MS)
}

/**
 * How long a failed round waits for its retry: the backoff, but no longer than
 * UNANNOUNCED_RETRY_MAX_MS after no answer while the browser says it is online (offline, its
 * 'online' event brings the retry).
 */
export function retryWait(backoff: number, noAnswer: boolean, browserOnline: boolean): number {
  return noAnswer && browserOnline ? Math.min(backoff, UNANNOUNCED_RETRY_MAX_MS) : backoff
}
