import {
  buildDayTotalsByActivity,
  buildScheduleView,
  rankStreaks,
  toCalendarDay,
} from '@kindling/core'
import type { Context } from '../lib/context'
import { benchEnv } from '../lib/env'
import { activitySpecs, generateEvents } from '../lib/generator'
import { load } from '../lib/load'
import { record } from '../lib/report'
import type { BackendKind } from '../lib/server'
import { fmt, log, median } from '../lib/util'
import { drainServer } from './api'

const ROUNDS = benchEnv.growthRounds
const SECONDS = 3
const CONNECTIONS = 10

/**
 * Per-request cost (server time per request = 1 / throughput at 10 connections) of the
 * one-month events read and of the counts for users with 1, 5 and 20 years of history, in
 * interleaved rounds; the median of the rounds.
 */
export async function runGrowth(ctx: Context, kind: BackendKind): Promise<void> {
  const env = await ctx.env(kind)
  const to = ctx.endDay.toISOString()
  const from = new Date(ctx.endDay.getTime() - 30 * 86_400_000).toISOString()
  const reads = [
    { name: 'one-month events read', path: `/api/events?from=${from}&to=${to}&limit=1000` },
    { name: 'counts per activity', path: '/api/events/counts/activity' },
  ]
  const costs = new Map<string, number[]>()
  for (let round = 0; round < ROUNDS; round += 1) {
    log(`${kind}: growth round ${round + 1}/${ROUNDS}`)
    for (const read of reads) {
      for (const user of env.growth) {
        const token = await user.user.token()
        const r = await load({
          url: env.server.url + read.path,
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: { authorization: `Bearer ${token}` },
        })
        await drainServer(env.server.url)
        if (r.errors) log(`  ${read.name} ${user.years}y: ${r.errors} errors`)
        const key = `${read.name}|${user.years}`
        costs.set(key, [...(costs.get(key) ?? []), (SECONDS * 1000) / Math.max(r.requests, 1)])
      }
    }
  }
  for (const read of reads) {
    const cost = (years: number) => median(costs.get(`${read.name}|${years}`) ?? [])
    const ratio = cost(20) / cost(1)
    const events = env.growth.map(
      (u) => `${u.years}y ${fmt(cost(u.years), 2)} ms (${fmt(u.eventCount / 1000, 0)}k events)`,
    )
    record({
      section: 'growth',
      backend: kind,
      metric: `${read.name}: cost per request, 20y/1y`,
      value: `${fmt(ratio, 2)}× — ${events.join(', ')}`,
      target: '≤ 1.5×',
      pass: ratio <= 1.5,
    })
  }
}

const ZONE = 'America/Phoenix'

/** Streaks and the schedule view over 40 activities at 35k, 70k and 140k events. */
export async function runCore(ctx: Context): Promise<void> {
  const specs = activitySpecs()
  const activities = specs.map((spec, i) => ({
    id: `a${i}`,
    name: spec.name,
    schedule: spec.schedule,
    createdAt: '2020-01-01T00:00:00.000Z',
    deletedAt: null,
  }))
  const now = new Date(ctx.endDay.getTime() + 15 * 3_600_000)
  const all = generateEvents({
    seed: ctx.seed,
    years: 10.2,
    endDay: ctx.endDay,
    optionalValueRate: 0,
  })
  const sizes = [35_000, 70_000, 140_000]
  // The newest n events: n events over the last n/14k years.
  const sets = sizes.map((n) =>
    all.slice(all.length - n).map((e) => ({
      activityId: `a${e.activity}`,
      eventDate: e.eventDate.toISOString(),
      createdAt: e.createdAt.toISOString(),
      deletedAt: null,
    })),
  )
  const timings = sizes.map(() => [] as number[])
  const rounds = 9
  for (let round = 0; round < rounds; round += 1) {
    sets.forEach((events, i) => {
      const started = performance.now()
      // The device's pipeline: every habit's days once, then what the screens read of them.
      const days = buildDayTotalsByActivity(events, ZONE)
      const today = toCalendarDay(now, ZONE)
      const streaks = rankStreaks(activities, days, today)
      const view = buildScheduleView({ activities, days, filter: 'all', showDone: true, today })
      const elapsed = performance.now() - started
      if (round > 0) timings[i]?.push(elapsed) // round 0 warms the JIT
      if (streaks.length === 0 || view.length === 0) throw new Error('core: empty result')
    })
  }
  const ms = timings.map((t) => median(t))
  const ratio = (ms[2] as number) / (ms[1] as number)
  record({
    section: 'core',
    backend: '-',
    metric: 'streaks + schedule view, 40 activities: 140k/70k',
    value: `${fmt(ratio, 2)}× — 35k ${fmt(ms[0] as number, 1)} ms, 70k ${fmt(ms[1] as number, 1)} ms, 140k ${fmt(ms[2] as number, 1)} ms (median of ${rounds - 1})`,
    target: '≤ 2.2×',
    pass: ratio <= 2.2,
  })
}
