import type { App } from './app'

/** How long a stop may take past its grace period (closing connections and the database). */
const CLOSE_MARGIN_MS = 5_000
/** How long a second signal still waits for the database to close. */
const HURRIED_CLOSE_MS = 1_000
/** How long a stop waits for its last log lines to be written (a reader may not read). */
export const LOG_FLUSH_MS = 1_000

/**
 * Kinds of `process.getActiveResourcesInfo()` that are work in libuv's thread pool: a process
 * exit joins the pool's threads, so one that never returns (a write to a pipe nobody reads)
 * would hold the exit for ever.
 */
const THREAD_POOL_WORK = /^(FSReq|GetAddrInfoReqWrap|GetNameInfoReqWrap)/

/**
 * Ends the process with `code`, unless work in the thread pool is still pending: then a normal
 * exit could wait for it for ever, and the process kills itself instead (SIGKILL: nothing of
 * ours is lost that an exit would have kept; the database is closed or given up by then).
 */
export function endProcess(
  code: number,
  {
    resources = () => process.getActiveResourcesInfo(),
    exit = (exitCode: number) => process.exit(exitCode),
    kill = () => process.kill(process.pid, 'SIGKILL'),
  }: {
    resources?: () => string[]
    exit?: (code: number) => void
    kill?: () => void
  } = {},
): void {
  if (resources().some((kind) => THREAD_POOL_WORK.test(kind))) kill()
  else exit(code)
}

export interface StopOptions {
  /** Writes the log lines still waiting, within the time given (see log-output.ts). */
  flushLogs?: (timeoutMs: number) => Promise<unknown>
  /** Ends the process (tests replace it). */
  exit?: (code: number) => void
}

/**
 * Stops the server on SIGTERM or SIGINT: no new connections, requests in flight get `graceMs`
 * to finish, then the connections still open are closed, the database is closed, the log lines
 * still waiting get up to a second to be written, and the process exits 0. Idle keep-alive
 * connections are closed at once and never hold a stop. A second signal exits at once (1),
 * closing the database if it can within a second and waiting for no log output. No exit waits
 * on the log's reader (issue 50).
 */
export function stopOnSignals(
  app: App,
  graceMs: number,
  { flushLogs = async () => true, exit = (code) => endProcess(code) }: StopOptions = {},
): void {
  /** Exits with `code` once the log lines are written or LOG_FLUSH_MS has passed. */
  const flushAndExit = (code: number) => {
    let timer: NodeJS.Timeout | undefined
    const bounded = new Promise((resolve) => {
      timer = setTimeout(resolve, LOG_FLUSH_MS + 100)
    })
    Promise.race([flushLogs(LOG_FLUSH_MS).catch(() => undefined), bounded]).then(() => {
      clearTimeout(timer)
      exit(code)
    })
  }
  const server = app.server
  let inFlight = 0
  let stopping = false

  server.on('request', (_request, response) => {
    inFlight += 1
    response.once('close', () => {
      inFlight -= 1
      // The connection of a response that just ended is idle now: close it instead of letting
      // it wait for its keep-alive timeout.
      if (stopping) setImmediate(() => server.closeIdleConnections())
    })
  })

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, `second signal (${signal}): exiting now`)
      const hurried = setTimeout(() => exit(1), HURRIED_CLOSE_MS)
      app.database.close().then(
        () => {
          clearTimeout(hurried)
          app.log.warn('database closed; exiting')
          exit(1)
        },
        () => undefined,
      )
      return
    }
    stopping = true
    app.log.info(
      { signal, inFlight, graceSeconds: graceMs / 1000 },
      `stopping (${signal}): no new connections; waiting up to ${graceMs / 1000} s for ${inFlight} request(s) in flight`,
    )
    const grace = setTimeout(() => {
      server.getConnections((_error, count) => {
        app.log.warn(
          { inFlight, connections: count },
          `grace period over: closing ${count} connection(s) still open`,
        )
        server.closeAllConnections()
      })
    }, graceMs)
    const backstop = setTimeout(() => {
      app.log.error('the stop took too long (the database did not close); exiting')
      flushAndExit(1)
    }, graceMs + CLOSE_MARGIN_MS)
    app.close().then(
      () => {
        clearTimeout(grace)
        clearTimeout(backstop)
        app.log.info('stopped')
        flushAndExit(0)
      },
      (error: unknown) => {
        clearTimeout(grace)
        clearTimeout(backstop)
        app.log.error({ err: error }, 'the stop failed')
        flushAndExit(1)
      },
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
