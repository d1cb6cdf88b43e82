import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { KindlingBackup } from '@kindling/core'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app'
import { MIGRATIONS_DIR } from '../paths'
import type { Backend } from '../test/databases'
import { buildFullAccount } from '../test/full-account'
import {
  cookieHeader,
  createBackend,
  idToken,
  nextIp,
  ORIGIN,
  PASSWORD,
  signUp,
  startApp,
  startSmtp,
  testBackends,
} from '../test/harness'
import { RestoreRefusedError, restoreDump } from './restore'

const DAY_MS = 86_400_000

/** A clock the test moves by hand. */
function handClock() {
  let now = Date.now()
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) }
}

const backupFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()

describe.each(await testBackends())('automatic backups on $kind', ({ kind, skip }) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  const backends: Backend[] = []
  const apps: App[] = []
  const dirs: string[] = []

  const backend = async () => {
    const created = await createBackend(kind, { prefix: 'kindling-backup', fresh: true })
    backends.push(created)
    return created
  }
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindling-backups-'))
    dirs.push(dir)
    return dir
  }
  const start = async (
    on: Backend,
    env: Record<string, string>,
    clock?: () => Date,
  ): Promise<App> => {
    const app = await startApp(on, smtp.url, env, clock ? { clock } : {})
    apps.push(app)
    return app
  }
  const exportOf = async (app: App, token: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/export?format=json',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(200)
    const { exportedAt: _at, ...content } = response.json() as KindlingBackup
    return content
  }
  const signIn = async (app: App, email: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextIp(),
      payload: { email, password: PASSWORD },
    })
    expect(response.statusCode, response.body).toBe(200)
    return idToken(app, cookieHeader(response.headers['set-cookie']))
  }

  beforeAll(async () => {
    if (skip) return
    smtp = await startSmtp()
  })
  afterAll(async () => {
    if (skip) return
    for (const app of apps) await app.close()
    await smtp.close()
    for (const created of backends) await created.drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it.skipIf(skip)(
    'backs up once an interval is over, keeps the newest BACKUP_KEEP, and a restore gives the same sign-in and data',
    async () => {
      const { clock, advance } = handClock()
      const dir = tempDir()
      const original = await backend()
      const app = await start(
        original,
        { BACKUP_INTERVAL: '86400', BACKUP_DIR: dir, BACKUP_KEEP: '2' },
        clock,
      )
      const email = `kept-${kind}@example.com`
      const user = await signUp(app, smtp, email)
      await buildFullAccount(app, user)

      // A day after the first account, not before.
      expect(await app.backups.tick()).toBeNull()
      advance(DAY_MS - 60_000)
      expect(await app.backups.tick()).toBeNull()
      const written: string[] = []
      for (let n = 0; n < 3; n += 1) {
        advance(DAY_MS)
        const backup = await app.backups.tick()
        expect(backup).toMatchObject({ reason: 'scheduled' })
        written.push(backup?.file as string)
        // Once it is taken, the next is a day away.
        expect(await app.backups.tick()).toBeNull()
      }
      expect(backupFiles(dir).map((name) => join(dir, name))).toEqual(written.slice(1))
      for (const file of written.slice(1)) expect(statSync(file).mode & 0o777).toBe(0o600)
      const facts = await app.backups.facts()
      expect(facts).toMatchObject({
        enabled: true,
        directory: dir,
        intervalSeconds: 86_400,
        keep: 2,
        last: { file: written[2], reason: 'scheduled', bytes: statSync(written[2] as string).size },
        lastFailure: null,
      })
      const before = await exportOf(app, user.token)
      await app.close()

      // Into an empty database of the same kind: the same account signs in and finds the same data.
      const restored = await backend()
      expect(
        await restoreDump({
          file: written[2] as string,
          dataDir: restored.dataDir,
          databaseUrl: restored.databaseUrl,
        }),
      ).toMatch(/^Restored /)
      const again = await start(restored, {})
      expect(await exportOf(again, await signIn(again, email))).toEqual(before)
      // A database that is not empty is refused, and stays as it is.
      await expect(
        restoreDump({
          file: written[1] as string,
          dataDir: restored.dataDir,
          databaseUrl: restored.databaseUrl,
        }),
      ).rejects.toThrow(RestoreRefusedError)
      expect(await exportOf(again, await signIn(again, email))).toEqual(before)
    },
    300_000,
  )

  it.skipIf(skip)(
    'backs up by itself on its schedule, and a failed backup is logged and retried',
    async () => {
      const dir = tempDir()
      const on = await backend()
      const app = await start(on, { BACKUP_INTERVAL: '1', BACKUP_DIR: dir, BACKUP_KEEP: '5' })
      await signUp(app, smtp, `scheduled-${kind}@example.com`)
      await app.ready()
      // Each second after the first account: wait for two backups.
      while (backupFiles(dir).length < 2) await new Promise((resolve) => setTimeout(resolve, 50))
      expect((await app.backups.facts()).enabled).toBe(true)

      // BACKUP_DIR becomes a file: the next backups fail, the server keeps answering, and once
      // the directory is back they succeed again.
      rmSync(dir, { recursive: true, force: true })
      writeFileSync(dir, 'not a directory')
      let facts = await app.backups.facts()
      while (facts.enabled && !facts.lastFailure) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        facts = await app.backups.facts()
      }
      expect(facts).toMatchObject({
        lastFailure: { error: expect.stringMatching(/EEXIST|ENOTDIR/) },
      })
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
      rmSync(dir, { force: true })
      while (!facts.enabled || facts.lastFailure) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        facts = await app.backups.facts()
      }
      expect(backupFiles(dir).length).toBeGreaterThanOrEqual(1)
      await app.close()
    },
    300_000,
  )

  it.skipIf(skip)(
    'backs up before migrations that change the schema, and only then',
    async () => {
      const on = await backend()
      // The database as the previous release left it: every migration but the newest.
      const older = tempDir()
      cpSync(MIGRATIONS_DIR, older, { recursive: true })
      const journalFile = join(older, 'meta', '_journal.json')
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
        entries: { tag: string }[]
      }
      const newest = journal.entries.pop() as { tag: string }
      writeFileSync(journalFile, JSON.stringify(journal))
      if (on.databaseUrl) {
        const client = new pg.Client({ connectionString: on.databaseUrl })
        await client.connect()
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: older })
        await client.end()
      } else {
        const client = await PGlite.create(join(on.dataDir, 'pglite'))
        await migratePglite(drizzlePglite({ client }), { migrationsFolder: older })
        await client.close()
      }

      const dir = tempDir()
      const app = await start(on, { BACKUP_INTERVAL: '86400', BACKUP_DIR: dir })
      const files = backupFiles(dir)
      expect(files).toEqual([expect.stringMatching(/-migration\.sql$/)])
      expect(await app.backups.facts()).toMatchObject({
        last: { file: join(dir, files[0] as string), reason: 'migration' },
      })
      // The dump is of the schema before the newest migration.
      const dump = readFileSync(join(dir, files[0] as string), 'utf8')
      expect(dump).toContain('CREATE TABLE public.activities')
      const newTable = /CREATE TABLE "(\w+)"/.exec(
        readFileSync(join(MIGRATIONS_DIR, `${newest.tag}.sql`), 'utf8'),
      )?.[1]
      if (newTable) expect(dump).not.toContain(`CREATE TABLE public.${newTable} `)
      await app.close()

      // Nothing to migrate at the next start: no backup.
      const again = await start(on, { BACKUP_INTERVAL: '86400', BACKUP_DIR: dir })
      expect(backupFiles(dir)).toEqual(files)
      await again.close()
    },
    300_000,
  )

  it.skipIf(skip || kind !== 'postgres')(
    'takes each backup on one node when two share the database',
    async () => {
      const { clock, advance } = handClock()
      const shared = await backend()
      const [dirA, dirB] = [tempDir(), tempDir()]
      const a = await start(shared, { BACKUP_INTERVAL: '86400', BACKUP_DIR: dirA }, clock)
      const b = await start(shared, { BACKUP_INTERVAL: '86400', BACKUP_DIR: dirB }, clock)
      await signUp(a, smtp, `shared-${kind}@example.com`)
      // Past the moment the account was made (the hand clock started before it).
      advance(10 * 60_000)
      for (let n = 0; n < 3; n += 1) {
        advance(DAY_MS)
        // Both nodes look at once, one of them twice (its second look shares its first).
        const taken = await Promise.all([a.backups.tick(), b.backups.tick(), a.backups.tick()])
        expect(new Set(taken.flatMap((backup) => (backup ? [backup.file] : []))).size).toBe(1)
      }
      expect(backupFiles(dirA).length + backupFiles(dirB).length).toBe(3)
      const [factsA, factsB] = await Promise.all([a.backups.facts(), b.backups.facts()])
      expect(factsA.enabled && factsA.last).toEqual(factsB.enabled && factsB.last)
    },
    300_000,
  )
})
