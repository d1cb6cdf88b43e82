import type { Context } from '../lib/context'
import { benchEnv } from '../lib/env'
import { type LoadResult, load } from '../lib/load'
import { record } from '../lib/report'
import { type BackendKind, CeilingServer, RawSqlServer } from '../lib/server'
import { fmt, log, prng } from '../lib/util'

export const API_SECONDS = benchEnv.apiSeconds
const CONNECTIONS = 50

/**
 * Each endpoint at 50 connections for API_SECONDS, a ceiling run (bare Fastify, constant JSON,
 * own process) before and after each, all in one sequence so drift hits both alike.
 */
export async function drainServer(base: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) })).ok) return
    } catch {
      // still busy
    }
  }
}

export async function runApi(ctx: Context, kind: BackendKind): Promise<void> {
  const env = await ctx.env(kind)
  const token = await env.heavy.user.token()
  const headers = { authorization: `Bearer ${token}` }
  const base = env.server.url
  const to = ctx.endDay.toISOString()
  const from = new Date(ctx.endDay.getTime() - 30 * 86_400_000).toISOString()
  const rand = prng(ctx.seed + 7)
  // Activities 4..39 have no required attributes: a bare event is valid for each.
  const postable = env.heavy.activityIds.slice(4)
  const postBody = () =>
    JSON.stringify({
      activityId: postable[Math.floor(rand() * postable.length)],
      eventDate: new Date(
        ctx.endDay.getTime() - Math.floor(rand() * 86_400_000 * 365),
      ).toISOString(),
      attributes: {},
    })

  // The raw side of the side-by-side (issue 55), on PostgreSQL: the same SQL without the API.
  const databaseUrl = env.backend.databaseUrl
  const raw = kind === 'postgres' && databaseUrl ? new RawSqlServer(databaseUrl) : undefined
  const author = (
    (await (await fetch(`${base}/api/activities`, { headers })).json()) as {
      author: string
    }[]
  )[0]?.author as string
  const rawRun = (path: string) => (seconds: number) =>
    load({ url: `${raw?.url}${path}`, connections: CONNECTIONS, seconds })
  // A device's warm open: the delta from the latest cursor, with the window the web app sends.
  const eventsFrom = new Date(ctx.endDay.getTime() - 90 * 86_400_000).toISOString()
  const latestCursor = async () => {
    let cursor = ''
    for (;;) {
      const after = cursor ? `&after=${cursor}` : ''
      const page = (await (
        await fetch(`${base}/api/sync/changes?limit=1000&eventsFrom=${eventsFrom}${after}`, {
          headers,
        })
      ).json()) as { cursor: string; more: boolean }
      cursor = page.cursor
      if (!page.more) return cursor
    }
  }
  let cursor = '0'

  const endpoints: {
    name: string
    read: boolean
    run: (seconds: number) => Promise<LoadResult>
    /** The same SQL served raw, and the share of its throughput the endpoint must reach. */
    raw?: { run: (seconds: number) => Promise<LoadResult>; target: number }
  }[] = [
    {
      name: 'GET /api/activities',
      read: true,
      run: (seconds) =>
        load({ url: `${base}/api/activities`, connections: CONNECTIONS, seconds, headers }),
      raw: { run: rawRun(`/raw/activities?author=${author}`), target: 0.67 },
    },
    {
      name: 'GET /api/events (1 month)',
      read: true,
      run: (seconds) =>
        load({
          url: `${base}/api/events?from=${from}&to=${to}&limit=1000`,
          connections: CONNECTIONS,
          seconds,
          headers,
        }),
      raw: { run: rawRun(`/raw/events?author=${author}&from=${from}&to=${to}`), target: 0.67 },
    },
    {
      name: 'GET /api/events/counts/activity',
      read: true,
      run: (seconds) =>
        load({
          url: `${base}/api/events/counts/activity`,
          connections: CONNECTIONS,
          seconds,
          headers,
        }),
      raw: { run: rawRun(`/raw/counts?author=${author}`), target: 0.67 },
    },
    {
      name: 'GET /api/sync/changes (warm delta)',
      read: true,
      run: async (seconds) => {
        // Writes of the earlier runs moved the cursor: start from the latest, as a device would.
        cursor = await latestCursor()
        return load({
          url: `${base}/api/sync/changes?after=${cursor}&eventsFrom=${eventsFrom}`,
          connections: CONNECTIONS,
          seconds,
          headers,
        })
      },
      raw: {
        run: (seconds) => rawRun(`/raw/delta?author=${author}&since=${cursor}`)(seconds),
        target: 1,
      },
    },
    {
      name: 'POST /api/events',
      read: false,
      run: (seconds) =>
        load({
          url: `${base}/api/events`,
          method: 'POST',
          connections: CONNECTIONS,
          seconds,
          headers: { ...headers, 'content-type': 'application/json' },
          body: postBody,
        }),
    },
  ]

  // PGlite runs one query at a time: requests still queued when autocannon stops would eat into
  // the next run. Wait until a health check (a database query, queued behind them) answers.
  const drain = () => drainServer(base)
  const ceiling = new CeilingServer()
  await ceiling.start()
  try {
    await raw?.start()
    const runCeiling = (seconds: number) =>
      load({ url: `${ceiling.url}/ceiling`, connections: CONNECTIONS, seconds })
    // Warm-up (JIT, caches, connection pools), not recorded.
    await runCeiling(1)
    for (const endpoint of endpoints) {
      await endpoint.run(1)
      await drain()
    }

    if (raw) for (const endpoint of endpoints) await endpoint.raw?.run(1)

    const ceilings: LoadResult[] = [await runCeiling(API_SECONDS)]
    const results: LoadResult[] = []
    const raws: (LoadResult | undefined)[] = []
    for (const endpoint of endpoints) {
      log(`${kind}: ${endpoint.name} for ${API_SECONDS} s`)
      results.push(await endpoint.run(API_SECONDS))
      await drain()
      raws.push(raw && endpoint.raw ? await endpoint.raw.run(API_SECONDS) : undefined)
      ceilings.push(await runCeiling(API_SECONDS))
    }
    const allCeilingRps = ceilings.map((c) => c.rps)
    record({
      section: 'api',
      backend: kind,
      metric: 'ceiling: bare Fastify GET, constant JSON',
      value: `${fmt(Math.min(...allCeilingRps), 0)}–${fmt(Math.max(...allCeilingRps), 0)} req/s over ${ceilings.length} runs; p99 ${ceilings.map((c) => c.p99).join('/')} ms`,
      target: '',
      pass: null,
    })
    endpoints.forEach((endpoint, i) => {
      const r = results[i] as LoadResult
      const before = ceilings[i] as LoadResult
      const after = ceilings[i + 1] as LoadResult
      const cRps = (before.rps + after.rps) / 2
      const cP99 = Math.max(1, (before.p99 + after.p99) / 2)
      const ratio = r.rps / cRps
      const p99Ratio = r.p99 / cP99
      record({
        section: 'api',
        backend: kind,
        metric: `${endpoint.name} throughput`,
        value: `${fmt(r.rps, 0)} req/s = ${fmt(ratio, 2)}× ceiling (${fmt(cRps, 0)})`,
        target: endpoint.read ? '≥ 0.40× ceiling (PostgreSQL)' : '',
        pass: endpoint.read ? ratio >= 0.4 : null,
      })
      record({
        section: 'api',
        backend: kind,
        metric: `${endpoint.name} latency`,
        value:
          r.requests === 0
            ? `no answer within ${API_SECONDS} s at ${CONNECTIONS} connections (queue longer than the run)`
            : `p50 ${r.p50} ms, p99 ${r.p99} ms = ${fmt(p99Ratio, 1)}× ceiling p99 (${fmt(cP99, 1)} ms)`,
        target: endpoint.read ? '≤ 3× ceiling p99 (PostgreSQL)' : '',
        pass: endpoint.read ? r.requests > 0 && p99Ratio <= 3 : null,
      })
      const rawResult = raws[i]
      if (rawResult && endpoint.raw) {
        const share = r.rps / Math.max(1, rawResult.rps)
        record({
          section: 'api',
          backend: kind,
          metric: `${endpoint.name} beside the same SQL served raw`,
          value: `${fmt(r.rps, 0)} vs ${fmt(rawResult.rps, 0)} req/s = ${fmt(share, 2)}× raw; p99 ${r.p99} vs ${rawResult.p99} ms (raw errors ${rawResult.errors})`,
          target: `≥ ${fmt(endpoint.raw.target, 2)}× raw (issue 55)`,
          pass: share >= endpoint.raw.target && rawResult.errors === 0,
        })
      }
      compareDatabases(kind, endpoint.name, r)
      record({
        section: 'api',
        backend: kind,
        metric: `${endpoint.name} errors`,
        value: `${r.errors} of ${r.requests}${r.non2xx ? ` (${r.non2xx} non-2xx)` : ''}`,
        target: '0',
        pass: r.errors === 0,
      })
    })
  } finally {
    await ceiling.stop()
    await raw?.stop()
  }
}

/** Each database's result of the endpoint issue 55 compares, as the run measured it. */
const compared = new Map<BackendKind, LoadResult>()

/**
 * Issue 55: `GET /api/activities` on PGlite within 2× of PostgreSQL's throughput and p99 at the
 * same connections, recorded once the run has measured both.
 */
function compareDatabases(kind: BackendKind, endpoint: string, result: LoadResult): void {
  if (endpoint !== 'GET /api/activities') return
  compared.set(kind, result)
  const pglite = compared.get('pglite')
  const postgres = compared.get('postgres')
  if (!pglite || !postgres) return
  const rate = pglite.rps / Math.max(1, postgres.rps)
  const p99 = pglite.p99 / Math.max(1, postgres.p99)
  record({
    section: 'api',
    backend: 'pglite',
    metric: `${endpoint} on PGlite beside PostgreSQL (${CONNECTIONS} connections)`,
    value: `${fmt(pglite.rps, 0)} vs ${fmt(postgres.rps, 0)} req/s = ${fmt(rate, 2)}× its rate; p99 ${pglite.p99} vs ${postgres.p99} ms = ${fmt(p99, 1)}× its p99`,
    target: '≥ 0.5× its rate, ≤ 2× its p99 (issue 55)',
    pass: rate >= 0.5 && p99 <= 2,
  })
}
