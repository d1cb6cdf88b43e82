import type { App } from './app'

/** How long a stop may take past its grace period (closing connections and the database). */
const CLOSE_MARGIN_MS = 5_000
/** How long a second signal still waits for the database to close. */
const HURRIED_CLOSE_MS = 1_000

/**
 * Stops the server on SIGTERM or SIGINT: no new connections, requests in flight get `graceMs`
 * to finish, then the connections still open are closed, the database is closed and the
 * process exits 0. Idle keep-alive connections are closed at once and never hold a stop. A
 * second signal exits at once (1), closing the database if it can within a second.
 */
export function stopOnSignals(
  app: App,
  graceMs: number,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
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
      exit(1)
    }, graceMs + CLOSE_MARGIN_MS)
    app.close().then(
      () => {
        clearTimeout(grace)
        clearTimeout(backstop)
        app.log.info('stopped')
        exit(0)
      },
      (error: unknown) => {
        clearTimeout(grace)
        clearTimeout(backstop)
        app.log.error({ err: error }, 'the stop failed')
        exit(1)
      },
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
