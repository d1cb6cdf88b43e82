import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { desc, isNotNull, isNull, min, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Config } from '../config'
import type { DatabaseHandle, Dump } from '../db/client'
import { backupRuns, user } from '../db/schema'

type BackupConfig = Config['backup']
type Reason = 'scheduled' | 'migration'

/** The advisory lock under which a node claims a scheduled backup (any fixed 64-bit number). */
const BACKUP_LOCK_KEY = 4_811_092_770_153_316n
/** The longest a node waits between two looks at whether a backup is due. */
const MAX_CHECK_MS = 60_000

/** One backup written by this node. */
export interface WrittenBackup {
  reason: Reason
  file: string
  bytes: number
  startedAt: Date
  finishedAt: Date
}

/** What the account page of an administrator shows about the automatic backups. */
export type BackupFacts =
  | { enabled: false }
  | {
      enabled: true
      /** Where this node writes its backups. */
      directory: string
      intervalSeconds: number
      keep: number
      /** The newest backup any node wrote (its file is on that node's disk). */
      last: {
        at: string
        file: string
        bytes: number
        reason: Reason
        node: string
      } | null
      /** The newest failed backup, when it is newer than the last good one. */
      lastFailure: { at: string; error: string; node: string } | null
    }

/** This node's name in `backup_runs`. */
const NODE = `${hostname()}:${process.pid}`

/** `kindling-<database>-<UTC time>-<reason>.sql`: names sort by time. */
function backupFileName(driver: string, at: Date, reason: Reason): string {
  return `kindling-${driver}-${at.toISOString().replace(/[:.]/g, '-')}-${reason}.sql`
}

const BACKUP_FILE = /^kindling-.+\.sql$/

/** Deletes this node's backups in `dir` but the newest `keep`. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(join(dir, name), { force: true })
  return old
}

/** Dumps the database into a new file of `config.dir` and keeps the newest `config.keep`. */
async function writeBackup(
  dump: Dump,
  driver: string,
  config: BackupConfig,
  reason: Reason,
  clock: () => Date,
): Promise<WrittenBackup> {
  const startedAt = clock()
  await mkdir(config.dir, { recursive: true, mode: 0o700 })
  const file = join(config.dir, backupFileName(driver, startedAt, reason))
  await dump(file)
  const { size } = await stat(file)
  await pruneBackups(config.dir, config.keep)
  return { reason, file, bytes: size, startedAt, finishedAt: clock() }
}

/**
 * The backup before migrations change a database's schema (`openDatabase`'s
 * `beforeMigrations`). A failure is logged and the migrations go on: a server that cannot
 * back up (no pg_dump) must still start; the log says so.
 */
export async function backupBeforeMigrations(
  dump: Dump,
  driver: string,
  config: BackupConfig,
  logger: Logger,
  clock: () => Date,
): Promise<WrittenBackup | undefined> {
  try {
    const written = await writeBackup(dump, driver, config, 'migration', clock)
    logger.info(
      { file: written.file, bytes: written.bytes },
      `backup before migrating the database: ${written.file}`,
    )
    return written
  } catch (error) {
    logger.error(
      { err: error },
      `the backup before migrating the database failed; migrating without one: ${(error as Error).message}`,
    )
    return undefined
  }
}

export interface BackupService {
  /** Looks at once, then whenever a backup may be due. */
  start(): void
  /** Stops looking and waits for a backup being written. */
  stop(): Promise<void>
  /**
   * Takes a scheduled backup when one is due and no other node claimed it: answers what this
   * node wrote, or null. Never throws: a failure is logged and recorded, and retried once the
   * next interval is over.
   */
  tick(): Promise<WrittenBackup | null>
  /** Records a backup taken before the migrations (the table did not exist before them). */
  record(written: WrittenBackup): Promise<void>
  facts(): Promise<BackupFacts>
}

/**
 * Automatic backups of the whole instance (decision 132): every `intervalSeconds` after the
 * last backup of any node (or after the first account was made), one node claims the backup
 * in `backup_runs` under an advisory lock and dumps the database into its `BACKUP_DIR`.
 */
export function createBackupService(options: {
  database: DatabaseHandle
  config: BackupConfig
  logger: Logger
  clock: () => Date
}): BackupService {
  const { database, config, logger, clock } = options
  const { db } = database
  const intervalMs = config.intervalSeconds * 1000
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<WrittenBackup | null> | undefined

  /** When the next scheduled backup is due (null: no account yet, nothing to keep). */
  async function dueAt(reader: Pick<DatabaseHandle['db'], 'select'>): Promise<Date | null> {
    const [last] = await reader
      .select({ at: backupRuns.startedAt })
      .from(backupRuns)
      .orderBy(desc(backupRuns.startedAt))
      .limit(1)
    if (last) return new Date(last.at.getTime() + intervalMs)
    const [first] = await reader.select({ at: min(user.createdAt) }).from(user)
    return first?.at ? new Date(new Date(first.at).getTime() + intervalMs) : null
  }

  /** Claims the due backup for this node: answers the run's id, or null. */
  async function claim(): Promise<string | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${BACKUP_LOCK_KEY.toString()}::bigint)`)
      const now = clock()
      const due = await dueAt(tx)
      if (!due || due > now) return null
      const id = randomUUID()
      await tx.insert(backupRuns).values({ id, reason: 'scheduled', node: NODE, startedAt: now })
      return id
    })
  }

  async function takeIfDue(): Promise<WrittenBackup | null> {
    let id: string | null
    try {
      id = await claim()
    } catch (error) {
      logger.error({ err: error }, 'looking for a due backup failed')
      return null
    }
    if (!id) return null
    try {
      const written = await writeBackup(database.dump, database.driver, config, 'scheduled', clock)
      await db
        .update(backupRuns)
        .set({ finishedAt: written.finishedAt, file: written.file, bytes: written.bytes })
        .where(sql`${backupRuns.id} = ${id}`)
      logger.info(
        {
          file: written.file,
          bytes: written.bytes,
          ms: written.finishedAt.getTime() - written.startedAt.getTime(),
        },
        `backup written: ${written.file}`,
      )
      return written
    } catch (error) {
      const message = (error as Error).message
      logger.error(
        { err: error },
        `the backup failed; the next is tried in ${config.intervalSeconds} s: ${message}`,
      )
      await db
        .update(backupRuns)
        .set({ finishedAt: clock(), error: message.slice(0, 2000) })
        .where(sql`${backupRuns.id} = ${id}`)
        .catch(() => undefined)
      return null
    }
  }

  function tick(): Promise<WrittenBackup | null> {
    if (intervalMs === 0) return Promise.resolve(null)
    running ??= takeIfDue().finally(() => {
      running = undefined
    })
    return running
  }

  async function scheduleNext(): Promise<void> {
    if (stopped) return
    // A short interval (tests) is looked at as often as it lasts.
    const longest = Math.min(MAX_CHECK_MS, intervalMs)
    let wait = longest
    try {
      const due = await dueAt(db)
      if (due) wait = Math.min(longest, Math.max(0, due.getTime() - clock().getTime()))
    } catch {
      // The database does not answer now: look again later.
    }
    if (stopped) return
    timer = setTimeout(() => {
      void tick().finally(() => scheduleNext())
    }, wait)
    timer.unref()
  }

  return {
    start() {
      if (intervalMs === 0) return
      void tick().finally(() => scheduleNext())
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
    tick,
    async record(written) {
      await db.insert(backupRuns).values({
        id: randomUUID(),
        reason: written.reason,
        node: NODE,
        startedAt: written.startedAt,
        finishedAt: written.finishedAt,
        file: written.file,
        bytes: written.bytes,
      })
    },
    async facts() {
      if (intervalMs === 0) return { enabled: false }
      const [last] = await db
        .select()
        .from(backupRuns)
        .where(sql`${isNotNull(backupRuns.file)} and ${isNull(backupRuns.error)}`)
        .orderBy(desc(backupRuns.startedAt))
        .limit(1)
      const [failure] = await db
        .select()
        .from(backupRuns)
        .where(isNotNull(backupRuns.error))
        .orderBy(desc(backupRuns.startedAt))
        .limit(1)
      return {
        enabled: true,
        directory: config.dir,
        intervalSeconds: config.intervalSeconds,
        keep: config.keep,
        last:
          last?.file && last.bytes !== null
            ? {
                at: (last.finishedAt ?? last.startedAt).toISOString(),
                file: last.file,
                bytes: last.bytes,
                reason: last.reason,
                node: last.node,
              }
            : null,
        lastFailure:
          failure?.error && (!last || failure.startedAt > last.startedAt)
            ? { at: failure.startedAt.toISOString(), error: failure.error, node: failure.node }
            : null,
      }
    },
  }
}
