import { randomUUID } from 'node:crypto'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  createBackend,
  postgresAvailable,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
} from './test/harness'
import { openStream, urlOf } from './test/live-stream'

const hasPostgres = await postgresAvailable()

/** A TCP relay to PostgreSQL that the test can cut (as a database restart does) and restore. */
function relay(target: URL) {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  /** Text that, when a client next sends it, drops that connection (see `cutOn`). */
  let cutMarker: string | undefined
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.on('data', (chunk: Buffer) => {
          if (cutMarker && chunk.includes(cutMarker)) {
            cutMarker = undefined
            client.destroy()
            upstream.destroy()
            return
          }
          upstream.write(chunk)
        })
        upstream.pipe(client)
      })
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address()
        port = typeof address === 'object' && address ? address.port : port
        resolve()
      })
    })
  return {
    listen,
    url: (database: URL) => {
      const url = new URL(database)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
    /** Drops the next connection that sends `marker`, before the database sees it. */
    cutOn: (marker: string) => {
      cutMarker = marker
    },
    /** Refuses new connections and resets every open one. */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server?.close(() => resolve())
      }),
  }
}

describe.skipIf(!hasPostgres)('PostgreSQL going away and coming back', () => {
  let app: App
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  let user: TestUser
  const proxy = relay(new URL('postgres://127.0.0.1:5432'))

  beforeAll(async () => {
    smtp = await startSmtp()
    backend = await createBackend('postgres')
    await proxy.listen()
    const databaseUrl = proxy.url(new URL(backend.databaseUrl as string))
    app = await startApp({ ...backend, databaseUrl }, smtp.url)
    user = await signUp(app, smtp, 'outage@example.com')
  })

  afterAll(async () => {
    await app?.close()
    await smtp?.close()
    await proxy.cut()
    await backend?.drop()
  })

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload ? { payload } : {}),
    })

  it('answers 503 with Retry-After while the database is unreachable, then recovers by itself', async () => {
    const activity = (await call('POST', '/api/activities', { name: 'Outage' })).json()
    expect(activity.id).toBeTruthy()

    await proxy.cut()
    const down = await call('POST', '/api/events', {
      activityId: activity.id,
      eventDate: '2026-11-01T09:00:00.000Z',
    })
    expect(down.statusCode).toBe(503)
    expect(down.headers['retry-after']).toBe('1')
    expect(down.json().error.code).toBe('unavailable')
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(503)

    await proxy.listen()
    const up = await call('POST', '/api/events', {
      activityId: activity.id,
      eventDate: '2026-11-01T09:00:00.000Z',
    })
    expect(up.statusCode).toBe(201)
    // Only the write acknowledged after the outage is stored.
    expect((await call('GET', '/api/events')).json()).toHaveLength(1)
  })

  it('answers 503 when the connection dies inside a write, after its BEGIN (a restart mid-write)', async () => {
    const activity = (await call('POST', '/api/activities', { name: 'Mid-write' })).json()
    // The write's first statement after BEGIN takes the author's lock (decision 108); the
    // connection goes there, so the ROLLBACK that follows fails too, on a dead client.
    proxy.cutOn('pg_advisory_xact_lock')
    const cut = await call('POST', '/api/events', {
      activityId: activity.id,
      eventDate: '2026-11-02T09:00:00.000Z',
    })
    expect(cut.statusCode).toBe(503)
    expect(cut.json().error.code).toBe('unavailable')

    const again = await call('POST', '/api/events', {
      activityId: activity.id,
      eventDate: '2026-11-02T09:00:00.000Z',
    })
    expect(again.statusCode).toBe(201)
    const events = (await call('GET', '/api/events')).json() as { activityId: string }[]
    expect(events.filter((event) => event.activityId === activity.id)).toHaveLength(1)
  })

  it("keeps a change stream told of the user's writes once the database is back (its node listens again)", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const stream = await openStream(urlOf(app), user)
    const start = await stream.changeAtLeast()
    try {
      await proxy.cut()
      await proxy.listen()
      // As a device does: the first try may meet a pooled connection the cut killed (503).
      const body = { id: randomUUID(), name: 'After the outage' }
      await expect
        .poll(async () => (await call('POST', '/api/activities', body)).statusCode)
        .toBe(201)
      const feed = await call('GET', `/api/sync/changes?after=${start}`)
      const cursor = Number((feed.json() as { cursor: string }).cursor)
      expect(cursor).toBeGreaterThan(start)
      // Told by the write's signal, or by the listening connection's return if that came later.
      expect(await stream.changeAtLeast(cursor)).toBe(cursor)
    } finally {
      stream.close()
    }
  })
})
