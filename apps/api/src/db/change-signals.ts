import pg from 'pg'
import type { Logger } from 'pino'

/** The PostgreSQL channel the nodes tell each other of committed writes on (decision 119). */
export const CHANGES_CHANNEL = 'kindling_changes'
/** A NOTIFY payload is at most 8000 bytes: uids are sent in lines of at most this many. */
const PAYLOAD_BYTES = 7_000
/** The listening connection is opened again after 0.5 s, 1 s, 2 s... at most this long. */
const RECONNECT_MAX_MS = 30_000

/** Called when a user's data may have changed. */
export type ChangeListener = () => void

/**
 * "This user's data changed", from the node that committed the write to every node's
 * listeners of that user. Signals carry only the user id; what changed is read from the change
 * feed. A signal may come more than once or for nothing; it is never sent to another user's
 * listeners.
 */
export interface ChangeSignals {
  /** A write of `uid` has committed (call after the commit, never inside the transaction). */
  publish(uid: string): void
  /**
   * Calls `listener` after each change of `uid`'s data, and once for every user after a lost
   * connection came back (signals may have been missed meanwhile). Resolves once signals are
   * heard, with the function that stops listening.
   */
  subscribe(uid: string, listener: ChangeListener): Promise<() => void>
  /** Listeners now (tests check that none is left behind). */
  listenerCount(): number
  /** Stops listening and drops every listener. */
  close(): Promise<void>
}

/** Listeners by user, and the calls that reach them. */
class Listeners {
  private byUser = new Map<string, Set<ChangeListener>>()

  add(uid: string, listener: ChangeListener): () => void {
    let set = this.byUser.get(uid)
    if (!set) {
      set = new Set()
      this.byUser.set(uid, set)
    }
    set.add(listener)
    return () => {
      const current = this.byUser.get(uid)
      if (!current?.delete(listener)) return
      if (current.size === 0) this.byUser.delete(uid)
    }
  }

  /** Calls `uid`'s listeners; one that throws does not keep the signal from the others. */
  tell(uid: string, log: Logger): void {
    for (const listener of this.byUser.get(uid) ?? []) {
      try {
        listener()
      } catch (error) {
        log.warn({ err: error }, 'a change listener failed')
      }
    }
  }

  tellEveryone(log: Logger): void {
    for (const uid of [...this.byUser.keys()]) this.tell(uid, log)
  }

  count(): number {
    let total = 0
    for (const set of this.byUser.values()) total += set.size
    return total
  }

  clear(): void {
    this.byUser.clear()
  }
}

/**
 * PGlite: one process owns the database, so every write and every listener are in this
 * process, and a signal is a function call.
 */
export function createLocalChangeSignals(log: Logger): ChangeSignals {
  const listeners = new Listeners()
  return {
    publish: (uid) => queueMicrotask(() => listeners.tell(uid, log)),
    subscribe: async (uid, listener) => listeners.add(uid, listener),
    listenerCount: () => listeners.count(),
    close: async () => listeners.clear(),
  }
}

/**
 * PostgreSQL, with any number of nodes on one database: a write's node sends `NOTIFY` with the
 * user ids that changed (from the pool, after the write committed and outside its transaction,
 * several users to a statement while one is under way), and every node holds one connection
 * that `LISTEN`s, opened with its first listener and opened again after it is lost (a database
 * restart), after which every listener is called once.
 */
export function createPostgresChangeSignals(options: {
  databaseUrl: string
  /** Runs the NOTIFY (the app's pool). */
  notify: (payload: string) => Promise<unknown>
  log: Logger
}): ChangeSignals {
  const { log } = options
  const listeners = new Listeners()
  const queued = new Set<string>()
  let sending = false
  let closed = false
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let reconnectDelay = 500
  /** No connection listened for a while (lost, or failed to open): signals may be missed. */
  let missed = false

  const flush = async () => {
    if (sending || closed || queued.size === 0) return
    sending = true
    const uids = [...queued]
    queued.clear()
    try {
      for (const payload of payloads(uids)) await options.notify(payload)
    } catch (error) {
      // Devices still poll: a signal lost while the database is away costs them seconds.
      log.warn({ err: error }, 'could not tell the other nodes of a change')
    } finally {
      sending = false
      if (queued.size > 0) void flush()
    }
  }

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHANGES_CHANNEL || !message.payload) return
    for (const uid of new Set(message.payload.split(' '))) {
      if (uid) listeners.tell(uid, log)
    }
  }

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      connect().catch(() => undefined)
    }, reconnectDelay)
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS)
  }

  const connect = (): Promise<void> => {
    if (client) return Promise.resolve()
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: options.databaseUrl })
      const lost = (error?: Error) => {
        if (client !== next) return
        client = undefined
        next.removeAllListeners('notification')
        void next.end().catch(() => undefined)
        if (!closed) {
          missed = true
          log.warn({ err: error }, 'the connection listening for changes was lost; reopening it')
          scheduleReconnect()
        }
      }
      next.on('error', lost)
      next.on('end', () => lost())
      next.on('notification', onNotification)
      try {
        await next.connect()
        await next.query(`LISTEN ${CHANGES_CHANNEL}`)
      } catch (error) {
        next.removeAllListeners()
        next.on('error', () => undefined)
        await next.end().catch(() => undefined)
        missed = true
        scheduleReconnect()
        throw error
      }
      if (closed) {
        await next.end().catch(() => undefined)
        return
      }
      client = next
      reconnectDelay = 500
      clearTimeout(reconnectTimer)
      reconnectTimer = undefined
      // Signals sent while no connection listened are lost: every listener looks again.
      if (missed) {
        missed = false
        listeners.tellEveryone(log)
      }
    })().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  return {
    publish(uid) {
      if (closed) return
      queued.add(uid)
      void flush()
    },
    async subscribe(uid, listener) {
      const remove = listeners.add(uid, listener)
      // Until the connection listens, a signal could be missed: the caller reads the current
      // state after this resolves. A database that is away leaves the listener waiting for the
      // reconnection, which calls it.
      if (!client) await connect().catch(() => undefined)
      return remove
    },
    listenerCount: () => listeners.count(),
    async close() {
      closed = true
      clearTimeout(reconnectTimer)
      listeners.clear()
      await connecting?.catch(() => undefined)
      const last = client
      client = undefined
      await last?.end().catch(() => undefined)
    },
  }
}

/** `uids` as space-separated lines of at most PAYLOAD_BYTES. */
function payloads(uids: string[]): string[] {
  const lines: string[] = []
  let line = ''
  for (const uid of uids) {
    if (line && line.length + 1 + uid.length > PAYLOAD_BYTES) {
      lines.push(line)
      line = ''
    }
    line = line ? `${line} ${uid}` : uid
  }
  if (line) lines.push(line)
  return lines
}
