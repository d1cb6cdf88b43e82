import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { lockDataDir } from '../db/data-dir-lock'

/** The database to restore into is not empty: nothing was written. */
export class RestoreRefusedError extends Error {}

/**
 * The dump's statements as one script: psql's meta-commands (`\restrict`, which newer pg_dump
 * versions write) are left out; neither driver runs them.
 */
function scriptOf(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
}

/**
 * Restores a dump (an automatic backup, `backup/dump.ts`) into an empty database: PostgreSQL at
 * `databaseUrl` when set, else a new PGlite database in `dataDir`. Refuses a database that has
 * tables, or a data directory that holds one, with a RestoreRefusedError that says so.
 */
export async function restoreDump(options: {
  file: string
  dataDir: string
  databaseUrl?: string | undefined
}): Promise<string> {
  const { file, dataDir, databaseUrl } = options
  if (!existsSync(file)) throw new RestoreRefusedError(`No such file: ${file}`)
  const script = scriptOf(file)
  if (!/PostgreSQL database dump/.test(script.slice(0, 1000))) {
    throw new RestoreRefusedError(`${file} is not a plain SQL dump written by pg_dump.`)
  }
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ count: string }>(
        `select count(*)::text as count from information_schema.tables
         where table_schema not in ('pg_catalog', 'information_schema')`,
      )
      if (Number(rows[0]?.count) > 0) {
        throw new RestoreRefusedError(
          `The database of DATABASE_URL already has ${rows[0]?.count} table(s): restore only into an empty database (create a new one and point DATABASE_URL at it). Nothing was restored.`,
        )
      }
      await client.query(`begin; ${script}; commit;`)
    } finally {
      await client.end()
    }
    return `Restored ${file} into the PostgreSQL database of DATABASE_URL.`
  }

  const target = join(dataDir, 'pglite')
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new RestoreRefusedError(
      `${dataDir} already holds a database (${target}): restore only into an empty data directory (set DATA_DIR to a new one, or move this one away). Nothing was restored.`,
    )
  }
  // No server may run on it meanwhile (it would create a database there).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const release = await lockDataDir(dataDir)
  try {
    const client = await PGlite.create(target)
    try {
      await client.exec(`begin; ${script}; commit;`)
    } finally {
      await client.close()
    }
  } catch (error) {
    // A half-restored database would be taken for a restored one: none is left.
    rmSync(target, { recursive: true, force: true })
    throw error
  } finally {
    await release()
  }
  return `Restored ${file} into ${target}.`
}
