/** Retries of a failed send, pull or stream wait 1 s, 2 s, 4 s, ... up to a minute. */
export const BACKOFF_MIN_MS = 1000
export const BACKOFF_MAX_MS = 60_000

/** The wait after `current` (doubled, at most BACKOFF_MAX_MS). */
export function nextBackoff(current: number): number {
  return Math.min(current * 2, BACKOFF_MAX_MS)
}
