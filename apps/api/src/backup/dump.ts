import { spawn, spawnSync } from 'node:child_process'
import { chmod, rename, rm, stat, writeFile } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import { pgDump } from '@electric-sql/pglite-tools/pg_dump'
import type { Logger } from 'pino'

/**
 * pg_dump's options for every dump: no owners or grants (a restore may run as another role, or
 * into PGlite), and rows as multi-row INSERTs rather than COPY, so that a dump of either
 * database restores through either driver (`restore.ts`) without psql.
 */
const DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=500']

/** Writes `file` (0600) from a temporary name beside it, so a file there is always whole. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`
  try {
    await write(partial)
    await chmod(partial, 0o600)
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

/** A Simple Query protocol message: `Q`, its length, the text, a zero byte. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8')
  const message = Buffer.alloc(5 + body.length)
  message.write('Q', 0, 'latin1')
  message.writeInt32BE(4 + body.length, 1)
  body.copy(message, 5)
  return message
}

/**
 * A plain SQL dump of the PGlite database into `file`, by pg_dump compiled to WebAssembly
 * (`@electric-sql/pglite-tools`), which speaks to this process's PGlite directly. PGlite is one
 * session: the dump holds it (`runExclusive`) so that no request's transaction interleaves with
 * the dump's, and, pg_dump running synchronously, also holds this thread for its duration
 * (decision 132 has the cost). pgDump's own queries go through the protocol, which the lock
 * does not block; afterwards the session is given back as it was.
 */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  const dump = await client.runExclusive(async () => {
    const run = async (text: string) => (await client.execProtocol(simpleQuery(text))).messages
    const session = {
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
      query: async (text: string) => {
        const row = (await run(text)).find((message) => message.name === 'dataRow') as
          | { fields: (string | null)[] }
          | undefined
        return { rows: [{ search_path: row?.fields[0] ?? '' }] }
      },
      exec: async (text: string) => {
        await run(text)
        return []
      },
    }
    try {
      return await pgDump({ pg: session as unknown as PGlite, args: DUMP_ARGS })
    } finally {
      // pg_dump leaves its read-only transaction open (its disconnect is no end for PGlite's
      // one session) and its settings set (extra_float_digits, ...): the session goes back to
      // how every request expects it.
      await run('ROLLBACK')
      await run('RESET ALL')
    }
  })
  const text = await dump.text()
  await writeWhole(file, (partial) => writeFile(partial, text, { mode: 0o600 }))
}

/** libpq's environment for `databaseUrl`: the password stays out of the command line. */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl)
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  }
  if (url.username) env.PGUSER = decodeURIComponent(url.username)
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
  const sslmode = url.searchParams.get('sslmode')
  if (sslmode) env.PGSSLMODE = sslmode
  return env
}

/** pg_dump is not on the PATH (a PostgreSQL without its client tools on this machine). */
export class PgDumpMissingError extends Error {
  constructor() {
    super(
      "pg_dump is not on the PATH: automatic backups of PostgreSQL need the PostgreSQL client tools (of the server's major version or newer) on this machine; no backup was taken",
    )
  }
}

/** Logs one clear line at start when PostgreSQL is to be backed up and pg_dump is missing. */
export function warnWithoutPgDump(logger: Logger): void {
  const found = spawnSync('pg_dump', ['--version'], { stdio: 'ignore' })
  if (found.error) logger.error(new PgDumpMissingError().message)
}

/** A plain SQL dump of the PostgreSQL database at `databaseUrl` into `file`, by `pg_dump`. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await writeWhole(file, async (partial) => {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('pg_dump', [...DUMP_ARGS, '--file', partial], {
        env: { ...process.env, ...libpqEnvironment(databaseUrl) },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      child.stderr.setEncoding('utf8')
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk
      })
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new PgDumpMissingError() : error),
      )
      child.on('close', (code) => {
        if (code === 0) resolve()
        else reject(new Error(`pg_dump failed (${code}): ${stderr.trim()}`))
      })
    })
    // pg_dump wrote nothing (a connection that failed before the first byte): not a backup.
    if ((await stat(partial)).size === 0) throw new Error('pg_dump wrote an empty file')
  })
}
