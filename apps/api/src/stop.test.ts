import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finished } from 'node:stream/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { pgliteDataDir } from './test/databases'
import { PASSWORD, startSmtp, verificationLink } from './test/harness'
import {
  buildServer,
  type ServerProcess,
  type ServerProcessOptions,
  startServerProcess,
} from './test/server-process'

/** A trusted origin for the auth routes (the server runs on a random port). */
const ORIGIN = 'capacitor://localhost'

async function signUpOver(server: ServerProcess, smtp: Awaited<ReturnType<typeof startSmtp>>) {
  const email = `stop-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  expect(signUp.status).toBe(200)
  const link = new URL(verificationLink((await smtp.waitFor(email)).raw))
  const verified = await fetch(`${server.url}${link.pathname}${link.search}`, {
    redirect: 'manual',
  })
  const cookie = verified.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  return { email, cookie, token: await idTokenOver(server, cookie) }
}

async function idTokenOver(server: ServerProcess, cookie: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/token`, { headers: { cookie } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

/** Opens a raw connection and sends `text`; the socket is kept until the test ends. */
function openRaw(server: ServerProcess, text: string, sockets: Socket[]): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(text)
      resolve(socket)
    })
    socket.on('error', () => undefined)
    socket.once('error', reject)
    sockets.push(socket)
  })
}

/** `POST /api/activities` announcing 100 bytes of body and sending only `partial`. */
function unfinishedPost(token: string, partial: string, length = 100): string {
  return [
    'POST /api/activities HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    '',
    partial,
  ].join('\r\n')
}

/** `count` keep-alive clients that each make one request and then sit idle on their socket. */
async function idleKeepAliveClients(server: ServerProcess, count: number): Promise<Agent> {
  const agent = new Agent({ keepAlive: true, maxSockets: count, keepAliveMsecs: 60_000 })
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const request = httpRequest(`${server.url}/api/health`, { agent }, (response) => {
            response.resume()
            response.on('end', () => resolve())
          })
          request.on('error', reject)
          request.end()
        }),
    ),
  )
  expect(Object.values(agent.freeSockets).flat()).toHaveLength(count)
  return agent
}

/** Waits until the process has written a line matching `pattern`. */
async function waitForLine(server: ServerProcess, pattern: RegExp): Promise<void> {
  while (!server.lines.some((line) => pattern.test(line))) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Waits until the server has read the headers of a request (and routed it). */
const waitForRequest = (server: ServerProcess, method: string, url: string) =>
  waitForLine(server, new RegExp(`"method":"${method}","url":"${url}".*"msg":"incoming request"`))

/** Milliseconds from now until the process exits, and its exit code. */
async function timeExit(server: ServerProcess): Promise<{ ms: number; code: number | string }> {
  const start = Date.now()
  const code = await server.exited
  return { ms: Date.now() - start, code }
}

describe('stopping the server process (PGlite)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  const sockets: Socket[] = []
  const agents: Agent[] = []
  const servers: ServerProcess[] = []
  const dirs: string[] = []

  const start = async (
    dataDir: string,
    env: Record<string, string> = {},
    options: ServerProcessOptions = {},
  ) => {
    // The bundle `npm start` runs, built once in beforeAll: what an operator stops.
    const server = await startServerProcess(
      { DATA_DIR: dataDir, SMTP_URL: smtp.url, ...env },
      { built: true, ...options },
    )
    servers.push(server)
    return server
  }
  const tempDir = (name: string) => {
    const dir =
      name === 'data'
        ? pgliteDataDir(`kindling-stop-${name}-`)
        : mkdtempSync(join(tmpdir(), `kindling-stop-${name}-`))
    dirs.push(dir)
    return dir
  }

  beforeAll(async () => {
    smtp = await startSmtp()
    buildServer()
  })
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy()
    for (const agent of agents.splice(0)) agent.destroy()
    for (const server of servers.splice(0)) server.signal('SIGKILL')
  })
  afterAll(async () => {
    await smtp.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('ends within the grace period despite an unfinished request, a stalled download and idle keep-alive clients; every acknowledged write survives', async () => {
    const dataDir = tempDir('data')
    const web = tempDir('web')
    mkdirSync(join(web, 'assets'))
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kindling</title>')
    // Large enough to fill the socket buffers of a client that never reads.
    writeFileSync(join(web, 'assets', 'big-abc123.bin'), randomBytes(32 * 1024 * 1024))
    const graceMs = 3_000
    const server = await start(dataDir, { SHUTDOWN_GRACE: '3', WEB_DIST_DIR: web })
    const user = await signUpOver(server, smtp)

    // Writers that keep creating activities until the server stops answering.
    const acknowledged: string[] = []
    let writes = 0
    let stopWriting = false
    const writer = async (n: number) => {
      while (!stopWriting) {
        writes += 1
        try {
          const response = await fetch(`${server.url}/api/activities`, {
            method: 'POST',
            headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `W${n}-${writes}` }),
          })
          if (response.status !== 201) return
          acknowledged.push(((await response.json()) as { id: string }).id)
        } catch {
          return
        }
      }
    }
    const writers = Array.from({ length: 4 }, (_, n) => writer(n))

    await openRaw(server, unfinishedPost(user.token, '{"na'), sockets)
    const download = await openRaw(
      server,
      'GET /assets/big-abc123.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      sockets,
    )
    download.pause()
    await waitForRequest(server, 'POST', '/api/activities')
    await waitForRequest(server, 'GET', '/assets/big-abc123.bin')
    agents.push(await idleKeepAliveClients(server, 50))
    while (acknowledged.length < 20) await new Promise((resolve) => setImmediate(resolve))

    server.signal('SIGTERM')
    const { ms, code } = await timeExit(server)
    stopWriting = true
    await Promise.all(writers)
    expect(code).toBe(0)
    expect(ms).toBeLessThan(graceMs + 2_000)
    const messages = server.messages()
    expect(messages).toContainEqual(
      expect.stringMatching(/^stopping \(SIGTERM\): no new connections; waiting up to 3 s/),
    )
    expect(messages).toContainEqual(
      expect.stringMatching(/^grace period over: closing \d+ connection/),
    )
    expect(messages).toContain('connections closed; closing the database')
    expect(messages).toContain('database closed')
    expect(messages.at(-1)).toBe('stopped')

    // A restart on the same DATA_DIR (the lock was released) finds every acknowledged write.
    const again = await start(dataDir)
    const listed = await fetch(`${again.url}/api/activities`, {
      headers: { authorization: `Bearer ${user.token}` },
    })
    const ids = new Set(((await listed.json()) as { id: string }[]).map((row) => row.id))
    expect(acknowledged.length).toBeGreaterThanOrEqual(20)
    for (const id of acknowledged) expect(ids).toContain(id)
    again.signal('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 300_000)

  it('lets a request in flight finish, with the database still open, and then stops without waiting out the grace', async () => {
    const dataDir = tempDir('data')
    const server = await start(dataDir, { SHUTDOWN_GRACE: '60' })
    const user = await signUpOver(server, smtp)
    agents.push(await idleKeepAliveClients(server, 50))
    // A connection opened ahead and never used, as browsers and Node's fetch open one.
    await openRaw(server, '', sockets)
    const body = JSON.stringify({ name: 'In flight' })
    const socket = await openRaw(
      server,
      unfinishedPost(user.token, body.slice(0, 4), body.length),
      sockets,
    )
    // The server has read the request's headers (and routed it) before the stop begins.
    await waitForRequest(server, 'POST', '/api/activities')
    const answer = new Promise<string>((resolve) => {
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        text += chunk
      })
      socket.on('close', () => resolve(text))
    })

    server.signal('SIGTERM')
    await waitForLine(server, /"msg":"stopping \(SIGTERM\)/)
    socket.write(body.slice(4))
    const response = await answer
    expect(response).toMatch(/^HTTP\/1\.1 201 /)
    const { ms, code } = await timeExit(server)
    expect(code).toBe(0)
    // Neither the finished connection nor the 50 idle ones nor the unused one held the stop.
    expect(ms).toBeLessThan(10_000)
    expect(server.messages()).not.toContainEqual(expect.stringMatching(/^grace period over/))

    const again = await start(dataDir)
    const listed = await fetch(`${again.url}/api/activities`, {
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(((await listed.json()) as { name: string }[]).map((row) => row.name)).toEqual([
      'In flight',
    ])
    again.signal('SIGINT')
    expect(await again.exited).toBe(0)
  }, 300_000)

  it('ends open change streams at once: they do not hold the stop', async () => {
    const server = await start(tempDir('data'), { SHUTDOWN_GRACE: '60' })
    const user = await signUpOver(server, smtp)
    const streams = await Promise.all(
      [1, 2, 3].map(async () => {
        const response = await fetch(`${server.url}/api/sync/stream`, {
          headers: { authorization: `Bearer ${user.token}` },
        })
        expect(response.status).toBe(200)
        const reader = (response.body as ReadableStream<Uint8Array>).getReader()
        // The stream is open once its first line came.
        await reader.read()
        return reader
      }),
    )
    server.signal('SIGTERM')
    const { ms, code } = await timeExit(server)
    expect(code).toBe(0)
    expect(ms).toBeLessThan(10_000)
    expect(server.messages()).not.toContainEqual(expect.stringMatching(/^grace period over/))
    // Each stream was ended by the server, not cut.
    for (const reader of streams) {
      let result = await reader.read()
      while (!result.done) result = await reader.read()
    }
  }, 300_000)

  it('exits at once on a second signal, and the next start takes the data directory over', async () => {
    const dataDir = tempDir('data')
    const server = await start(dataDir, { SHUTDOWN_GRACE: '600' })
    await openRaw(
      server,
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{',
      sockets,
    )
    await waitForRequest(server, 'POST', '/api/auth/sign-in/email')
    server.signal('SIGTERM')
    await waitForLine(server, /"msg":"stopping \(SIGTERM\)/)
    server.signal('SIGINT')
    const { ms, code } = await timeExit(server)
    expect(code).toBe(1)
    expect(ms).toBeLessThan(3_000)
    expect(server.messages()).toContainEqual(
      expect.stringMatching(/^second signal \(SIGINT\): exiting now/),
    )
    const again = await start(dataDir)
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200)
    again.signal('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 300_000)
  describe('with a parent that stops reading its output (issue 50)', () => {
    /** Requests whose log lines (the URL is logged) are more than any pipe holds: about 1 MB. */
    const FILL_REQUESTS = 120
    const fillUrl = (server: ServerProcess, n: number) =>
      `${server.url}/api/health?fill=${n}-${'x'.repeat(8000)}`

    /** Starts `npm start`'s bundle in a group of its own, signs a user up and stops reading. */
    async function startUnread(env: Record<string, string>) {
      const dataDir = tempDir('data')
      const server = await start(dataDir, env, { ownGroup: true })
      // A verification e-mail goes out over SMTP, as in the reproduction.
      const user = await signUpOver(server, smtp)
      return { dataDir, server, user }
    }

    /** Makes the server log more than the pipes hold, now that nobody reads them. */
    async function fillOutput(server: ServerProcess) {
      server.stopReading()
      for (let n = 0; n < FILL_REQUESTS; n += 1) {
        const response = await fetch(fillUrl(server, n))
        expect(response.status).toBe(200)
        await response.arrayBuffer()
      }
    }

    /** After the exit: the output that was left in the pipes, and how many fill lines it has. */
    async function readWhatIsLeft(server: ServerProcess): Promise<number> {
      const streams = [server.child.stdout, server.child.stderr].filter((stream) => stream !== null)
      for (const stream of streams) stream.resume()
      // One of them may have ended already (stderr, which had nothing to say).
      await Promise.all(streams.map((stream) => finished(stream).catch(() => undefined)))
      return server.lines.filter((line) => line.includes('"url":"/api/health?fill=')).length
    }

    it('ends a stop whose log output nobody reads, and the next start takes the data directory over', async () => {
      const { dataDir, server } = await startUnread({ SHUTDOWN_GRACE: '3' })
      await fillOutput(server)
      server.signalGroup('SIGTERM')
      const { ms, code } = await timeExit(server)
      expect(code).toBe(0)
      // The stop itself, then at most a second for log lines nobody takes.
      expect(ms).toBeLessThan(3_000 + 2_000)
      // Some of the log lines were still waiting when it exited: the pipes were full.
      expect(await readWhatIsLeft(server)).toBeLessThan(FILL_REQUESTS)

      const again = await start(dataDir)
      expect((await fetch(`${again.url}/api/health`)).status).toBe(200)
      again.signal('SIGTERM')
      expect(await again.exited).toBe(0)
    }, 300_000)

    it('exits at once on a second signal while a request holds the stop and nobody reads', async () => {
      const { dataDir, server, user } = await startUnread({ SHUTDOWN_GRACE: '600' })
      await openRaw(server, unfinishedPost(user.token, '{"na'), sockets)
      await waitForRequest(server, 'POST', '/api/activities')
      await fillOutput(server)
      server.signalGroup('SIGTERM')
      server.signalGroup('SIGINT')
      const { ms, code } = await timeExit(server)
      expect(code).toBe(1)
      expect(ms).toBeLessThan(3_000)

      const again = await start(dataDir)
      expect((await fetch(`${again.url}/api/health`)).status).toBe(200)
      again.signal('SIGTERM')
      expect(await again.exited).toBe(0)
    }, 300_000)
  })
})
