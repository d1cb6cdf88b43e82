import {
  TOKEN_EXPIRY_MARGIN_MS,
  TOKEN_REFRESH_LEAD_MS,
  TOKEN_RETRY_INITIAL_MS,
  TOKEN_RETRY_MAX_MS,
} from '../../../lib/constants'
import { getJwtExpiry } from './jwt'

/** Why a token fetch failed: the network (retry later) or the session is gone (sign out). */
export type TokenFetchFailure = 'network' | 'unauthorized'

export class TokenFetchError extends Error {
  constructor(readonly reason: TokenFetchFailure) {
    super(`Token fetch failed: ${reason}`)
    this.name = 'TokenFetchError'
  }
}

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export interface TokenRefresherOptions {
  /** Fetches a fresh id token; throws TokenFetchError('unauthorized') when the session is gone. */
  fetchToken: () => Promise<string>
  /** Called with every new token, and with null when the refresher gives up the session. */
  onToken: (token: string | null) => void
  /** Called once when the server says the session is gone (401). */
  onSessionLost: () => void
  now?: () => number
  timers?: Timers
}

/** Shortest wait between two scheduled refreshes, so a short-lived token cannot spin the loop. */
const MIN_REFRESH_DELAY_MS = 10_000

/** When to refresh a token expiring at `expiresAt`: 5 minutes before, never in the past. */
export function computeRefreshDelay(expiresAt: number, now: number): number {
  const lead = expiresAt - TOKEN_REFRESH_LEAD_MS - now
  if (lead > 0) return lead
  // Tokens that live under 5 minutes: refresh half-way through what is left.
  return Math.max(MIN_REFRESH_DELAY_MS, Math.floor((expiresAt - now) / 2))
}

/** The retry delay after the n-th consecutive network failure (1-based): 30 s doubling to 16 min. */
export function computeRetryDelay(failures: number): number {
  const delay = TOKEN_RETRY_INITIAL_MS * 2 ** Math.max(0, failures - 1)
  return Math.min(delay, TOKEN_RETRY_MAX_MS)
}

export interface TokenOptions {
  /** The token a request was refused with (401): a fresh one is needed unless one came since. */
  refused?: string | null
}

export interface TokenRefresher {
  /**
   * Keeps a token fresh until stop(): `token` when given and usable (one the session check
   * answered with), else one fetched now.
   */
  start: (token?: string | null) => Promise<string | null>
  stop: () => void
  /**
   * The current token; fetched first when missing, within 30 s of expiry, or when it is the one
   * the server refused. Requests refused with one token share a single refresh.
   */
  getToken: (options?: TokenOptions) => Promise<string | null>
}

/**
 * Keeps the id token fresh (SPEC §4): refreshed 5 minutes before it expires; after a network
 * failure retried in 30 s, doubling up to 16 minutes; on 401 the session is reported lost.
 * The clock and timers are injected so the schedule is testable without waiting.
 */
export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const now = options.now ?? Date.now
  const timers: Timers = options.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
  let running = false
  let token: string | null = null
  let expiresAt: number | null = null
  let failures = 0
  let timer: unknown = null
  let inFlight: Promise<string | null> | null = null

  function schedule(delay: number) {
    if (timer !== null) timers.clearTimeout(timer)
    timer = timers.setTimeout(() => {
      timer = null
      void refresh()
    }, delay)
  }

  function refresh(): Promise<string | null> {
    if (inFlight) return inFlight
    inFlight = (async () => {
      try {
        const next = await options.fetchToken()
        if (!running) return null
        token = next
        expiresAt = getJwtExpiry(next)
        failures = 0
        options.onToken(next)
        if (expiresAt !== null) schedule(computeRefreshDelay(expiresAt, now()))
        return next
      } catch (error) {
        if (!running) return null
        if (error instanceof TokenFetchError && error.reason === 'unauthorized') {
          running = false
          token = null
          expiresAt = null
          options.onToken(null)
          options.onSessionLost()
          return null
        }
        failures += 1
        schedule(computeRetryDelay(failures))
        // Keep serving the old token while it is still valid.
        return isUsable() ? token : null
      } finally {
        inFlight = null
      }
    })()
    return inFlight
  }

  function isUsable(): boolean {
    if (!token) return false
    return expiresAt === null || now() < expiresAt - TOKEN_EXPIRY_MARGIN_MS
  }

  return {
    start(given) {
      running = true
      failures = 0
      const givenExpiry = given ? getJwtExpiry(given) : null
      if (!given || givenExpiry === null || now() >= givenExpiry - TOKEN_EXPIRY_MARGIN_MS) {
        return refresh()
      }
      token = given
      expiresAt = givenExpiry
      options.onToken(given)
      schedule(computeRefreshDelay(givenExpiry, now()))
      return Promise.resolve(given)
    },
    stop() {
      running = false
      token = null
      expiresAt = null
      failures = 0
      if (timer !== null) timers.clearTimeout(timer)
      timer = null
    },
    async getToken({ refused }: TokenOptions = {}) {
      if (!running) return null
      const wasRefused = refused !== undefined && refused === token
      if (!wasRefused && isUsable()) return token
      return refresh()
    },
  }
}
