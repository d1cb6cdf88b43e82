import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { User } from '../lib/client'
import type { Context, Env } from '../lib/context'
import { benchEnv } from '../lib/env'
import { record } from '../lib/report'
import { ApiServer, type BackendKind, createBackend, freePort } from '../lib/server'
import { log, sleep } from '../lib/util'

const WRITERS = benchEnv.writers
const SECONDS = benchEnv.writeSeconds

interface WriteRun {
  acked: Set<string>
  ackedAfterRestart: number
  statuses: Map<string, number>
  requests: number
  /** How long each answered write took, in ms. */
  latencies: number[]
}

function latencySummary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return `answers p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${((sorted.at(-1) ?? 0) / 1000).toFixed(1)} s`
}

/**
 * How long a writer waits for an answer. Long on purpose: a write the client gave up on may
 * still be stored, and then "stored = acknowledged" would fail for the client's sake; the
 * slowest answer is reported instead.
 */
const WRITE_TIMEOUT_MS = 60_000

/** WRITERS concurrent writers, each posting one event at a time until the deadline. */
async function write(
  env: Env,
  user: User,
  activityIds: string[],
  seconds: number,
  fault?: (at: number) => Promise<void>,
): Promise<WriteRun> {
  const run: WriteRun = {
    acked: new Set(),
    ackedAfterRestart: 0,
    statuses: new Map(),
    requests: 0,
    latencies: [],
  }
  const deadline = Date.now() + seconds * 1000
  let restarted = false
  const bump = (key: string) => run.statuses.set(key, (run.statuses.get(key) ?? 0) + 1)
  const token = await user.token()
  const writer = async (w: number) => {
    let i = 0
    while (Date.now() < deadline) {
      i += 1
      run.requests += 1
      const started = Date.now()
      try {
        const response = await fetch(`${env.server.url}/api/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            activityId: activityIds[(w + i) % activityIds.length],
            eventDate: new Date(Date.now() - ((w * 7919 + i * 104729) % 86_400_000)).toISOString(),
            attributes: {},
          }),
          signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
        })
        const text = await response.text()
        run.latencies.push(Date.now() - started)
        bump(String(response.status))
        if (response.status === 201) {
          run.acked.add((JSON.parse(text) as { id: string }).id)
          if (restarted) run.ackedAfterRestart += 1
        } else await sleep(50)
      } catch {
        bump('network error')
        await sleep(100)
      }
    }
  }
  const faultDone = fault
    ? (async () => {
        await sleep((seconds * 1000) / 3)
        await fault(Date.now())
        restarted = true
      })()
    : Promise.resolve()
  await Promise.all([...Array.from({ length: WRITERS }, (_, w) => writer(w)), faultDone])
  return run
}

/** Every live event id of the user, following the x-next-before cursor. */
async function storedIds(user: User): Promise<Set<string>> {
  const ids = new Set<string>()
  let before: string | null = null
  for (let page = 0; page < 1000; page += 1) {
    const query: string = before ? `&before=${encodeURIComponent(before)}` : ''
    const response = await fetch(`${user.base}/api/events?limit=1000${query}`, {
      headers: { authorization: `Bearer ${await user.token()}` },
    })
    if (response.status !== 200) throw new Error(`listing events: ${response.status}`)
    for (const event of (await response.json()) as { id: string }[]) ids.add(event.id)
    before = response.headers.get('x-next-before')
    if (!before) break
  }
  return ids
}

const describe = (statuses: Map<string, number>) =>
  [...statuses.entries()].map(([k, v]) => `${k}: ${v}`).join(', ')

export async function runDurability(ctx: Context, kind: BackendKind): Promise<void> {
  const env = await ctx.env(kind)
  const scale = `${WRITERS} writers × ${SECONDS} s`

  // 1. Plain run: stored == acknowledged.
  const user = await env.newUser('writer')
  const activities: string[] = []
  for (const name of ['Write A', 'Write B', 'Write C']) {
    activities.push((await user.api<{ id: string }>('POST', '/api/activities', { name })).id)
  }
  log(`${kind}: ${scale} posting events`)
  const plain = await write(env, user, activities, SECONDS)
  const stored = await storedIds(user)
  const lost = [...plain.acked].filter((id) => !stored.has(id)).length
  record({
    section: 'nothing lost',
    backend: kind,
    metric: `${scale}: stored vs 201 answers`,
    value: `${stored.size} stored, ${plain.acked.size} acknowledged, ${lost} lost (${describe(plain.statuses)}); ${latencySummary(plain.latencies)}`,
    target: 'stored = acknowledged',
    pass: stored.size === plain.acked.size && lost === 0,
  })

  // 2. SIGKILL a third of the way in, restart on the same database, writers carry on.
  const victim = await env.newUser('killed')
  const victimActivities: string[] = []
  for (const name of ['Kill A', 'Kill B']) {
    victimActivities.push(
      (await victim.api<{ id: string }>('POST', '/api/activities', { name })).id,
    )
  }
  const killSeconds = kind === 'pglite' ? SECONDS + 10 : SECONDS + 5
  let downFor = 0
  log(`${kind}: ${WRITERS} writers × ${killSeconds} s with SIGKILL + restart`)
  const killed = await write(env, victim, victimActivities, killSeconds, async () => {
    const at = Date.now()
    await env.server.kill()
    await env.server.start()
    downFor = (Date.now() - at) / 1000
  })
  const after = await storedIds(victim)
  const lostAfterKill = [...killed.acked].filter((id) => !after.has(id)).length
  record({
    section: 'nothing lost',
    backend: kind,
    metric: 'SIGKILL mid-run + restart: acknowledged writes kept',
    value: `${lostAfterKill} of ${killed.acked.size} acknowledged lost; ${after.size - killed.acked.size + lostAfterKill} stored without an answer (in flight at the kill); ${killed.ackedAfterRestart} acknowledged after the restart (down ${downFor.toFixed(1)} s)`,
    target: '0 lost',
    pass: lostAfterKill === 0 && killed.ackedAfterRestart > 0,
  })
  await restartOverLiveLock(env)
  if (kind === 'postgres') {
    await restartPostgresUnderLoad(env)
    await startNodesTogether()
  }
}

/**
 * 4. A lock file left by an older version naming a live process that is not Kindling (this
 * bench), as after a crash when the pid was handed out again: the server still starts.
 */
async function restartOverLiveLock(env: Env): Promise<void> {
  await env.server.kill()
  const lock = join(env.backend.dataDir, 'kindling.lock')
  rmSync(lock, { force: true })
  writeFileSync(lock, `${process.pid}\n`)
  let value = 'started'
  try {
    await env.server.start()
  } catch (error) {
    value = `refused: ${error instanceof Error ? error.message : String(error)}`
  }
  record({
    section: 'nothing lost',
    backend: env.kind,
    metric: 'restart after SIGKILL, lock file naming a live unrelated pid',
    value,
    target: 'starts',
    pass: env.server.running,
  })
}

/** 5. Three servers started at once on an empty PostgreSQL database, as behind a balancer. */
async function startNodesTogether(): Promise<void> {
  const backend = await createBackend('postgres')
  const nodes = await Promise.all(
    [0, 1, 2].map(async () => new ApiServer(backend, await freePort())),
  )
  const results = await Promise.allSettled(nodes.map((node) => node.start()))
  const up = results.filter((result) => result.status === 'fulfilled').length
  await Promise.all(nodes.map((node) => node.stop()))
  await backend.drop()
  record({
    section: 'nothing lost',
    backend: 'postgres',
    metric: 'three servers started at once on an empty database',
    value: `${up} of 3 answer /api/health`,
    target: '3 of 3',
    pass: up === 3,
  })
}

/** The command that restarts the local PostgreSQL cluster (Debian's pg_ctlcluster by default). */
function postgresRestartCommand(): string[] | null {
  const custom = benchEnv.postgresRestart
  if (custom) return ['sh', '-c', custom]
  if (!existsSync('/etc/postgresql')) return null
  const [version] = readdirSync('/etc/postgresql')
  return version ? ['pg_ctlcluster', '--skip-systemctl-redirect', version, 'main', 'restart'] : null
}

/**
 * 3. PostgreSQL itself restarted a third of the way in: the API server keeps running (same pid),
 * answers errors while the database is down, then acknowledges writes again by itself, and
 * every acknowledged write is stored.
 */
async function restartPostgresUnderLoad(env: Env): Promise<void> {
  const metric = 'PostgreSQL restarted under load'
  const target = 'recovers without its own restart, 0 lost'
  const command = postgresRestartCommand()
  if (!command || benchEnv.skipPostgresRestart) {
    record({
      section: 'nothing lost',
      backend: 'postgres',
      metric,
      value: 'not run',
      target,
      pass: null,
      note: command
        ? 'skipped: BENCH_SKIP_PG_RESTART is set'
        : 'skipped: no pg_ctlcluster here; set BENCH_PG_RESTART to a command that restarts the PostgreSQL of BENCH_POSTGRES_URL',
    })
    return
  }
  const user = await env.newUser('pgrestart')
  const activityIds = [
    (await user.api<{ id: string }>('POST', '/api/activities', { name: 'Restart' })).id,
  ]
  const pidBefore = env.server.pid
  let downFor = 0
  let failure = ''
  log(`postgres: ${WRITERS} writers × ${SECONDS + 5} s with a PostgreSQL restart`)
  const run = await write(env, user, activityIds, SECONDS + 5, async () => {
    const at = Date.now()
    const [program, ...args] = command as [string, ...string[]]
    const result = spawnSync(program, args, { encoding: 'utf8', timeout: 60_000 })
    if (result.status !== 0) failure = `${command.join(' ')}: ${result.stderr || result.error}`
    downFor = (Date.now() - at) / 1000
  })
  const stored = await storedIds(user)
  const lost = [...run.acked].filter((id) => !stored.has(id)).length
  const samePid = env.server.pid === pidBefore && env.server.running
  record({
    section: 'nothing lost',
    backend: 'postgres',
    metric,
    value: failure
      ? `restart failed: ${failure.trim().slice(0, 160)}`
      : `${lost} of ${run.acked.size} acknowledged lost; ${run.ackedAfterRestart} acknowledged after the restart (${downFor.toFixed(1)} s), server ${samePid ? 'never restarted' : 'restarted or died'} (${describe(run.statuses)})`,
    target,
    pass: !failure && lost === 0 && run.ackedAfterRestart > 0 && samePid,
  })
}
