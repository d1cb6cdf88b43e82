import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackend, postgresAvailable, startSmtp } from './test/harness'
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
    backend = await createBackend('postgres')
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
