import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  createBackend,
  idToken,
  postgresAvailable,
  signUp,
  startApp,
  startSmtp,
} from './test/harness'
import { type ServerProcess, startServerProcess } from './test/server-process'

const hasPostgres = await postgresAvailable()

describe.skipIf(!hasPostgres)('several servers on one PostgreSQL database', () => {
  const servers: ServerProcess[] = []
  const dirs: string[] = []
  let backend: Awaited<ReturnType<typeof createBackend>> | undefined

  afterAll(async () => {
    for (const server of servers) server.signal('SIGKILL')
    await Promise.all(servers.map((server) => server.exited))
    await backend?.drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('all come up when started together on a fresh database, each migration applied once', async () => {
    backend = await createBackend('postgres', { fresh: true })
    const smtp = await startSmtp()
    const databaseUrl = backend.databaseUrl as string
    const started = await Promise.allSettled(
      [1, 2, 3].map(() => {
        const dataDir = mkdtempSync(join(tmpdir(), 'kindling-node-'))
        dirs.push(dataDir)
        return startServerProcess({
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          SMTP_URL: smtp.url,
          AUTH_SECRET: 'one secret shared by every node of the cluster',
        })
      }),
    )
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value)
    expect(
      started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up')),
    ).toEqual(['up', 'up', 'up'])
    for (const server of servers) {
      const health = await fetch(`${server.url}/api/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' })
    }
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const applied = await client.query(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      )
      expect(applied.rows.length).toBeGreaterThan(0)
      expect(applied.rows.every((row: { n: number }) => row.n === 1)).toBe(true)
    } finally {
      await client.end()
      await smtp.close()
    }
  }, 300_000)
})

describe.skipIf(!hasPostgres)(
  'several servers on one PostgreSQL database, no secrets configured',
  () => {
    const apps: App[] = []
    const dirs: string[] = []
    let backend: Awaited<ReturnType<typeof createBackend>> | undefined
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined

    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()))
      await smtp?.close()
      await backend?.drop()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    })

    it('agree on the generated auth secret and push keys: a session made on one node works on all', async () => {
      backend = await createBackend('postgres')
      smtp = await startSmtp()
      const { databaseUrl } = backend
      // Each node its own DATA_DIR and no AUTH_SECRET or VAPID keys, started together; two of
      // them share a DATA_DIR, as nodes started from one checkout do (./data).
      const shared = mkdtempSync(join(tmpdir(), 'kindling-node-'))
      const own = mkdtempSync(join(tmpdir(), 'kindling-node-'))
      dirs.push(shared, own)
      const smtpUrl = smtp.url
      apps.push(
        ...(await Promise.all(
          [shared, shared, own].map((dataDir) => startApp({ dataDir, databaseUrl }, smtpUrl)),
        )),
      )
      const [first, second, third] = apps as [App, App, App]

      const user = await signUp(first, smtp, 'nodes@example.com')
      for (const node of [second, third]) {
        // The session cookie signed by the first node, and an id token from this one.
        const session = await node.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { cookie: user.cookie },
        })
        expect(session.json()?.user?.email).toBe('nodes@example.com')
        const token = await idToken(node, user.cookie)
        const activities = await node.inject({
          method: 'GET',
          url: '/api/activities',
          headers: { authorization: `Bearer ${token}` },
        })
        expect(activities.statusCode).toBe(200)
      }
      const keys = await Promise.all(
        apps.map(async (app) => (await app.inject('/api/push/public-key')).json()),
      )
      expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(1)
    }, 120_000)
  },
)
