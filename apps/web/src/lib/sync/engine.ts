import {
  addDays,
  getPeriod,
  NOT_AN_ATTRIBUTE,
  SYNC_PAGE_DEFAULT,
  SYNC_PAGE_MAX,
  SYNC_TABLES,
  type SyncChanges,
  type SyncHistory,
  toCalendarDay,
} from '@kindling/core'
import { ApiError, apiRequest, apiStream } from '../api-client'
import { onIdle } from '../idle'
import { readChangeSignals } from './live-changes'
import {
  addToOutbox,
  deleteLocalDb,
  type LocalDb,
  openLocalDb,
  readAll,
  readOutbox,
  storeServerState,
} from './local-db'
import type { AnyRecord, Change, OutboxEntry, SyncMeta, SyncTable } from './types'
import { buildView, emptyTables, putServerRecord, type Tables } from './view'

/** Events of the last 90 days come as records; older ones as per-day counts. */
export const RAW_EVENT_DAYS = 90
/** Retries of a failed send or pull wait 1 s, 2 s, 4 s, ... up to a minute. */
const BACKOFF_MIN_MS = 1000
const BACKOFF_MAX_MS = 60_000
/**
 * While the app is in view, changes of other devices are looked for this often: the fallback of
 * the live change stream, which brings them within a second (decision 119).
 */
const POLL_MS = 15_000
/**
 * A live stream that ends or fails is opened again after 1 s, 2 s, 4 s... up to a minute; the
 * wait starts again at 1 s only after a stream that stayed open this long (one ended at once,
 * e.g. by the server's limit of streams per user, does not make a loop of reconnections).
 */
const LIVE_STABLE_MS = 30_000
/**
 * The live stream opens this long after the first round, at an idle moment: what the page loads
 * after its first screen (its code for later, its settings) comes first, and the page reaches a
 * moment without requests in flight, which tools that wait for one ('networkidle') need: an open
 * stream is a request that never ends. Nothing is missed meanwhile: the stream starts with the
 * latest cursor.
 */
export const LIVE_OPEN_DELAY_MS = 3000
/** A change not answered in this time is tried again later, as one the server failed. */
const SEND_TIMEOUT_MS = 30_000
/**
 * Rounds in a row the server failed before the user is told that changes wait for it: one
 * failure is often a passing one (a restart, a deploy), already over at the next try (1 s on).
 */
export const FAILURES_TOLD = 3

export interface SyncStatus {
  /** The device's copy is read (screens can render). */
  loaded: boolean
  /** A pull completed at least once since start (or the copy came from an earlier one). */
  synced: boolean
  online: boolean
  /** Changes waiting to be sent. */
  pending: number
  syncing: boolean
  /**
   * The server failed the last rounds (FAILURES_TOLD or more in a row: a 5xx, or no answer in
   * time): what waits is not sent for its trouble, not the device's; tries go on.
   */
  serverFailing: boolean
}

/** The status before a copy is open: nothing read, nothing waiting, online until told. */
export const IDLE_STATUS: SyncStatus = {
  loaded: false,
  synced: false,
  online: true,
  pending: 0,
  syncing: false,
  serverFailing: false,
}

/**
 * What became of a change the server refused: undone (`dropped`), or sent again and saved without
 * what another device deleted meanwhile (`trimmed`: a group's habits, an event's values).
 */
export type RefusalOutcome = 'dropped' | 'trimmed'

export interface EngineOptions {
  uid: string
  timeZone: () => string
  /** A change the server refused, undone or saved in part here: tell the user in words. */
  onRejected: (message: string, outcome: RefusalOutcome) => void
  /** Makes the request; the app's authenticated client by default. */
  request?: typeof apiRequest
  /** How long a send may wait for its answer (SEND_TIMEOUT_MS; tests shorten it). */
  sendTimeoutMs?: number
  /** Opens the live change stream; the app's authenticated `GET /api/sync/stream` by default. */
  openStream?: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>
  /** How long after the first round the stream opens (`LIVE_OPEN_DELAY_MS` by default; 0: at once). */
  liveOpenDelayMs?: number
}

/**
 * Whether a failed call is the server's trouble, not the device's nor the change's: a 5xx, a
 * timeout or "too many requests" answered, or no answer in time.
 */
export function isServerFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || [408, 429].includes(error.status)
  // withTimeout's error (or a DOMException of that name, of whichever realm).
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError'
  )
}

/** Whether a failed call is worth repeating later (offline, server busy) or a refusal. */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 408, 429].includes(error.status)
  )
}

/** An event the copy leaves to the history: dated before the window of events kept as records. */
function isBeforeWindow(record: AnyRecord, eventsFrom: string | undefined): boolean {
  const { eventDate } = record as { eventDate?: unknown }
  return eventsFrom !== undefined && typeof eventDate === 'string' && eventDate < eventsFrom
}

const tableNoun: Record<SyncTable, string> = {
  activities: 'habit',
  attributes: 'attribute',
  groups: 'group',
  goals: 'goal',
  events: 'event',
}

/**
 * Runs `call`; when it has not settled after `ms`, aborts its request and fails with an error
 * named TimeoutError. Not `AbortSignal.timeout` alone: the WebViews of iOS before 16 lack it, and
 * older ones reject an aborted fetch with an AbortError whatever the reason.
 */
async function withTimeout<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`No answer in ${ms / 1000} s.`)
      error.name = 'TimeoutError'
      reject(error)
      controller.abort()
    }, ms)
  })
  try {
    return await Promise.race([call(controller.signal), late])
  } finally {
    clearTimeout(timer)
  }
}

/** "A", "A and B", "A, B and C". */
function joinNames(names: readonly string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The habits a group change lists. */
function listedActivities(entry: OutboxEntry): string[] {
  if (entry.op === 'delete' || !Array.isArray(entry.body.activities)) return []
  return entry.body.activities.map(String)
}

/**
 * `entry` without what its refusal names as deleted on another device meanwhile, when that is
 * all the refusal names: a group's habits (`activities`, naming their ids) or an event's values
 * of deleted attributes (`attributes.<id>`: not an attribute of its habit). Nothing when the
 * refusal names anything else (the habit of an event gone, a value now invalid for an attribute
 * that still exists, a newly required one), nor when a group update would be left without
 * habits (it needs one, SPEC §5).
 */
export function trimRefused(
  entry: OutboxEntry,
  error: ApiError,
): { entry: OutboxEntry; leftOut: string[] } | undefined {
  if (entry.op === 'delete' || error.status !== 400) return undefined
  const fields = Object.entries(error.fields)
  if (entry.table === 'groups') {
    const [field, message = ''] = fields[0] ?? []
    if (fields.length !== 1 || field !== 'activities') return undefined
    const listed = listedActivities(entry)
    const gone = listed.filter((id) => message.includes(id))
    const kept = listed.filter((id) => !gone.includes(id))
    if (gone.length === 0 || (entry.op === 'update' && kept.length === 0)) return undefined
    return { entry: { ...entry, body: { ...entry.body, activities: kept } }, leftOut: gone }
  }
  if (entry.table === 'events') {
    const values = (entry.body.attributes ?? {}) as Record<string, unknown>
    const gone: string[] = []
    for (const [field, message] of fields) {
      const id = field.startsWith('attributes.') ? field.slice('attributes.'.length) : ''
      if (message !== NOT_AN_ATTRIBUTE || !Object.hasOwn(values, id)) return undefined
      gone.push(id)
    }
    if (gone.length === 0) return undefined
    const kept = Object.fromEntries(Object.entries(values).filter(([id]) => !gone.includes(id)))
    return { entry: { ...entry, body: { ...entry.body, attributes: kept } }, leftOut: gone }
  }
  return undefined
}

/**
 * Keeps the signed-in user's data on the device and in step with the server: screens read
 * `view` (the server's state with unsent changes applied), writes go to a durable outbox that
 * one tab (the leader, by Web Lock) sends in order, then pulls the change feed.
 */
export class SyncEngine {
  private db: LocalDb | undefined
  private base: Tables = emptyTables()
  private outbox: OutboxEntry[] = []
  private meta: SyncMeta = {}
  private cachedView: Tables | undefined
  private listeners = new Set<() => void>()
  private channel: BroadcastChannel | undefined
  private leader = false
  private releaseLock: (() => void) | undefined
  private running: Promise<void> | undefined
  private again = false
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private pollTimer: ReturnType<typeof setInterval> | undefined
  private backoff = BACKOFF_MIN_MS
  /** The open live change stream's abort; none while closed. */
  private live: AbortController | undefined
  private liveRetryTimer: ReturnType<typeof setTimeout> | undefined
  private liveBackoff = BACKOFF_MIN_MS
  /** A round went through: the stream may open (never before the first screen's round). */
  private liveAllowed = false
  /** Waits out `LIVE_OPEN_DELAY_MS` after the first round, then an idle moment. */
  private liveDelay: ReturnType<typeof setTimeout> | undefined
  /** The highest cursor the stream announced that a pull has not reached yet. */
  private announced: number | undefined
  /** Rounds in a row the server failed (isServerFailure); reset by a round that sent all. */
  private failures = 0
  private stopped = false
  private readonly request: typeof apiRequest
  version = 0
  status: SyncStatus = IDLE_STATUS

  constructor(private readonly options: EngineOptions) {
    this.request = options.request ?? apiRequest
  }

  get uid(): string {
    return this.options.uid
  }

  /** Live records, as the screens show them. */
  get view(): Tables {
    this.cachedView ??= buildView(this.base, this.outbox, this.options.uid)
    return this.cachedView
  }

  get syncMeta(): SyncMeta {
    return this.meta
  }

  /** The changes not yet sent, oldest first. */
  get pendingEntries(): readonly OutboxEntry[] {
    return this.outbox
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async start(): Promise<void> {
    this.db = await openLocalDb(this.options.uid)
    if (this.stopped) return this.db.close()
    // Another tab (or the service worker's 'Done') changed the copy: show it, and if this tab
    // sends, send what it added. Listening before the first read, so that a change stored in
    // between is not missed.
    this.channel = new BroadcastChannel(`kindling-sync-${this.options.uid}`)
    this.channel.onmessage = () => void this.reload().then(() => this.kick())
    await this.reload()
    this.setStatus({ loaded: true })
    window.addEventListener('online', this.onOnline)
    window.addEventListener('offline', this.onOffline)
    document.addEventListener('visibilitychange', this.onVisible)
    this.setStatus({ online: navigator.onLine })
    this.pollTimer = setInterval(() => {
      // Not while a round the server failed waits for its retry: the poll would cut every wait
      // above 15 s short and ask a failing server four times a minute. (Offline, it goes on: the
      // 'online' event does not come everywhere the network comes back.)
      const waiting = this.failures > 0 && this.retryTimer !== undefined
      if (document.visibilityState === 'visible' && !this.running && !waiting) this.kick()
    }, POLL_MS)
    void this.lead()
  }

  stop(): void {
    this.stopped = true
    this.closeLive()
    clearTimeout(this.liveDelay)
    clearTimeout(this.retryTimer)
    clearInterval(this.pollTimer)
    this.releaseLock?.()
    this.channel?.close()
    window.removeEventListener('online', this.onOnline)
    window.removeEventListener('offline', this.onOffline)
    document.removeEventListener('visibilitychange', this.onVisible)
    this.db?.close()
  }

  /** Stops and deletes the device's copy and outbox (sign-out). */
  async destroy(): Promise<void> {
    this.stop()
    await deleteLocalDb(this.options.uid)
  }

  /** Records a change: shown at once, kept through reloads, sent when the network allows. */
  async write(entry: Change): Promise<void> {
    if (!this.db) throw new Error('The local copy is not open yet.')
    const full = { ...entry, at: new Date().toISOString() } as OutboxEntry
    full.key = await addToOutbox(this.db, full)
    this.outbox.push(full)
    this.changed()
    this.channel?.postMessage('changed')
    this.kick()
  }

  /** Sends what waits and pulls what changed, now (if this tab leads and the device is online). */
  kick(): void {
    if (!this.leader || this.stopped) return
    clearTimeout(this.retryTimer)
    this.retryTimer = undefined
    if (this.running) {
      this.again = true
      return
    }
    // What the stream announced up to now, this round's pull brings.
    this.announced = undefined
    this.running = this.cycle().finally(() => {
      this.running = undefined
      // Behind what the stream announced during the round: once more, unless the round failed
      // (its retry waits for the backoff).
      const behind = this.isBehind() && this.retryTimer === undefined
      if ((this.again || behind) && !this.stopped) {
        this.again = false
        this.kick()
      }
    })
  }

  /**
   * A new id token (a sign-in, a refresh): sends what waits and pulls now, unless a round is
   * under way, whose requests ask for the newest token themselves. A second round would only
   * pull again what the first just pulled (on every start, when the token comes in while the
   * first round waits for it).
   */
  tokenChanged(): void {
    if (!this.running) this.kick()
    // A stream refused for its token waits for its retry: a new token opens it now.
    this.reopenLive()
  }

  /** Resolves once the current round of sending and pulling is over. */
  async settled(): Promise<void> {
    while (this.running) await this.running
  }

  private onOnline = () => {
    this.setStatus({ online: true })
    this.backoff = BACKOFF_MIN_MS
    this.liveBackoff = BACKOFF_MIN_MS
    this.kick()
    this.reopenLive()
  }

  private onOffline = () => {
    this.setStatus({ online: false })
    this.updateLive()
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible') this.kick()
    this.updateLive()
  }

  /** The stream announced `cursor`: pull unless the copy has it (this device's own write). */
  private onAnnounced = (cursor: number) => {
    if (!this.isBehind(cursor)) return
    this.announced = Math.max(this.announced ?? 0, cursor)
    // A round under way goes on; the one after it pulls what it may have missed (kick's end).
    if (!this.running) this.kick()
  }

  /** Whether the copy's cursor is below `cursor` (by default what the stream announced). */
  private isBehind(cursor = this.announced): boolean {
    if (cursor === undefined) return false
    return this.meta.cursor === undefined || Number(this.meta.cursor) < cursor
  }

  /**
   * Opens the live change stream when this tab sends, is in view, is online and a round went
   * through (so it never delays the first screen); closes it otherwise. It carries no data and
   * is no part of the status: a stream that fails is opened again later, the poll going on.
   */
  private updateLive(): void {
    const wanted =
      this.leader &&
      !this.stopped &&
      this.liveAllowed &&
      document.visibilityState === 'visible' &&
      navigator.onLine !== false
    if (!wanted) {
      this.closeLive()
      return
    }
    if (this.live || this.liveRetryTimer !== undefined) return
    const controller = new AbortController()
    this.live = controller
    const opened = Date.now()
    const open = this.options.openStream ?? ((signal) => apiStream('sync/stream', { signal }))
    open(controller.signal)
      .then((body) => readChangeSignals(body, this.onAnnounced))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.info('The live change stream closed:', error)
      })
      .finally(() => {
        if (this.live !== controller) return
        this.live = undefined
        if (Date.now() - opened >= LIVE_STABLE_MS) this.liveBackoff = BACKOFF_MIN_MS
        this.liveRetryTimer = setTimeout(() => {
          this.liveRetryTimer = undefined
          this.updateLive()
        }, this.liveBackoff)
        this.liveBackoff = Math.min(this.liveBackoff * 2, BACKOFF_MAX_MS)
      })
  }

  /** After the first round: lets the stream open once its delay and an idle moment are past. */
  private allowLive(): void {
    const delay = this.options.liveOpenDelayMs ?? LIVE_OPEN_DELAY_MS
    if (this.liveAllowed || delay === 0) {
      this.liveAllowed = true
      this.updateLive()
      return
    }
    if (this.liveDelay !== undefined) return
    this.liveDelay = setTimeout(
      () =>
        onIdle(() => {
          if (this.stopped) return
          this.liveAllowed = true
          this.updateLive()
        }),
      delay,
    )
  }

  /** Opens the stream now if it waits for a retry (the network or a new token is back). */
  private reopenLive(): void {
    if (!this.live) {
      clearTimeout(this.liveRetryTimer)
      this.liveRetryTimer = undefined
    }
    this.updateLive()
  }

  private closeLive(): void {
    clearTimeout(this.liveRetryTimer)
    this.liveRetryTimer = undefined
    const live = this.live
    this.live = undefined
    live?.abort()
  }

  /** Waits to be the one tab that sends (two tabs never send the same outbox twice). */
  private async lead(): Promise<void> {
    const becomeLeader = () => {
      this.leader = true
      this.kick()
    }
    if (!navigator.locks) return becomeLeader()
    await navigator.locks
      .request(`kindling-sync-${this.options.uid}`, () => {
        if (this.stopped) return undefined
        becomeLeader()
        return new Promise<void>((resolve) => {
          this.releaseLock = resolve
        })
      })
      .catch(() => undefined)
  }

  private async reload(): Promise<void> {
    if (!this.db) return
    const all = await readAll(this.db)
    const base = emptyTables()
    const outside: Array<{ table: 'events'; id: string }> = []
    for (const table of SYNC_TABLES) {
      for (const record of all.records[table] as AnyRecord[]) {
        if (table === 'events' && isBeforeWindow(record, all.meta.eventsFrom)) {
          outside.push({ table, id: record.id })
        } else putServerRecord(base, table, record)
      }
    }
    // A copy that kept them (stored before this rule) lets them go once.
    if (outside.length > 0) void storeServerState(this.db, { removed: outside }).catch(() => {})
    this.base = base
    this.outbox = all.outbox
    this.meta = all.meta
    this.changed()
    // Pulled in full at least once: by this tab, or by the tab that sends (a tab opened during
    // another tab's first sync learns of it only here, and would otherwise show it loading until
    // the other tab closed). Not a first sync cut short between its pages (a reload): the pages
    // still missing may hold today's events, and a habit shown undone invites a second 'Done'.
    if (this.meta.complete && !this.status.synced) this.setStatus({ synced: true })
  }

  private changed(): void {
    this.cachedView = undefined
    this.version += 1
    this.setStatus({ pending: this.outbox.length })
  }

  private setStatus(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch }
    for (const listener of this.listeners) listener()
  }

  private async cycle(): Promise<void> {
    this.setStatus({ syncing: true })
    try {
      await this.pushOrStillPull()
      this.failures = 0
      this.setStatus({ serverFailing: false })
      await this.pull()
      await this.refreshHistory()
      this.backoff = BACKOFF_MIN_MS
      // Online, unless the device went offline while the round's last answer came in (its
      // 'offline' event came first: the round must not say otherwise).
      this.setStatus({ online: navigator.onLine !== false, synced: true })
      this.allowLive()
    } catch (error) {
      if (!isRefusal(error)) {
        const failing = isServerFailure(error)
        // The server answered: the device is online. No answer at all (not even in time): offline.
        const offline = !(error instanceof ApiError) && !failing
        this.failures = failing ? this.failures + 1 : 0
        this.setStatus({
          serverFailing: this.failures >= FAILURES_TOLD,
          ...(offline
            ? { online: false }
            : error instanceof ApiError
              ? { online: navigator.onLine !== false }
              : {}),
        })
        this.retryTimer = setTimeout(() => this.kick(), this.backoff)
        this.backoff = Math.min(this.backoff * 2, BACKOFF_MAX_MS)
      }
      console.warn('Sync paused:', error)
    } finally {
      this.setStatus({ syncing: false })
    }
  }

  /**
   * Sends the outbox; when the server fails a send (a 5xx, no answer in time), still pulls what
   * other devices changed, so one change the server keeps failing does not hold back the rest
   * of the user's data (the copy shows the unsent change over what it pulls). The failure goes
   * on to the round, which tries again later.
   */
  private async pushOrStillPull(): Promise<void> {
    try {
      await this.push()
    } catch (error) {
      if (isServerFailure(error)) {
        await this.pull().catch((pullError: unknown) => console.warn('Pull failed:', pullError))
      }
      throw error
    }
  }

  /**
   * Sends the outbox in order; a refused change is saved without what another device deleted
   * meanwhile when that is all the refusal names, else undone; either is told. The rest go on.
   */
  private async push(): Promise<void> {
    const db = this.db
    if (!db) return
    // Other tabs may have added entries: the stored outbox is the truth.
    this.outbox = await readOutbox(db)
    while (this.outbox.length > 0 && !this.stopped) {
      const entry = this.outbox[0] as OutboxEntry
      let stored: AnyRecord | undefined
      try {
        const sent = await this.sendTrimming(entry)
        stored = sent.stored
        if (sent.leftOut.length > 0) {
          this.options.onRejected(this.explainTrim(entry, sent.leftOut), 'trimmed')
        }
      } catch (error) {
        if (!isRefusal(error)) throw error
        const message = this.explainRefusal(entry, error)
        this.options.onRejected(message, 'dropped')
      }
      const oldDated = entry.table === 'events' && this.touchesOldEvents(entry, stored)
      if (oldDated) this.meta = { ...this.meta, historyStale: true }
      await storeServerState(db, {
        records: stored ? { [entry.table]: [stored] } : undefined,
        removed: entry.op === 'delete' ? [{ table: entry.table, id: entry.id }] : undefined,
        meta: oldDated ? this.meta : undefined,
        done: entry.key,
      })
      if (stored) putServerRecord(this.base, entry.table, stored)
      if (entry.op === 'delete') (this.base[entry.table] as Map<string, unknown>).delete(entry.id)
      this.outbox.shift()
      this.changed()
      this.channel?.postMessage('changed')
    }
  }

  /**
   * Sends `entry`; while the server refuses only what another device deleted meanwhile, sends it
   * again without that. Answers the stored record and the ids left out (none: sent as it was).
   * Each round leaves out at least one more id, so it ends.
   */
  private async sendTrimming(
    entry: OutboxEntry,
  ): Promise<{ stored: AnyRecord | undefined; leftOut: string[] }> {
    let sending = entry
    const leftOut: string[] = []
    for (;;) {
      try {
        return { stored: await this.send(sending), leftOut }
      } catch (error) {
        if (!isRefusal(error)) throw error
        const trimmed = trimRefused(sending, error)
        if (!trimmed) throw error
        leftOut.push(...trimmed.leftOut)
        sending = trimmed.entry
      }
    }
  }

  /** Sends `entry`; one not answered in time fails as the server's failure (a TimeoutError). */
  private send(entry: OutboxEntry): Promise<AnyRecord | undefined> {
    // A write is small: one not answered in this time waits on the server, tried again later.
    return withTimeout(this.options.sendTimeoutMs ?? SEND_TIMEOUT_MS, (signal) =>
      this.sendNow(entry, signal),
    )
  }

  private async sendNow(entry: OutboxEntry, signal: AbortSignal): Promise<AnyRecord | undefined> {
    const path = `${entry.table}/${encodeURIComponent(entry.id)}`
    if (entry.op === 'create') {
      return this.request<AnyRecord>(entry.table, {
        method: 'POST',
        body: { ...entry.body, id: entry.id },
        signal,
      })
    }
    if (entry.op === 'update') {
      return this.request<AnyRecord>(path, { method: 'PUT', body: entry.body, signal })
    }
    try {
      await this.request<void>(path, { method: 'DELETE', signal })
    } catch (error) {
      // Already gone (deleted on another device, or this delete was sent before): done.
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
    return undefined
  }

  /** The name of a habit or an attribute, from the copy (where a deleted one is until pulled). */
  private nameOf(table: 'activities' | 'attributes', id: string): string | undefined {
    return this.view[table].get(id)?.name ?? this.base[table].get(id)?.name
  }

  /** What the user reads when the server stored `entry` without `leftOut` (trimRefused). */
  private explainTrim(entry: OutboxEntry, leftOut: readonly string[]): string {
    const count = leftOut.length
    if (entry.table === 'events' && entry.op !== 'delete') {
      const habit = this.nameOf('activities', String(entry.body.activityId ?? '')) ?? 'a habit'
      const names = leftOut.map((id) => this.nameOf('attributes', id))
      const start = `The event for ${habit} was saved without`
      if (names.some((name) => name === undefined)) {
        return count === 1
          ? `${start} one of its values: its attribute was deleted on another device.`
          : `${start} ${count} of its values: their attributes were deleted on another device.`
      }
      return count === 1
        ? `${start} its ${names[0]} value: that attribute was deleted on another device.`
        : `${start} its ${joinNames(names as string[])} values: those attributes were deleted on another device.`
    }
    const name = entry.op === 'delete' ? undefined : entry.body.name
    const start = `${name ? `The group ${String(name)}` : 'A group'} was saved without`
    const names = leftOut.map((id) => this.nameOf('activities', id))
    if (names.some((habit) => habit === undefined)) {
      return count === 1
        ? `${start} one of its habits: it was deleted on another device.`
        : `${start} ${count} of its habits: they were deleted on another device.`
    }
    return count === 1
      ? `${start} ${names[0]}: that habit was deleted on another device.`
      : `${start} ${joinNames(names as string[])}: those habits were deleted on another device.`
  }

  /** What the user reads when the server refused `entry`. */
  private explainRefusal(entry: OutboxEntry, error: ApiError): string {
    const view = this.view
    const noun = tableNoun[entry.table]
    if (entry.table === 'events' && entry.op !== 'delete') {
      const activityId = String(entry.body.activityId ?? '')
      const name = this.nameOf('activities', activityId) ?? 'a habit'
      if (error.fields.activityId) {
        return `The event for ${name} was not saved: its habit was deleted on another device.`
      }
      if (error.status === 404) {
        return `The event for ${name} was not saved: it was deleted on another device.`
      }
      // Its values were checked against this copy's attributes when logged: a refusal of one
      // (`attributes.<id>`: required, out of range, gone) means another device changed them.
      if (Object.keys(error.fields).some((field) => field.startsWith('attributes.'))) {
        return `The event for ${name} was not saved: the attributes of its habit were changed on another device.`
      }
      return `The event for ${name} was not saved: ${error.message}`
    }
    const record = (view[entry.table] as Map<string, AnyRecord>).get(entry.id)
    const label =
      record && 'name' in record && record.name
        ? `The ${noun} ${record.name}`
        : `${/^[aeiou]/.test(noun) ? 'An' : 'A'} ${noun}`
    if (error.status === 404) {
      return `${label} was not saved: it was deleted on another device.`
    }
    if (error.fields.activityId) {
      return `${label} was not saved: its habit was deleted on another device.`
    }
    const activities = error.fields.activities
    if (activities) {
      // A group update needs a habit: with every one it lists deleted, it cannot be saved.
      const listed = listedActivities(entry)
      if (listed.length > 0 && listed.every((id) => activities.includes(id))) {
        return listed.length === 1
          ? `${label} was not saved: its habit was deleted on another device.`
          : `${label} was not saved: its habits were deleted on another device.`
      }
      return `${label} was not saved: one of its habits was deleted on another device.`
    }
    return `${label} was not saved: ${error.message}`
  }

  /** Whether a sent change of events moved a count of the days the history holds. */
  private touchesOldEvents(entry: OutboxEntry, stored: AnyRecord | undefined): boolean {
    const from = this.meta.eventsFrom
    if (!from) return false
    const dates = [
      (this.base.events.get(entry.id) as { eventDate?: string } | undefined)?.eventDate,
      entry.op === 'delete' ? undefined : String(entry.body.eventDate ?? ''),
      (stored as { eventDate?: string } | undefined)?.eventDate,
    ]
    return dates.some((date) => date !== undefined && date !== '' && date < from)
  }

  /** Pulls every change since the last cursor, page by page, each page stored as it comes. */
  private async pull(): Promise<void> {
    const db = this.db
    if (!db) return
    const first = !this.meta.complete
    const eventsFrom = this.meta.eventsFrom ?? this.rawWindowStart()
    let meta: SyncMeta = { ...this.meta, eventsFrom }
    for (let pages = 0; ; pages++) {
      const page = await this.request<SyncChanges>('sync/changes', {
        query: {
          after: meta.cursor,
          // The first page of the feed's usual size, so that a new device's first screen comes
          // soon; the rest in as few pages as the server gives, each being one drawing of the
          // screen (issue 19).
          limit: pages === 0 ? SYNC_PAGE_DEFAULT : SYNC_PAGE_MAX,
          // Later reads too: old events added since (an import) come as the history's counts.
          eventsFrom,
        },
      })
      if (this.stopped) return
      const oldChanged =
        !first &&
        (page.olderEventsChanged === true ||
          page.events.some((event) => event.eventDate < eventsFrom))
      meta = {
        ...meta,
        cursor: page.cursor,
        complete: meta.complete || !page.more,
        historyStale: meta.historyStale || oldChanged,
      }
      // Nothing dated before the window (a new account): its history is empty, no need to ask.
      let history: SyncHistory | undefined
      if (first && page.olderEvents === false) {
        history = { before: eventsFrom, timeZone: this.options.timeZone(), activities: [] }
        meta = { ...meta, history, historyStale: false }
      }
      // Events dated before the window are the history's (per-day counts, asked again when
      // they change): as records they would only weigh on every start, and an import of years
      // of history on this device brings a hundred thousand of them.
      const events: typeof page.events = []
      const outside: { table: 'events'; id: string }[] = []
      for (const event of page.events) {
        if (isBeforeWindow(event, eventsFrom)) outside.push({ table: 'events', id: event.id })
        else events.push(event)
      }
      const records = { ...page, events }
      await storeServerState(db, {
        records: {
          activities: page.activities,
          attributes: page.attributes,
          groups: page.groups,
          goals: page.goals,
          events,
        },
        removed: outside,
        meta,
        history,
      })
      for (const table of SYNC_TABLES) {
        for (const record of records[table] as AnyRecord[])
          putServerRecord(this.base, table, record)
      }
      for (const { id } of outside) this.base.events.delete(id)
      const changes = SYNC_TABLES.reduce((sum, table) => sum + page[table].length, 0)
      this.meta = meta
      // Nothing new (a poll while nothing changed): the screens and other tabs have it all.
      // A first sync always tells, so that waiting tabs learn it went through.
      if (first || changes > 0) {
        this.changed()
        this.channel?.postMessage('changed')
      }
      if (!page.more) return
    }
  }

  /** Fetches the per-day counts of old events when missing, stale or of another time zone. */
  private async refreshHistory(): Promise<void> {
    const db = this.db
    const before = this.meta.eventsFrom
    if (!db || !before) return
    const timeZone = this.options.timeZone()
    const history = this.meta.history
    if (history && !this.meta.historyStale && history.timeZone === timeZone) return
    const fresh = await this.request<SyncHistory>('sync/history', { query: { before, timeZone } })
    this.meta = { ...this.meta, history: fresh, historyStale: false }
    await storeServerState(db, { meta: this.meta, history: fresh })
    this.changed()
    this.channel?.postMessage('changed')
  }

  /** The start of the day 90 days ago in the user's zone. */
  private rawWindowStart(): string {
    const timeZone = this.options.timeZone()
    const today = toCalendarDay(new Date(), timeZone)
    return getPeriod('day', addDays(today, -RAW_EVENT_DAYS), timeZone).startInstant
  }
}
