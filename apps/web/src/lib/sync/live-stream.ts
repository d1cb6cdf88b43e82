import { onIdle } from '../idle'
import { whenLoadsAheadSettled } from '../loads-ahead'
import { BACKOFF_MIN_MS, nextBackoff } from './backoff'
import { readChangeSignals } from './live-changes'

/**
 * A live stream that ends or fails is opened again after 1 s, 2 s, 4 s... up to a minute; the
 * wait starts again at 1 s only after a stream that stayed open this long (one ended at once,
 * e.g. by the server's limit of streams per user, does not make a loop of reconnections).
 */
const LIVE_STABLE_MS = 30_000
/**
 * The live stream opens this long after the first round, once what the page loads ahead of need
 * has settled (`whenLoadsAheadSettled`, however long that takes on a slow machine), at an idle
 * moment: what the page loads after its first screen (its code for later, its settings) comes
 * first, and the page reaches a moment without requests in flight, which tools that wait for one
 * ('networkidle') need: an open stream is a request that never ends. Nothing is missed
 * meanwhile: the stream starts with the latest cursor.
 */
export const LIVE_OPEN_DELAY_MS = 3000

export interface LiveStreamOptions {
  /** Whether the stream should be open now: the tab sends, is in view, is online. */
  wanted: () => boolean
  /** Opens the stream (`GET /api/sync/stream`). */
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>
  /** A `change` event announced this cursor. */
  onAnnounced: (cursor: number) => void
  /** How long after the first round the stream may open (0: at once). */
  openDelayMs: number
}

/**
 * The live change stream of one sending tab (decision 119): open while it is wanted and a round
 * went through (so it never delays the first screen), closed otherwise. It carries no data and is
 * no part of the sync status: a stream that fails is opened again later, the poll going on.
 */
export class LiveStream {
  /** The open stream's abort; none while closed. */
  private controller: AbortController | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private backoff = BACKOFF_MIN_MS
  /** A round went through: the stream may open. */
  private allowed = false
  /** Waits out the open delay after the first round, then the loads ahead and an idle moment. */
  private delay: ReturnType<typeof setTimeout> | undefined
  /** Stops waiting for the loads ahead. */
  private cancelSettledWait = () => {}
  private stopped = false

  constructor(private readonly options: LiveStreamOptions) {}

  /** Opens the stream when it is wanted and allowed (and not waiting to retry); closes it otherwise. */
  update(): void {
    if (this.stopped || !this.allowed || !this.options.wanted()) {
      this.close()
      return
    }
    if (this.controller || this.retryTimer !== undefined) return
    const controller = new AbortController()
    this.controller = controller
    const opened = Date.now()
    this.options
      .open(controller.signal)
      .then((body) => readChangeSignals(body, this.options.onAnnounced))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.info('The live change stream closed:', error)
      })
      .finally(() => {
        if (this.controller !== controller) return
        this.controller = undefined
        if (Date.now() - opened >= LIVE_STABLE_MS) this.backoff = BACKOFF_MIN_MS
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined
          this.update()
        }, this.backoff)
        this.backoff = nextBackoff(this.backoff)
      })
  }

  /** After a round went through: lets the stream open once its delay and an idle moment are past. */
  allow(): void {
    if (this.allowed || this.options.openDelayMs === 0) {
      this.allowed = true
      this.update()
      return
    }
    if (this.delay !== undefined) return
    this.delay = setTimeout(() => {
      this.cancelSettledWait = whenLoadsAheadSettled(() =>
        onIdle(() => {
          if (this.stopped) return
          this.allowed = true
          this.update()
        }),
      )
    }, this.options.openDelayMs)
  }

  /** Opens the stream now if it waits for a retry (the network or a new token is back). */
  reopen(): void {
    if (!this.controller) {
      clearTimeout(this.retryTimer)
      this.retryTimer = undefined
    }
    this.update()
  }

  /** The network is back: the next retry waits the shortest time again. */
  resetBackoff(): void {
    this.backoff = BACKOFF_MIN_MS
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.delay)
    this.cancelSettledWait()
    this.close()
  }

  private close(): void {
    clearTimeout(this.retryTimer)
    this.retryTimer = undefined
    const controller = this.controller
    this.controller = undefined
    controller?.abort()
  }
}
