import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/*
 * Fresh databases for the API tests and the bench alike: a temporary PGlite DATA_DIR, or a
 * uniquely named database on a real PostgreSQL server, dropped again afterwards.
 *
 * The API suites start from migrated copies (test/global-setup.ts names the templates in the
 * environment): a PGlite initdb and every migration take seconds, tens of seconds on a loaded
 * 2-core machine, and a suite starts dozens of databases. `fresh` starts from nothing, for the
 * tests of a first start and of migrations themselves; the bench always does.
 */

/** Where test/global-setup.ts keeps the migrated templates. */
export const TEMPLATE_ENV = {
  pglite: 'KINDLING_TEST_PGLITE_TEMPLATE',
  postgres: 'KINDLING_TEST_POSTGRES_TEMPLATE',
} as const

export type BackendKind = 'pglite' | 'postgres'

/** The PostgreSQL server the tests use (this machine's, unless TEST_DATABASE_URL says). */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface Backend {
  kind: BackendKind
  /** The server's DATA_DIR (PGlite's files, or only the server's own with PostgreSQL). */
  dataDir: string
  databaseUrl: string | undefined
  drop(): Promise<void>
}

/** A fresh database of `kind`; `prefix` names its directory and database. */
export async function createBackend(
  kind: BackendKind,
  options: { prefix?: string; postgresUrl?: string; fresh?: boolean } = {},
): Promise<Backend> {
  const prefix = options.prefix ?? 'kindling-test'
  const serverUrl = options.postgresUrl ?? TEST_POSTGRES_URL
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-${kind}-`))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  const template = options.fresh ? undefined : process.env[TEMPLATE_ENV[kind]]
  if (kind === 'pglite') {
    if (template) cpSync(template, join(dataDir, 'pglite'), { recursive: true })
    return { kind, dataDir, databaseUrl: undefined, drop: async () => removeDir() }
  }
  const name = `${prefix.replaceAll('-', '_')}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  await withClient(serverUrl, (client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  )
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      )
      removeDir()
    },
  }
}

/**
 * A new PGlite DATA_DIR for a server process of a test: a copy of the migrated template when
 * there is one, as `createBackend` makes.
 */
export function pgliteDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const template = process.env[TEMPLATE_ENV.pglite]
  if (template) cpSync(template, join(dataDir, 'pglite'), { recursive: true })
  return dataDir
}

/** Whether the PostgreSQL server answers; the suites' PostgreSQL half is skipped otherwise. */
export async function postgresAvailable(serverUrl = TEST_POSTGRES_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1500 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Ends every connection to the database of `databaseUrl`; answers how many it ended. */
export async function terminateConnections(
  databaseUrl: string,
  serverUrl = TEST_POSTGRES_URL,
): Promise<number> {
  const result = await withClient(serverUrl, (client) =>
    client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [new URL(databaseUrl).pathname.slice(1)],
    ),
  )
  return result.rowCount ?? 0
}

async function withClient<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}
