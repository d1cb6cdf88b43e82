/**
 * Kindling benchmarks (issue 8). `npm run bench` runs every section and prints one table;
 * `npm run bench -- api growth` runs some. Sections: core, api, growth, import, durability, fuzz,
 * reminders, streams, web.
 * Backends: `pglite` or `postgres` among the words limits the database sections to one (default
 * both), e.g. `npm run bench -- api postgres`.
 * A full run writes the figures into bench/RESULTS.md between its markers.
 */
import { spawnSync } from 'node:child_process'
import { Context } from './lib/context'
import { benchEnv } from './lib/env'
import { markdown, record, table, writeResults } from './lib/report'
import type { BackendKind } from './lib/server'
import { REPO } from './lib/server'
import { log, machine } from './lib/util'
import { runApi } from './sections/api'
import { runDurability } from './sections/durability'
import { runFuzz } from './sections/fuzz'
import { runCore, runGrowth } from './sections/growth'
import { runImport } from './sections/import'
import { runReminders } from './sections/reminders'
import { runStats } from './sections/stats'
import { runStreams } from './sections/streams'
import { runWeb } from './sections/web'

const ALL = [
  'core',
  'api',
  'growth',
  'import',
  'durability',
  'fuzz',
  'reminders',
  'streams',
  'web',
] as const
type Section = (typeof ALL)[number]

const args = process.argv.slice(2).map((a) => a.replace(/^--/, ''))
const BACKENDS = ['pglite', 'postgres']
const picked = args.filter((a) => !BACKENDS.includes(a)) as Section[]
const unknown = picked.filter((s) => !ALL.includes(s))
if (unknown.length) {
  process.stderr.write(`unknown section(s) ${unknown.join(', ')}; choose from ${ALL.join(', ')}\n`)
  process.exit(2)
}
const sections: Section[] = picked.length ? ALL.filter((s) => picked.includes(s)) : [...ALL]
const chosen = args.filter((a) => BACKENDS.includes(a)) as BackendKind[]
const backends: BackendKind[] = chosen.length ? chosen : ['pglite', 'postgres']
const fuzzBackends: BackendKind[] = (benchEnv.fuzzBackends as BackendKind[] | undefined) ?? backends
const LIMIT_MS = benchEnv.limitSeconds * 1000

const started = new Date()
const loadBefore = machine().load
log(`sections: ${sections.join(', ')}; backends: ${backends.join(', ')}; load ${loadBefore}`)

const ctx = new Context(sections.includes('growth'), 20260601)

/** Prints what was measured, records it when the run was a full one, cleans up, exits. */
async function finish(code: number, why?: string): Promise<never> {
  if (why) {
    log(why)
    record({
      section: 'run',
      backend: '-',
      metric: 'stopped early',
      value: why,
      target: '',
      pass: false,
    })
  }
  const cleanup = ctx.close()
  await Promise.race([cleanup, new Promise((resolve) => setTimeout(resolve, 30_000))])
  const seconds = (Date.now() - started.getTime()) / 1000
  process.stdout.write(
    `\n${table()}\n\n${Math.round(seconds)} s; load before ${loadBefore}, after ${machine().load}\n`,
  )
  if (picked.length === 0 && backends.length === 2) {
    writeResults(markdown(started, seconds, loadBefore, sections))
    log('figures written to bench/RESULTS.md')
  }
  process.exit(code)
}

// A hard stop: the whole bench is bounded even if something hangs.
const watchdog = setTimeout(() => void finish(3, `over ${LIMIT_MS / 1000} s: stopped`), LIMIT_MS)
watchdog.unref()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void finish(130, `interrupted by ${signal}`))
}

const needsServer = sections.some((s) => s !== 'core' && s !== 'web') || sections.includes('web')
if (needsServer) {
  log('building the API (npm run build -w @kindling/api)')
  const built = spawnSync('npm', ['run', 'build', '-w', '@kindling/api'], {
    cwd: REPO,
    encoding: 'utf8',
  })
  if (built.status !== 0) throw new Error(`API build failed: ${built.stderr}`)
}

let failed = false
const step = async (name: string, fn: () => Promise<void>) => {
  const t = Date.now()
  try {
    await fn()
  } catch (error) {
    failed = true
    const message = error instanceof Error ? error.message : String(error)
    log(`${name} failed: ${message}`)
    record({
      section: name.split(' ')[0] as string,
      backend: name.split(' ')[1] ?? '-',
      metric: 'run',
      value: `failed: ${message.slice(0, 300)}`,
      target: '',
      pass: false,
    })
  }
  log(`${name}: ${((Date.now() - t) / 1000).toFixed(0)} s`)
}

if (sections.includes('core')) await step('core', () => runCore(ctx))
if (sections.includes('core')) await step('core stats', () => runStats(ctx))
for (const kind of backends) {
  if (sections.includes('api')) await step(`api ${kind}`, () => runApi(ctx, kind))
  if (sections.includes('growth')) await step(`growth ${kind}`, () => runGrowth(ctx, kind))
  if (sections.includes('import')) await step(`import ${kind}`, () => runImport(ctx, kind))
  if (sections.includes('durability'))
    await step(`durability ${kind}`, () => runDurability(ctx, kind))
  if (sections.includes('fuzz') && fuzzBackends.includes(kind))
    await step(`fuzz ${kind}`, () => runFuzz(ctx, kind))
}
// Two nodes on one database: PostgreSQL only.
if (sections.includes('reminders') && backends.includes('postgres'))
  await step('reminders postgres', () => runReminders(ctx))
if (sections.includes('streams') && backends.includes('postgres'))
  await step('streams postgres', () => runStreams(ctx))
if (sections.includes('web')) await step('web', () => runWeb(ctx))
await finish(failed ? 1 : 0)
