/**
 * CPU time on the calling thread per drizzle read of 40 rows, PGlite on this thread (as drizzle
 * passes parsers, and with them set once) or on its own thread (decision 167). Thread CPU from
 * /proc (Linux), so the figure does not depend on the machine's load as a rate does.
 * `npx tsx bench/pglite-thread-cpu.ts`
 */
import { readFileSync } from 'node:fs'
import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { setDrizzleParsers, startPgliteThread } from '@kindling/api/testing'
import { eq } from 'drizzle-orm'
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'

const acts = pgTable('acts', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  kind: text('kind').notNull(),
  target: integer('target'),
  archived: boolean('archived').notNull(),
  schedule: jsonb('schedule').notNull(),
  position: integer('position').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
})

const SETUP = `create table acts (id text primary key, user_id text not null, name text not null,
  color text not null, kind text not null, target integer, archived boolean not null,
  schedule jsonb not null, position integer not null, created_at timestamptz not null,
  updated_at timestamptz not null, deleted_at timestamptz);
  insert into acts select 'a' || i, 'u1', 'Activity ' || i, '#aabbcc', 'yes-no', i, false,
  '{"kind":"daily","days":[1,2,3]}', i, now(), now(), null from generate_series(1, 40) i;`

/** utime + stime of this process's main thread, in ms (clock ticks of 10 ms). */
function mainThreadCpuMs(): number {
  const fields =
    readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}
const processCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

async function measure(label: string, client: unknown, reads: number): Promise<void> {
  const db = drizzle({ client: client as PGlite })
  const read = () => db.select().from(acts).where(eq(acts.userId, 'u1'))
  for (let i = 0; i < 200; i += 1) await read() // warm up
  const main = mainThreadCpuMs()
  const all = processCpuMs()
  const started = performance.now()
  // 10 at a time, as concurrent requests would send them.
  for (let done = 0; done < reads; done += 10) await Promise.all(Array.from({ length: 10 }, read))
  const wall = performance.now() - started
  const rows = (await read()).length
  console.log(
    `${label}: ${((mainThreadCpuMs() - main) / reads).toFixed(3)} ms main-thread CPU per read, ${((processCpuMs() - all) / reads).toFixed(3)} ms process CPU, ${(wall / reads).toFixed(3)} ms wall (${rows} rows, ${reads} reads)`,
  )
}

/** Drizzle's client less the parsers it passes with each statement. */
const withoutParsers = (pg: PGlite) => {
  const query =
    (q: Pick<PGlite, 'query'>) => (sql: string, params?: unknown[], options?: QueryOptions) =>
      q.query(sql, params, { rowMode: options?.rowMode })
  return {
    query: query(pg),
    transaction: (fn: (tx: unknown) => Promise<unknown>) =>
      pg.transaction((tx) => fn({ query: query(tx) })),
  }
}

const reads = Number(process.argv[2] ?? 2000)
console.log(`load ${readFileSync('/proc/loadavg', 'utf8').trim()}`)
for (let round = 0; round < 2; round += 1) {
  const plain = await PGlite.create()
  await plain.exec(SETUP)
  await measure('on this thread, parsers per statement (before)', plain, reads)
  const once = await PGlite.create()
  setDrizzleParsers(once)
  await once.exec(SETUP)
  await measure('on this thread, parsers set once', withoutParsers(once), reads)
  const thread = await startPgliteThread('memory://')
  await thread.exec(SETUP)
  await measure('on its own thread', thread, reads)
  await Promise.all([plain.close(), once.close(), thread.close()])
}
console.log(`load ${readFileSync('/proc/loadavg', 'utf8').trim()}`)
