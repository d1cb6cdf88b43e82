import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import { MAX_STREAMS_PER_USER } from './routes/sync-stream'
import {
  caller,
  signUp,
  startApp,
  startTestServer,
  stopTestServer,
  type TestServer,
  type TestUser,
  testBackends,
} from './test/harness'
import { type OpenStream, openStream, urlOf, WAIT_MS } from './test/live-stream'

/** The feed's cursor for `user` now, as a device that pulled everything holds it. */
async function cursorOf(app: App, user: TestUser): Promise<number> {
  const response = await caller(() => app)(user, 'GET', '/api/sync/changes?limit=1000')
  return Number((response.json() as { cursor: string }).cursor)
}

describe.each(await testBackends())('the live change stream on $kind', ({ kind, skip }) => {
  let server: TestServer
  /** Two nodes on one database with PostgreSQL; the one app with PGlite. */
  let nodes: App[] = []
  let alice: TestUser
  let bob: TestUser
  const streams: OpenStream[] = []
  const open = async (node: App, user: TestUser) => {
    const stream = await openStream(urlOf(node), user)
    streams.push(stream)
    return stream
  }

  beforeAll(async () => {
    if (skip) return
    server = await startTestServer(kind)
    const second = kind === 'postgres' ? [await startApp(server.backend, server.smtp.url)] : []
    nodes = [server.app, ...second]
    for (const node of nodes) await node.listen({ port: 0, host: '127.0.0.1' })
    alice = await signUp(server.app, server.smtp, `stream-a-${kind}@example.com`)
    bob = await signUp(server.app, server.smtp, `stream-b-${kind}@example.com`)
  })

  afterAll(async () => {
    if (skip) return
    for (const stream of streams) stream.close()
    await Promise.all(nodes.slice(1).map((node) => node.close()))
    await stopTestServer(server)
  })

  it.skipIf(skip)(
    'answers 401 without an id token and has no HEAD, and allows the native shells by CORS',
    async () => {
      const response = await fetch(`${urlOf(server.app)}/api/sync/stream`)
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="kindling"')
      const bad = await fetch(`${urlOf(server.app)}/api/sync/stream`, {
        headers: { authorization: 'Bearer not-a-token', origin: 'capacitor://localhost' },
      })
      expect(bad.status).toBe(401)
      expect(bad.headers.get('access-control-allow-origin')).toBe('capacitor://localhost')
      // No HEAD: it would open a stream nobody reads.
      const head = await fetch(`${urlOf(server.app)}/api/sync/stream`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${alice.token}` },
      })
      expect(head.status).toBe(404)
    },
  )

  it.skipIf(skip)(
    "tells a stream of the cursor at once, then of each of its user's writes from another client",
    async () => {
      const stream = await open(server.app, alice)
      expect(await stream.changeAtLeast()).toBe(await cursorOf(server.app, alice))
      const before = await cursorOf(server.app, alice)
      const created = await caller(() => server.app)(alice, 'POST', '/api/activities', {
        name: 'Read',
      })
      expect(created.statusCode).toBe(201)
      const after = await cursorOf(server.app, alice)
      expect(after).toBeGreaterThan(before)
      expect(await stream.changeAtLeast(after)).toBe(after)
      // A delete too (a write that is not an insert).
      const { id } = created.json() as { id: string }
      const deleted = await caller(() => server.app)(alice, 'DELETE', `/api/activities/${id}`)
      expect(deleted.statusCode).toBe(204)
      expect(await stream.changeAtLeast(after + 1)).toBe(await cursorOf(server.app, alice))
    },
  )

  it.skipIf(skip)("never signals one user's write to another user's stream", async () => {
    const heard = { alice: 0, bob: 0 }
    const stopAlice = await server.app.changeSignals.subscribe(uidOf(alice), () => {
      heard.alice += 1
    })
    const stopBob = await server.app.changeSignals.subscribe(uidOf(bob), () => {
      heard.bob += 1
    })
    const bobStream = await open(server.app, bob)
    const bobStart = await bobStream.changeAtLeast()
    // Alice writes on the last node: with PostgreSQL the signal crosses nodes.
    const last = nodes.at(-1) as App
    const created = await caller(() => last)(alice, 'POST', '/api/activities', { name: 'Walk' })
    expect(created.statusCode).toBe(201)
    await expect.poll(() => heard.alice, { timeout: WAIT_MS }).toBeGreaterThan(0)
    // Listeners of one signal are called together: Bob's would have been called by now.
    expect(heard.bob).toBe(0)
    // Bob's own write reaches his stream, which had nothing in between.
    expect(
      (await caller(() => last)(bob, 'POST', '/api/activities', { name: 'Swim' })).statusCode,
    ).toBe(201)
    const bobNow = await cursorOf(server.app, bob)
    expect(await bobStream.changeAtLeast(bobNow)).toBe(bobNow)
    expect(bobStream.cursors).toEqual([bobStart, bobNow])
    stopAlice()
    stopBob()
  })

  it.skipIf(skip || kind !== 'postgres')(
    'reaches a stream on one node after a write on another (PostgreSQL)',
    async () => {
      const [first, second] = nodes as [App, App]
      const stream = await open(first, alice)
      await stream.changeAtLeast()
      const created = await caller(() => second)(alice, 'POST', '/api/groups', {
        name: 'Evening',
        activities: [],
      })
      expect(created.statusCode, created.body).toBe(201)
      const now = await cursorOf(second, alice)
      expect(await stream.changeAtLeast(now)).toBe(now)
    },
  )

  it.skipIf(skip)(
    `keeps at most ${MAX_STREAMS_PER_USER} streams of a user per node, ending the oldest, and leaves no listener behind`,
    async () => {
      const user = await signUp(server.app, server.smtp, `stream-cap-${kind}@example.com`)
      const listenersBefore = server.app.changeSignals.listenerCount()
      const streamsBefore = server.app.liveStreams.count()
      const opened: OpenStream[] = []
      for (let n = 0; n <= MAX_STREAMS_PER_USER; n++) opened.push(await open(server.app, user))
      await opened[0]?.ended
      expect(server.app.liveStreams.count()).toBe(streamsBefore + MAX_STREAMS_PER_USER)
      // One subscription per user and node, however many streams.
      expect(server.app.changeSignals.listenerCount()).toBe(listenersBefore + 1)
      for (const stream of opened) stream.close()
      await expect
        .poll(() => server.app.liveStreams.count(), { timeout: WAIT_MS })
        .toBe(streamsBefore)
      await expect
        .poll(() => server.app.changeSignals.listenerCount(), { timeout: WAIT_MS })
        .toBe(listenersBefore)
    },
  )
})

/** The uid inside an id token (a JWT's `sub`). */
function uidOf(user: TestUser): string {
  const payload = user.token.split('.')[1] ?? ''
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub
}

describe('the live change stream when the server stops', () => {
  it('ends every open stream at once, so that a close does not wait for them', async () => {
    const server = await startTestServer('pglite')
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' })
      const user = await signUp(server.app, server.smtp, 'stream-stop@example.com')
      const opened = await Promise.all([1, 2, 3].map(() => openStream(urlOf(server.app), user)))
      await Promise.all(opened.map((stream) => stream.changeAtLeast()))
      const start = Date.now()
      await server.app.close()
      await Promise.all(opened.map((stream) => stream.ended))
      expect(Date.now() - start).toBeLessThan(5_000)
      expect(server.app.changeSignals.listenerCount()).toBe(0)
    } finally {
      await stopTestServer({ smtp: server.smtp, backend: server.backend })
    }
    // Its own server starts inside the test (PGlite and every migration): slow beside other suites.
  }, 120_000)
})
