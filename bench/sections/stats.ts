import {
  addDays,
  buildDayTotals,
  buildDayTotalsByActivity,
  buildPeriodProgress,
  buildYearHeatMap,
  computeHabitStats,
  type DayTotals,
  sampleStrength,
  summarizeByPeriod,
  toCalendarDay,
  type ValuedEventLike,
} from '@kindling/core'
import type { Context } from '../lib/context'
import { activitySpecs, generateEvents } from '../lib/generator'
import { record } from '../lib/report'
import { fmt, median } from '../lib/util'

const ZONE = 'America/Phoenix'

/**
 * Issue 17: the time to compute every statistic of the heavy user (5 years, ~70k events), from
 * the raw events as the device holds them. One habit: the busiest (Water, ~16k events), its
 * per-day totals, strength, streaks, completion, weekdays, number totals and every chart of
 * its Stats view. /stats: per-day totals of all 40 habits, this week's and this month's
 * progress and the year heat map of each habit.
 */
export async function runStats(ctx: Context): Promise<void> {
  const specs = activitySpecs()
  const activities = specs.map((spec, i) => ({
    id: `a${i}`,
    name: spec.name,
    schedule: spec.schedule,
    createdAt: '2020-01-01T00:00:00.000Z',
    deletedAt: null,
  }))
  const events: ValuedEventLike[] = generateEvents({
    seed: ctx.seed,
    years: 5,
    endDay: ctx.endDay,
  }).map((e) => ({
    activityId: `a${e.activity}`,
    eventDate: e.eventDate.toISOString(),
    attributes: Object.fromEntries(
      Object.entries(e.values).map(([index, value]) => [`attr${index}`, value]),
    ),
  }))
  const now = new Date(ctx.endDay.getTime() + 15 * 3_600_000)
  const today = toCalendarDay(now, ZONE)
  const year = Number(today.slice(0, 4))
  const water = events.filter((event) => event.activityId === 'a0')
  const waterSpec = activities[0] as (typeof activities)[number]

  const oneHabit = () => {
    const totals = buildDayTotals(water, ZONE)
    const stats = computeHabitStats(totals, {
      schedule: waterSpec.schedule,
      since: '2020-01-01',
      today,
    })
    const from = stats.firstEventDay ?? today
    for (const unit of ['week', 'month', 'year'] as const)
      summarizeByPeriod(totals, unit, from, today)
    // The strength chart's month and year views.
    sampleStrength(stats.strength, 'day', addDays(today, -30), today)
    sampleStrength(stats.strength, 'week', addDays(today, -364), today)
    return stats.overall.count
  }
  const statsPage = () => {
    const totals = buildDayTotalsByActivity(events, ZONE)
    buildPeriodProgress(activities, totals, 'week', today)
    buildPeriodProgress(activities, totals, 'month', today)
    const empty: DayTotals = { firstDay: today, counts: [] }
    let cells = 0
    for (const activity of activities) {
      cells += buildYearHeatMap(totals.get(activity.id) ?? empty, year).weeks.length
    }
    return cells
  }

  const rounds = 9
  const habitTimes: number[] = []
  const pageTimes: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    let started = performance.now()
    if (oneHabit() !== water.length) throw new Error('stats: one habit lost events')
    if (round > 0) habitTimes.push(performance.now() - started) // round 0 warms the JIT
    started = performance.now()
    if (statsPage() === 0) throw new Error('stats: empty heat maps')
    if (round > 0) pageTimes.push(performance.now() - started)
  }
  const habitMs = median(habitTimes)
  const pageMs = median(pageTimes)
  record({
    section: 'core',
    backend: '-',
    metric: `statistics of one habit, heavy user (5 years, ${fmt(water.length / 1000, 1)}k events)`,
    value: `${fmt(habitMs, 1)} ms (median of ${rounds - 1}, slowest ${fmt(Math.max(...habitTimes), 1)} ms)`,
    target: '< 50 ms',
    pass: habitMs < 50,
  })
  record({
    section: 'core',
    backend: '-',
    metric: `/stats of the heavy user (40 habits, ${fmt(events.length / 1000, 0)}k events)`,
    value: `${fmt(pageMs, 1)} ms (median of ${rounds - 1}, slowest ${fmt(Math.max(...pageTimes), 1)} ms)`,
    target: '< 500 ms',
    pass: pageMs < 500,
  })
}
