import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { dumpPostgres } from '../backup/dump'
import { MIGRATIONS_DIR } from '../paths'
import { lockDataDir } from './data-dir-lock'
import { type PgliteThread, startPgliteThread } from './pglite-thread'
import * as schema from './schema'

export { DataDirLockedError } from './data-dir-lock'

export type Schema = typeof schema
/** The one database handle: PGlite and node-postgres share Drizzle's PostgreSQL surface. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /** True when a trivial query answers. */
  ping(): Promise<boolean>
  /** Closes the database once; later calls share the first close. */
  close(): Promise<void>
  /** Writes a plain SQL dump of the whole database into `file` (backup/dump.ts). */
  dump(file: string): Promise<void>
}

/** Writes a dump of the database being opened into `file`. */
export type Dump = (file: string) => Promise<void>

/**
 * Whether a database whose newest applied migration was created at `appliedUpTo` (drizzle's
 * `created_at`, the journal's `when`; null: none applied, an empty database) has migrations to
 * apply that change its schema.
 */
export function hasPendingMigrations(appliedUpTo: number | null): boolean {
  if (appliedUpTo === null) return false
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[]
  }
  return journal.entries.some((entry) => entry.when > appliedUpTo)
}

/** The newest applied migration's time, or null on a database without migrations. */
async function appliedUpTo(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<number | null> {
  const { rows } = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as migrated",
  )
  if (!rows[0]?.migrated) return null
  const latest = await query('select max(created_at)::text as at from drizzle.__drizzle_migrations')
  const at = latest.rows[0]?.at
  return at === null || at === undefined ? null : Number(at)
}

/** The rows of a raw `db.execute` answer, as either driver gives them. */
export const rowsOf = <T>(result: unknown): T[] =>
  (result as { rows?: T[] }).rows ?? (result as T[])

/** Opens PostgreSQL at `databaseUrl`, else PGlite under `dataDir`, and applies the migrations. */
export async function openDatabase(options: {
  dataDir: string
  databaseUrl?: string | undefined
  onIdleError?: (error: Error) => void
  /**
   * Called before migrations that change the schema of a database that has one (not a new
   * database), with a way to dump it as it is: the backup before a migration (decision 132).
   */
  beforeMigrations?: (dump: Dump) => Promise<void>
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle client whose connection the server ends (a restart, an admin's terminate) is
    // reported here; the pool drops it and opens a fresh one on the next query. Without a
    // listener the event would be thrown and take the whole process down.
    pool.on('error', (error) => options.onIdleError?.(error))
    releaseCheckoutsThatDie(pool)
    const db = drizzleNodePg({ client: pool, schema })
    const databaseUrl = options.databaseUrl
    const dump = (file: string) => dumpPostgres(databaseUrl, file)
    const { beforeMigrations } = options
    try {
      await migrateUnderLock(pool, beforeMigrations && (() => beforeMigrations(dump)))
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      ping: () => ping(db as unknown as Database),
      close: once(() => pool.end()),
      dump,
    }
  }

  mkdirSync(options.dataDir, { recursive: true })
  const releaseLock = await lockDataDir(options.dataDir)
  let thread: PgliteThread | undefined
  try {
    // PGlite runs on its own thread: its WebAssembly and the reading of its results are then no
    // longer work of the thread that answers requests (decision 167).
    thread = await startPgliteThread(join(options.dataDir, 'pglite'))
    const opened = thread
    const db = drizzlePglite({ client: opened as unknown as PGlite, schema })
    const dump = (file: string) => opened.dump(file)
    const query = (text: string) => opened.query<Record<string, unknown>>(text)
    if (options.beforeMigrations && hasPendingMigrations(await appliedUpTo(query))) {
      await options.beforeMigrations(dump)
    }
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      ping: () => ping(db as unknown as Database),
      dump,
      close: once(async () => {
        await opened.close()
        await releaseLock()
      }),
    }
  } catch (error) {
    await thread?.close().catch(() => undefined)
    await releaseLock()
    throw error
  }
}

/**
 * Makes a client checked out with `pool.connect()` (every transaction) give itself back, with
 * its error, when its connection dies. Drizzle (0.45) sends a transaction's BEGIN before its
 * try/finally: a connection that dies under BEGIN was never released, so the pool lost a slot
 * for good and `pool.end()` (stop) waited forever, and the client's error event, which nothing
 * listens to while it is checked out, was thrown and could end the process. A later release
 * (drizzle's, after a failed ROLLBACK) is then a no-op. `pool.query` checks out through the
 * callback form and handles its errors itself.
 */
function releaseCheckoutsThatDie(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool)
  const guarded = async (): Promise<pg.PoolClient> => {
    const client = await connect()
    const release = client.release
    let released = false
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return
      released = true
      client.removeListener('error', releaseOnce)
      release(error)
    }
    client.on('error', releaseOnce)
    client.release = releaseOnce
    return client
  }
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) =>
    callback ? connect(callback) : guarded()) as pg.Pool['connect']
}

/** The advisory lock key that serialises migrations across servers (any fixed 64-bit number). */
const MIGRATION_LOCK_KEY = 7_146_032_519_406_339n

/**
 * Applies the migrations while holding a PostgreSQL advisory lock: several servers started
 * together on one database (nodes behind a load balancer) take turns, so the first migrates and
 * the others find the work done instead of failing on CREATE TABLE. The lock is the session's
 * and ends with its connection should the process die.
 */
async function migrateUnderLock(
  pool: pg.Pool,
  beforeMigrations?: () => Promise<void>,
): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()])
    try {
      // Under the lock: of nodes started together, the one that migrates takes the backup.
      if (
        beforeMigrations &&
        hasPendingMigrations(await appliedUpTo((text) => client.query(text)))
      ) {
        await beforeMigrations()
      }
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()])
    }
    client.release()
  } catch (error) {
    // A connection in an unknown state (the lock perhaps still held) is not given back.
    client.release(error as Error)
    throw error
  }
}

/** `action` run on the first call only; every call answers the first call's promise. */
function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => {
    running ??= action()
    return running
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])
const UNREACHABLE_SQLSTATE = /^(08|57P0[1-3])/
/**
 * node-postgres's own words for a connection that died under a query, or for a query (drizzle's
 * ROLLBACK of a write whose connection died) sent to a client that already lost it.
 */
const UNREACHABLE_MESSAGE =
  /^Connection terminated|^Client (has encountered a connection error|was closed) and is not queryable$/

/**
 * Whether `error` (or one of its causes: Drizzle wraps the driver's) says the database cannot be
 * reached: refused, reset, or closed by a restart, also when the restart came inside a transaction
 * and it is the ROLLBACK that failed. Query errors (bad SQL, constraints) are not.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (
      typeof code === 'string' &&
      (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code))
    )
      return true
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

/** A transaction of `Database`: what a write's checks and rules read and write through. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
