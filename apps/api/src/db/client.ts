import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../paths'
import * as schema from './schema'

export type Schema = typeof schema
/** The one database handle: PGlite and node-postgres share Drizzle's PostgreSQL surface. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  driver: 'pglite' | 'postgres'
  /** True when a trivial query answers. */
  ping(): Promise<boolean>
  close(): Promise<void>
}

export class DataDirLockedError extends Error {}

/** Opens PostgreSQL at `databaseUrl`, else PGlite under `dataDir`, and applies the migrations. */
export async function openDatabase(options: {
  dataDir: string
  databaseUrl?: string | undefined
  onIdleError?: (error: Error) => void
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle client whose connection the server ends (a restart, an admin's terminate) is
    // reported here; the pool drops it and opens a fresh one on the next query. Without a
    // listener the event would be thrown and take the whole process down.
    pool.on('error', (error) => options.onIdleError?.(error))
    const db = drizzleNodePg({ client: pool, schema })
    try {
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR })
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      ping: () => ping(db as unknown as Database),
      close: () => pool.end(),
    }
  }

  const releaseLock = lockDataDir(options.dataDir)
  let client: PGlite | undefined
  try {
    client = await PGlite.create(join(options.dataDir, 'pglite'))
    const db = drizzlePglite({ client, schema })
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR })
    const opened = client
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      ping: () => ping(db as unknown as Database),
      close: async () => {
        await opened.close()
        releaseLock()
      },
    }
  } catch (error) {
    await client?.close().catch(() => undefined)
    releaseLock()
    throw error
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])
const UNREACHABLE_SQLSTATE = /^(08|57P0[1-3])/

/**
 * Whether `error` (or one of its causes: Drizzle wraps the driver's) says the database cannot be
 * reached: refused, reset, or closed by a restart. Query errors (bad SQL, constraints) are not.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (
      typeof code === 'string' &&
      (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code))
    )
      return true
    if (typeof message === 'string' && /^Connection terminated/.test(message)) return true
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

/**
 * PGlite is one process per directory: two processes on it corrupt it. A lock file holding the
 * owner's pid refuses a second start; a stale lock (its process gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'kindling.lock')
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by another Kindling process (pid ${pid}); stop it or use another DATA_DIR`,
        )
      }
      if (pid === process.pid) {
        throw new DataDirLockedError(`DATA_DIR ${dataDir} is already open in this process`)
      }
      rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir}: could not take the lock file ${file}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
