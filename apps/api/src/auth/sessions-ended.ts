import pg from 'pg'
import type { Logger } from 'pino'

/** The PostgreSQL channel on which nodes tell each other that an account's sessions ended. */
export const SESSIONS_ENDED_CHANNEL = 'kindling_sessions_ended'
const RECONNECT_MAX_MS = 30_000

/**
 * "Every session of this account has ended" (an account disabled or deleted by the admin,
 * issue 53), from the node that ended them to every node, so that the id tokens they had
 * verified stop at once everywhere rather than at their next look at the session (decision
 * 101's 5 s). `onEnded(null)` means "forget every account": a node that could not listen for a
 * while may have missed some.
 */
export interface SessionsEnded {
  /** Call after the commit that ended the sessions; resolves once sent. */
  publish(uid: string): Promise<void>
  close(): Promise<void>
}

/** PGlite: one process, so the one node hears of it by a call. */
export function createLocalSessionsEnded(onEnded: (uid: string | null) => void): SessionsEnded {
  return {
    publish: async (uid) => onEnded(uid),
    close: async () => {},
  }
}

/**
 * PostgreSQL: every node LISTENs on one connection, opened at start (so a node serves no
 * request before it hears), and opened again after it is lost; the sender NOTIFYs through the
 * app's pool.
 */
export async function createPostgresSessionsEnded(options: {
  databaseUrl: string
  notify: (uid: string) => Promise<unknown>
  onEnded: (uid: string | null) => void
  log: Logger
}): Promise<SessionsEnded> {
  const { log, onEnded } = options
  let client: pg.Client | undefined
  let closed = false
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let delay = 500
  let everConnected = false

  const reconnectLater = () => {
    if (closed || reconnectTimer) return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      connect().catch(() => reconnectLater())
    }, delay)
    delay = Math.min(delay * 2, RECONNECT_MAX_MS)
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.databaseUrl })
    const lost = (error?: Error) => {
      if (client !== next) return
      client = undefined
      void next.end().catch(() => undefined)
      if (closed) return
      log.warn({ err: error }, 'the connection listening for ended sessions was lost; reopening it')
      reconnectLater()
    }
    next.on('error', lost)
    next.on('end', () => lost())
    next.on('notification', (message) => {
      if (message.channel === SESSIONS_ENDED_CHANNEL && message.payload) onEnded(message.payload)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`)
    } catch (error) {
      next.removeAllListeners()
      next.on('error', () => undefined)
      await next.end().catch(() => undefined)
      throw error
    }
    if (closed) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    delay = 500
    // What was said while nobody listened is lost: every verified token is looked at again.
    if (everConnected) onEnded(null)
    everConnected = true
  }

  await connect()
  return {
    async publish(uid) {
      onEnded(uid)
      await options.notify(uid)
    },
    async close() {
      closed = true
      clearTimeout(reconnectTimer)
      const last = client
      client = undefined
      await last?.end().catch(() => undefined)
    },
  }
}
