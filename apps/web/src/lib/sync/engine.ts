import {
  addDays,
  type Event,
  formatHlc,
  getPeriod,
  type Hlc,
  laterHlc,
  parseHlc,
  receiveHlc,
  SYNC_PAGE_DEFAULT,
  SYNC_PAGE_MAX,
  SYNC_TABLES,
  type SyncChanges,
  type SyncHistory,
  tickHlc,
  toCalendarDay,
} from '@kindling/core'
import { ApiError, apiRequest, apiStream } from '../api-client'
import { BACKOFF_MIN_MS, nextBackoff, retryWait } from './backoff'
import { LIVE_OPEN_DELAY_MS, LiveStream } from './live-stream'
import {
  addToOutbox,
  deleteLocalDb,
  type LocalDb,
  lacksLocalDb,
  openLocalDb,
  readAll,
  readOutbox,
  storeServerState,
} from './local-db'
import { isRefusal, isServerFailure, type RefusalOutcome, trimRefused } from './refusals'
import type { AnyRecord, Change, OutboxEntry, SyncMeta, SyncTable } from './types'
import { randomHex } from './uuid'
import { buildView, emptyTables, putServerRecord, type Tables } from './view'

type RefusalMessages = typeof import('./refusal-messages')

/**
 * Fetched with the first change sent, or before (the layout's preload on a first tap), not with
 * the first screen (decision 163).
 */
let refusalMessages: Promise<RefusalMessages> | undefined
export function loadRefusalMessages(): Promise<RefusalMessages> {
  refusalMessages ??= import('./refusal-messages').catch((error: unknown) => {
    refusalMessages = undefined
    throw error
  })
  return refusalMessages
}

/** Events of the last 90 days come as records; older ones as per-day counts. */
export const RAW_EVENT_DAYS = 90
/**
 * While the app is in view, changes of other devices are looked for this often: the fallback of
 * the live change stream, which brings them within a second (decision 119).
 */
const POLL_MS = 15_000
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

/** The feed's first page asked ahead, and the window of events it was asked with. */
interface FirstPage {
  eventsFrom: string
  page: Promise<SyncChanges>
}

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

/** An event the copy leaves to the history: dated before the window of events kept as records. */
function isBeforeWindow(record: AnyRecord, eventsFrom: string | undefined): boolean {
  const { eventDate } = record as { eventDate?: unknown }
  return eventsFrom !== undefined && typeof eventDate === 'string' && eventDate < eventsFrom
}

/**
 * The fields of a sent update the server kept another value of: a newer change from another
 * device (the server names them in `kindling-replaced-fields`; its answer shows them as well,
 * and a newer change to the same value replaced nothing the user would miss).
 */
function replacedFields(entry: OutboxEntry, stored: AnyRecord): string[] {
  if (entry.op !== 'update' || !entry.fieldTimes) return []
  const record = stored as unknown as Record<string, unknown>
  return Object.keys(entry.fieldTimes).filter(
    (key) => key in record && !isSameValue(record[key], entry.body[key]),
  )
}

/** Whether two JSON values are equal, whatever the order of their objects' keys. */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined)
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined)
  return (
    keysA.length === keysB.length &&
    keysA.every((key) =>
      isSameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  )
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
  /** The live change stream, open while this tab sends and is in view (decision 119). */
  private readonly live: LiveStream
  /** The highest cursor the stream announced that a pull has not reached yet. */
  private announced: number | undefined
  /** Rounds in a row the server failed (isServerFailure); reset by a round that sent all. */
  private failures = 0
  private stopped = false
  /**
   * This tab's hybrid logical clock (decision 151): the time of its last change, after every
   * change it has seen, so that an edit made here after seeing another device's is later than
   * it whatever this device's clock says.
   */
  private clock: Hlc | undefined
  /** This tab's name in its clock's times (a tab is a writer of its own). */
  private readonly node = randomHex(16)
  private readonly request: typeof apiRequest
  /**
   * The feed's first page, asked while a device without a copy of this user creates one (a first
   * visit): creating the database takes about as long as the request on a phone, and the screen
   * waits for both (issue 55). The first pull takes it when the copy still holds nothing.
   */
  private firstPage: Promise<FirstPage | undefined> | undefined
  private readable: Promise<void> = Promise.resolve()
  version = 0
  status: SyncStatus = IDLE_STATUS

  constructor(private readonly options: EngineOptions) {
    this.request = options.request ?? apiRequest
    this.live = new LiveStream({
      wanted: () =>
        this.leader &&
        !this.stopped &&
        document.visibilityState === 'visible' &&
        navigator.onLine !== false,
      open: options.openStream ?? ((signal) => apiStream('sync/stream', { signal })),
      onAnnounced: this.onAnnounced,
      openDelayMs: options.liveOpenDelayMs ?? LIVE_OPEN_DELAY_MS,
    })
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
    const firstPage = this.askFirstPageIfNew()
    this.firstPage = firstPage
    // Which tab sends is settled while the copy opens; the first round waits for both.
    void this.lead()
    const read = this.readCopy()
    // A new device has nothing to read: its first screen need not wait for the copy's creation.
    const nothingToRead = firstPage.then((first) => (first ? undefined : read))
    this.readable = Promise.race([read, nothingToRead]).then(
      () => undefined,
      () => undefined,
    )
    if (!(await read)) return
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
    this.kick()
  }

  /**
   * Settles once a first screen has what it needs of this copy: the copy read (a repeat visit),
   * known to be new (a first visit: nothing to read, its first page asked), or failed to open.
   * A first drawing started before a repeat visit's copy is read is drawn again in one long task
   * when the copy comes (issue 55).
   */
  whenReadable(): Promise<void> {
    return this.readable
  }

  /** Opens and reads the device's copy; false when the engine was stopped meanwhile. */
  private async readCopy(): Promise<boolean> {
    try {
      this.db = await openLocalDb(this.options.uid)
    } catch (error) {
      // A copy that cannot open sends nothing: another tab may lead instead.
      this.stop()
      throw error
    }
    if (this.stopped) {
      this.db.close()
      return false
    }
    // Another tab (or the service worker's 'Done') changed the copy: show it, and if this tab
    // sends, send what it added. Listening before the first read, so that a change stored in
    // between is not missed.
    this.channel = new BroadcastChannel(`kindling-sync-${this.options.uid}`)
    this.channel.onmessage = () => void this.reload().then(() => this.kick())
    await this.reload()
    this.setStatus({ loaded: true })
    return true
  }

  stop(): void {
    this.stopped = true
    this.live.stop()
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
    const now = Date.now()
    let change = entry
    if (entry.op === 'update') {
      this.clock = tickHlc(now, this.clock, this.node)
      const time = formatHlc(this.clock)
      const fieldTimes = Object.fromEntries(Object.keys(entry.body).map((key) => [key, time]))
      change = { ...entry, fieldTimes }
    }
    const full = { ...change, at: new Date(now).toISOString() } as OutboxEntry
    full.key = await addToOutbox(this.db, full)
    this.outbox.push(full)
    this.changed()
    this.channel?.postMessage('changed')
    this.kick()
  }

  /** Sends what waits and pulls what changed, now (if this tab leads and its copy is open). */
  kick(): void {
    if (!this.leader || this.stopped || !this.status.loaded) return
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
    this.live.reopen()
  }

  /** Resolves once the current round of sending and pulling is over. */
  async settled(): Promise<void> {
    while (this.running) await this.running
  }

  private onOnline = () => {
    this.setStatus({ online: true })
    this.backoff = BACKOFF_MIN_MS
    this.live.resetBackoff()
    this.kick()
    this.live.reopen()
  }

  private onOffline = () => {
    this.setStatus({ online: false })
    this.live.update()
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible') this.kick()
    this.live.update()
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
    // The changes still waiting may be from a clock later than this one's (another tab's).
    for (const entry of this.outbox) {
      if (entry.op === 'update')
        for (const time of Object.values(entry.fieldTimes ?? {})) this.see(time)
    }
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
    // The same object while nothing in it changed: the screens' readers compare it.
    const keys = Object.keys(patch) as (keyof SyncStatus)[]
    if (keys.some((key) => this.status[key] !== patch[key])) {
      this.status = { ...this.status, ...patch }
    }
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
      this.live.allow()
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
        this.retryTimer = setTimeout(
          () => this.kick(),
          retryWait(this.backoff, offline, navigator.onLine !== false),
        )
        this.backoff = nextBackoff(this.backoff)
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
    // The words about a refused change, in before anything is sent: a change the server stored
    // is then always told and recorded (an import that fails leaves the outbox for later).
    if (this.outbox.length === 0) return
    const { explainRefusal, explainReplaced, explainTrim } = await loadRefusalMessages()
    while (this.outbox.length > 0 && !this.stopped) {
      const entry = this.outbox[0] as OutboxEntry
      let stored: AnyRecord | undefined
      // Its name as this device had it before the change, for a message of what was replaced.
      const before = this.nameOf(entry.table, entry.id, this.base)
      try {
        const sent = await this.sendTrimming(entry)
        stored = sent.stored
        if (sent.leftOut.length > 0) {
          this.options.onRejected(
            explainTrim(this.told(entry), sent.leftOut, this.nameOf),
            'trimmed',
          )
        }
        // Saved without what another device deleted: the rest of it is what was sent.
        const replaced = stored && sent.leftOut.length === 0 ? replacedFields(entry, stored) : []
        if (replaced.length > 0) {
          const message = explainReplaced(this.told(entry), replaced, before, this.nameOf)
          this.options.onRejected(message, 'replaced')
        }
        if (stored) this.seeRecords([stored])
      } catch (error) {
        if (!isRefusal(error)) throw error
        const message = explainRefusal(this.told(entry), error, this.nameOf)
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
      const body = entry.fieldTimes ? { ...entry.body, fieldTimes: entry.fieldTimes } : entry.body
      return this.request<AnyRecord>(path, { method: 'PUT', body, signal })
    }
    try {
      await this.request<void>(path, { method: 'DELETE', signal })
    } catch (error) {
      // Already gone (deleted on another device, or this delete was sent before): done.
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
    return undefined
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

  /**
   * Whether a pulled event may change what the history counts: one dated before the window (the
   * history counts it now, or it moved there), or an edit or deletion of an event this device
   * does not hold, which the history may count on its old day (an old event moved into the window
   * or edited). The history is then asked again: its days are the server's, never patched here.
   */
  private movesHistory(event: Event, eventsFrom: string): boolean {
    if (event.eventDate < eventsFrom) return true
    const changed = Boolean(event.updatedAt) || Boolean(event.deletedAt)
    return changed && !this.base.events.has(event.id)
  }

  /**
   * `entry` as its messages read it: an edit of an event sends only what changed, and the
   * message names the event's habit, from the copy when the edit did not change it.
   */
  private told(entry: OutboxEntry): OutboxEntry {
    if (entry.table !== 'events' || entry.op !== 'update' || 'activityId' in entry.body) {
      return entry
    }
    const activityId = this.base.events.get(entry.id)?.activityId
    return activityId ? { ...entry, body: { activityId, ...entry.body } } : entry
  }

  /** Moves this tab's clock past `time` (a change made elsewhere, or the server's stamp). */
  private see(time: string | Hlc | undefined): void {
    const seen = typeof time === 'string' ? parseHlc(time) : time
    if (seen) this.clock = receiveHlc(this.clock, seen, Date.now(), this.node)
  }

  /** Receives the latest server stamp of `records`: later edits here come after them. */
  private seeRecords(records: readonly AnyRecord[]): void {
    let latest: Hlc | undefined
    for (const record of records) {
      const stamp = (record as { updatedAt?: string | null }).updatedAt ?? record.createdAt
      const wall = Date.parse(stamp)
      if (Number.isNaN(wall)) continue
      const time = { wall, counter: 0, node: 'server' }
      latest = latest ? laterHlc(latest, time) : time
    }
    this.see(latest)
  }

  /** The name of a record, from the copy (where a deleted one is until pulled). */
  private nameOf = (table: SyncTable, id: string, from?: Tables): string | undefined => {
    const named = (tables: Tables) =>
      ((tables[table] as Map<string, AnyRecord>).get(id) as { name?: string } | undefined)?.name
    if (from) return named(from)
    return named(this.view) ?? named(this.base)
  }

  /** Asks for the feed's first page at once when this device holds no copy of the user yet. */
  private async askFirstPageIfNew(): Promise<FirstPage | undefined> {
    if ((await lacksLocalDb(this.options.uid)) !== true || this.stopped) return undefined
    const eventsFrom = this.rawWindowStart()
    const page = this.firstPageRequest(undefined, eventsFrom)
    // Unanswered, it is asked again by the pull that would have taken it.
    page.catch(() => {})
    return { eventsFrom, page }
  }

  private firstPageRequest(after: string | undefined, eventsFrom: string) {
    return this.request<SyncChanges>('sync/changes', {
      // The first page of the feed's usual size, so that a new device's first screen comes
      // soon; the rest in as few pages as the server gives, each being one drawing of the
      // screen (issue 19). Later reads too: old events added since (an import) come as the
      // history's counts.
      query: { after, limit: SYNC_PAGE_DEFAULT, eventsFrom },
    })
  }

  /** Pulls every change since the last cursor, page by page, each page stored as it comes. */
  private async pull(): Promise<void> {
    const db = this.db
    if (!db) return
    const first = !this.meta.complete
    // Asked before the copy was read: it is this pull's only while the copy has no cursor yet
    // (another tab may have filled it meanwhile).
    const ahead = await this.firstPage
    this.firstPage = undefined
    const early =
      ahead && this.meta.cursor === undefined && !this.meta.eventsFrom ? ahead : undefined
    const eventsFrom = this.meta.eventsFrom ?? early?.eventsFrom ?? this.rawWindowStart()
    let meta: SyncMeta = { ...this.meta, eventsFrom }
    for (let pages = 0; ; pages++) {
      const ask = () =>
        pages === 0
          ? this.firstPageRequest(meta.cursor, eventsFrom)
          : this.request<SyncChanges>('sync/changes', {
              query: { after: meta.cursor, limit: SYNC_PAGE_MAX, eventsFrom },
            })
      const page = await (pages === 0 && early ? early.page.catch(ask) : ask())
      if (this.stopped) return
      const oldChanged =
        !first &&
        (page.olderEventsChanged === true ||
          page.events.some((event) => this.movesHistory(event, eventsFrom)))
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
          // A server from before breaks (issue 49) sends none.
          breaks: page.breaks ?? [],
        },
        removed: outside,
        meta,
        history,
      })
      for (const table of SYNC_TABLES) {
        for (const record of (records[table] ?? []) as AnyRecord[])
          putServerRecord(this.base, table, record)
        this.seeRecords((page[table] ?? []) as AnyRecord[])
      }
      for (const { id } of outside) this.base.events.delete(id)
      const changes = SYNC_TABLES.reduce((sum, table) => sum + (page[table]?.length ?? 0), 0)
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
