import { buildLoopBackup, type FixtureHabit } from '@kindling/api/testing'
import { call } from '../lib/client'
import type { Context } from '../lib/context'
import { benchEnv } from '../lib/env'
import { record } from '../lib/report'
import type { BackendKind } from '../lib/server'
import { fmt, log, prng } from '../lib/util'
import { drainServer } from './api'

const HABITS = 20
const YEARS = 20
const TARGET_SECONDS = 15
const READERS = 5
const BASELINE_SECONDS = benchEnv.importBaselineSeconds

/**
 * A Loop backup of 20 habits over 20 years (about 100,000 repetitions): every kind of habit
 * and value Loop stores (yes/no with skips and notes, numerical at least and at most).
 */
export async function buildTwentyYearBackup(endDay: Date, seed: number) {
  const rand = prng(seed)
  const days = Math.round(YEARS * 365.25)
  const habits: FixtureHabit[] = Array.from({ length: HABITS }, (_, index) => ({
    name: `Habit ${index + 1}${index % 5 === 0 ? ' with a name longer than twenty' : ''}`,
    numerical: index % 4 === 3,
    unit: index % 4 === 3 ? 'min' : '',
    targetType: index % 8 === 7 ? 1 : 0,
    targetValue: 30,
    freqDen: index % 3 === 1 ? 7 : 1,
    color: index % 20,
    archived: index === 19,
    uuid: `bench${String(index).padStart(27, '0')}`,
    repetitions: [],
  }))
  let count = 0
  for (let d = 0; d < days; d += 1) {
    const day = new Date(endDay.getTime() - (days - d) * 86_400_000).toISOString().slice(0, 10)
    for (const habit of habits) {
      const r = rand()
      if (r > 0.7) continue
      const value = habit.numerical ? Math.round(rand() * 60_000) : r < 0.02 ? 3 : 2
      habit.repetitions.push({ day, value, ...(r < 0.01 ? { notes: 'a note' } : {}) })
      count += 1
    }
  }
  return { bytes: await buildLoopBackup(25, habits), repetitions: count }
}

interface Latencies {
  values: number[]
  errors: number
}

/** Closed-loop readers: each sends the next request when the previous answers, until `stop`. */
async function readUntil(url: string, token: string, stop: () => boolean): Promise<Latencies> {
  const result: Latencies = { values: [], errors: 0 }
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!stop()) {
        const started = performance.now()
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
        await response.arrayBuffer()
        if (response.ok) result.values.push(performance.now() - started)
        else result.errors += 1
      }
    }),
  )
  return result
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN
}

/**
 * Issue 16: importing a 20-year Loop backup (20 habits, about 100,000 repetitions) takes at most
 * 15 s, and other users are still served meanwhile: the heavy user's one-month read, p99 while
 * the import runs beside its p99 without it. A second import of the same file (nothing new).
 */
export async function runImport(ctx: Context, kind: BackendKind): Promise<void> {
  const env = await ctx.env(kind)
  const { bytes, repetitions } = await buildTwentyYearBackup(ctx.endDay, ctx.seed + 16)
  log(
    `${kind}: import of ${fmt(repetitions / 1000, 0)}k repetitions (${fmt(bytes.length / 1e6, 1)} MB)`,
  )
  const importer = await env.newUser('importer')
  const readerToken = await env.heavy.user.token()
  const to = ctx.endDay.toISOString()
  const from = new Date(ctx.endDay.getTime() - 30 * 86_400_000).toISOString()
  const readUrl = `${env.server.url}/api/events?from=${from}&to=${to}&limit=1000`

  const baselineEnd = Date.now() + BASELINE_SECONDS * 1000
  const baseline = await readUntil(readUrl, readerToken, () => Date.now() > baselineEnd)
  await drainServer(env.server.url)

  const upload = async () => {
    const started = performance.now()
    const response = await fetch(`${env.server.url}/api/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await importer.token()}`,
        'content-type': 'application/octet-stream',
      },
      body: bytes,
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`import: ${response.status} ${text.slice(0, 300)}`)
    return { seconds: (performance.now() - started) / 1000, summary: JSON.parse(text) }
  }
  let done = false
  const [first, during] = await Promise.all([
    upload().finally(() => {
      done = true
    }),
    readUntil(readUrl, readerToken, () => done),
  ])
  await drainServer(env.server.url)
  const again = await upload()
  const stored = await call(env.server.url, 'GET', '/api/events/counts/activity', {
    token: await importer.token(),
  })
  const total = (stored.json as { count: number }[]).reduce((sum, row) => sum + row.count, 0)

  record({
    section: 'import',
    backend: kind,
    metric: `Loop backup, ${HABITS} habits × ${YEARS} years (${fmt(repetitions / 1000, 0)}k repetitions)`,
    value: `${fmt(first.seconds, 1)} s; ${fmt(first.summary.events / 1000, 1)}k events stored (${fmt(total / 1000, 1)}k counted after); the same file again ${fmt(again.seconds, 1)} s, ${again.summary.events} new`,
    target: `≤ ${TARGET_SECONDS} s`,
    pass:
      first.seconds <= TARGET_SECONDS &&
      again.summary.events === 0 &&
      total === first.summary.events,
  })
  record({
    section: 'import',
    backend: kind,
    metric: `another user's one-month read (${READERS} readers) during the import`,
    value: `p99 ${fmt(p99(during.values), 0)} ms over ${during.values.length} reads (${during.errors} errors) vs p99 ${fmt(p99(baseline.values), 0)} ms without (${baseline.values.length} reads in ${BASELINE_SECONDS} s)`,
    target: 'report',
    pass: during.errors === 0 ? null : false,
  })
}
