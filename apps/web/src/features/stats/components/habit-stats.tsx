import type {
  Activity,
  Attribute,
  DayTotals,
  Goal,
  HabitStats,
  StatsPeriodUnit,
} from '@kindling/core'
import {
  addDays,
  computeGoalCompletion,
  computeHabitStats,
  EMPTY_DAY_TOTALS,
  getPeriodUnit,
  getScheduleCadence,
  indexGoalTargets,
  resolveTarget,
  sampleStrength,
  summarizeByPeriod,
  toCalendarDay,
} from '@kindling/core'
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { lazy, type ReactNode, useMemo } from 'react'
import { useAttributes } from '../../../api/attributes'
import { useGoals } from '../../../api/goals'
import { TitledSection } from '../../../components/titled-section'
import { durationUnitName } from '../../../lib/attribute-text'
import { type MessageKey, msg, t, useT } from '../../../lib/i18n'
import { formatDay, formatShortDay, weekdayShortName } from '../../../lib/locale-format'
import { usePageState } from '../../../lib/page-state'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { useActivityDays, useNumberAttributes } from '../hooks/use-activity-days'
import { formatNumber, formatPercent, formatPeriod, weekdayName } from '../lib/format'
import { ChartFigure } from './chart-figure'

const PercentLineChart = lazy(() =>
  import('./charts').then((module) => ({ default: module.PercentLineChart })),
)
const ValueBarChart = lazy(() =>
  import('./charts').then((module) => ({ default: module.ValueBarChart })),
)

type StrengthView = 'month' | 'year'
type CountUnit = Exclude<StatsPeriodUnit, 'day'>

/** How many periods the count charts show: the latest twelve weeks, months or years. */
const PERIODS_SHOWN = 12

const COUNT_UNITS: { value: CountUnit; label: MessageKey }[] = [
  { value: 'week', label: msg('Week') },
  { value: 'month', label: msg('Month') },
  { value: 'year', label: msg('Year') },
]

/** 'done of expected periods': '3 of 5 days', in the active language. */
function doneOf(done: number, expected: number, unit: 'day' | 'week' | 'month'): string {
  const values = { done: formatNumber(done), count: expected }
  if (unit === 'week') {
    return t('{done} of {count, plural, one {# week} other {# weeks}}', values)
  }
  if (unit === 'month') {
    return t('{done} of {count, plural, one {# month} other {# months}}', values)
  }
  return t('{done} of {count, plural, one {# day} other {# days}}', values)
}

/** A number of days: '1 day', '12 days'. */
function daysText(count: number): string {
  return t('{count, plural, one {# day} other {# days}}', { count })
}

/**
 * One habit's statistics (issue 17): Loop's strength with its chart, completion over the
 * expected periods, streaks, counts per week/month/year, events per weekday, and the totals of
 * its number attributes. Default export: loaded with the Stats tab or section only.
 */
export default function HabitStatsPanel({ activity }: { activity: Activity }) {
  const t = useT()
  const now = useNow()
  const timeZone = getDeviceTimeZone()
  const today = toCalendarDay(now, timeZone)
  const days = useActivityDays()
  const totals = days.totals.get(activity.id) ?? EMPTY_DAY_TOTALS
  const since = toCalendarDay(activity.createdAt, timeZone)
  const goalsQuery = useGoals()
  const attributesQuery = useAttributes()
  const goals = useMemo(
    () =>
      (goalsQuery.data ?? []).filter((goal) => goal.activityId === activity.id && !goal.deletedAt),
    [goalsQuery.data, activity.id],
  )
  const stats = useMemo(() => {
    // The goal of the schedule's cadence says what a period asks (issue 48): completion and
    // strength judge it so, as the schedule does.
    const cadence = getScheduleCadence(activity.schedule)
    const target = cadence
      ? indexGoalTargets(goals, attributesQuery.data ?? [])(activity.id, cadence)
      : undefined
    return computeHabitStats(totals, {
      schedule: activity.schedule,
      since,
      today,
      ...(target ? { target } : {}),
    })
  }, [totals, activity.schedule, activity.id, goals, attributesQuery.data, since, today])

  if (days.isLoading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('Loading statistics')}>
        <Skeleton height={32} width={180} radius="md" />
        <Skeleton height={180} radius="md" />
      </Stack>
    )
  }
  if (days.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text c="red.4">{t('Could not load the statistics.')}</Text>
        <Button variant="light" size="xs" onClick={days.retry}>
          {t('Retry')}
        </Button>
      </Stack>
    )
  }
  if (stats.firstEventDay === null) {
    return (
      <Text c="gray.5" py="md">
        {t('No events yet. Statistics appear once you log this habit.')}
      </Text>
    )
  }
  return (
    <Stack gap="xl">
      <StrengthSection stats={stats} today={today} />
      <Highlights stats={stats} />
      <GoalsMet
        goals={goals}
        totals={totals}
        attributes={attributesQuery.data ?? NO_ATTRIBUTES}
        since={since}
        today={today}
      />
      <BestStreaks stats={stats} />
      <CountSections activity={activity} totals={totals} stats={stats} today={today} />
    </Stack>
  )
}

const NO_ATTRIBUTES: Attribute[] = []

/** Each period's wording of a goal, by what it asks: "3 times a week", "at least 20 pages a day". */
const GOAL_TEXTS = {
  day: {
    count: msg('{count, number} times a day'),
    atLeast: msg('at least {amount} a day'),
    atMost: msg('at most {amount} a day'),
    once: msg('once a day'),
  },
  week: {
    count: msg('{count, number} times a week'),
    atLeast: msg('at least {amount} a week'),
    atMost: msg('at most {amount} a week'),
    once: msg('once a week'),
  },
  month: {
    count: msg('{count, number} times a month'),
    atLeast: msg('at least {amount} a month'),
    atMost: msg('at most {amount} a month'),
    once: msg('once a month'),
  },
} as const

/** What a goal asks each period, in words: "3 times a week", "at least 20 pages a day". */
function describeGoal(goal: Goal, attributes: readonly Attribute[]): string {
  const texts = GOAL_TEXTS[getPeriodUnit(goal.cadence)]
  const target = resolveTarget(goal.target, attributes)
  if (target.kind === 'count') return t(texts.count, { count: target.count })
  if (target.kind === 'amount') {
    const attribute = attributes.find((candidate) => candidate.id === target.attributeId)
    const unit =
      attribute && 'unit' in attribute && attribute.unit
        ? attribute.type === 'duration'
          ? durationUnitName(attribute.unit)
          : attribute.unit
        : (attribute?.name ?? '')
    const value = formatNumber(target.value)
    const amount = unit ? t('{value} {unit}', { value, unit }) : value
    return t(target.comparison === 'atMost' ? texts.atMost : texts.atLeast, { amount })
  }
  return t(texts.once)
}

/** Per goal of the habit, the share of its periods that met its target (issue 48). */
function GoalsMet({
  goals,
  totals,
  attributes,
  since,
  today,
}: {
  goals: readonly Goal[]
  totals: DayTotals
  attributes: readonly Attribute[]
  since: string
  today: string
}) {
  useT()
  if (goals.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-labelledby="stats-goals-title">
      <Title order={3} size="h4" id="stats-goals-title">
        {t('Goals met')}
      </Title>
      {goals.map((goal) => {
        const target = resolveTarget(goal.target, attributes)
        const met = computeGoalCompletion(totals, goal.cadence, target, since, today)
        return (
          <Group key={goal.id} justify="space-between" wrap="nowrap" gap="sm">
            <Text>{describeGoal(goal, attributes)}</Text>
            <Text c="gray.4" style={{ whiteSpace: 'nowrap' }}>
              {met.rate === null ? '–' : formatPercent(met.rate)} ·{' '}
              {doneOf(met.done, met.expected, met.unit)}
            </Text>
          </Group>
        )
      })}
    </Stack>
  )
}

function StrengthSection({ stats, today }: { stats: HabitStats; today: string }) {
  const t = useT()
  const [view, setView] = usePageState<StrengthView>('stats:strength', 'month')
  const points = useMemo(
    () =>
      view === 'month'
        ? sampleStrength(stats.strength, 'day', addDays(today, -30), today)
        : sampleStrength(stats.strength, 'week', addDays(today, -364), today),
    [stats.strength, view, today],
  )
  const first = points[0]
  const last = points[points.length - 1]
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('Strength {percent}', { percent: formatPercent(stats.currentStrength) })}
      </Title>
      <ChartFigure
        title={
          view === 'month' ? t('Strength over the last month') : t('Strength over the last year')
        }
        controls={
          <SegmentedControl
            size="xs"
            aria-label={t('Strength chart period')}
            value={view}
            onChange={(value) => setView(value as StrengthView)}
            data={[
              { value: 'month', label: t('Month') },
              { value: 'year', label: t('Year') },
            ]}
          />
        }
        summary={
          first && last
            ? t('From {first} on {firstDay} to {last} on {lastDay}.', {
                first: formatPercent(first.score),
                firstDay: formatDay(first.day),
                last: formatPercent(last.score),
                lastDay: formatDay(last.day),
              })
            : ''
        }
        chart={
          <PercentLineChart
            name={t('Strength')}
            points={points.map((point) => ({
              label: formatShortDay(point.day),
              value: point.score * 100,
            }))}
          />
        }
        table={{
          columns: [view === 'month' ? t('Day') : t('Week ending'), t('Strength')],
          rows: points.map((point) => [formatDay(point.day), formatPercent(point.score)]),
        }}
      />
    </Stack>
  )
}

function Tile({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="gray.4" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="gray.4">
          {detail}
        </Text>
      )}
    </Paper>
  )
}

function Highlights({ stats }: { stats: HabitStats }) {
  const t = useT()
  const { completion, streaks, overall } = stats
  const best = streaks.best[0]
  return (
    <SimpleGrid cols={2} spacing="sm" component="section" aria-label={t('Summary')}>
      <Tile
        label={t('Completion')}
        value={completion?.rate != null ? formatPercent(completion.rate) : '–'}
        detail={
          completion
            ? doneOf(completion.done, completion.expected, completion.unit)
            : t('Unscheduled: nothing expected')
        }
      />
      <Tile
        label={t('Current streak')}
        value={daysText(streaks.current?.length ?? 0)}
        detail={
          streaks.current
            ? t('since {day}', { day: formatDay(streaks.current.start) })
            : t('Today does not count yet')
        }
      />
      <Tile
        label={t('Best streak')}
        value={daysText(best?.length ?? 0)}
        detail={
          best
            ? t('{start} to {end}', { start: formatDay(best.start), end: formatDay(best.end) })
            : undefined
        }
      />
      <Tile
        label={t('Events')}
        value={formatNumber(overall.count)}
        detail={t('on {count, plural, one {# day} other {# days}}', { count: overall.activeDays })}
      />
    </SimpleGrid>
  )
}

function BestStreaks({ stats }: { stats: HabitStats }) {
  const t = useT()
  const { best, current } = stats.streaks
  return (
    <TitledSection title={t('Best streaks')} order={4}>
      {best.length === 0 ? (
        <Text size="sm" c="gray.5">
          {t('No streaks yet.')}
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} ps="lg">
          {best.map((run) => (
            <Text component="li" size="sm" key={run.start}>
              {current && current.start === run.start
                ? t('{count, plural, one {# day} other {# days}}: {start} to {end} (current)', {
                    count: run.length,
                    start: formatDay(run.start),
                    end: formatDay(run.end),
                  })
                : t('{count, plural, one {# day} other {# days}}: {start} to {end}', {
                    count: run.length,
                    start: formatDay(run.start),
                    end: formatDay(run.end),
                  })}
            </Text>
          ))}
        </Stack>
      )}
    </TitledSection>
  )
}

/** Display name of a number-like attribute, with its unit: 'Distance (km)', 'Duration (minutes)'. */
function describeNumber(attribute: Attribute): string {
  const name =
    attribute.name ||
    (attribute.type === 'rating'
      ? t('Rating')
      : attribute.type === 'duration'
        ? t('Duration')
        : t('Value'))
  const unit =
    attribute.type === 'number'
      ? attribute.unit
      : attribute.type === 'duration'
        ? durationUnitName(attribute.unit)
        : undefined
  return unit ? t('{label} ({unit})', { label: name, unit }) : name
}

/** Each count unit's wording in the charts' titles, summaries and tables. */
const UNIT_TEXTS = {
  week: {
    column: msg('Week of'),
    title: msg('Events per week'),
    summary: msg(
      '{count, plural, one {# week} other {# weeks}} shown; this week: {events, plural, one {# event} other {# events}}, highest: {highest}.',
    ),
    attributeTitle: msg('{label} per week'),
    sum: msg('Sum this week: {sum}.'),
  },
  month: {
    column: msg('Month'),
    title: msg('Events per month'),
    summary: msg(
      '{count, plural, one {# month} other {# months}} shown; this month: {events, plural, one {# event} other {# events}}, highest: {highest}.',
    ),
    attributeTitle: msg('{label} per month'),
    sum: msg('Sum this month: {sum}.'),
  },
  year: {
    column: msg('Year'),
    title: msg('Events per year'),
    summary: msg(
      '{count, plural, one {# year} other {# years}} shown; this year: {events, plural, one {# event} other {# events}}, highest: {highest}.',
    ),
    attributeTitle: msg('{label} per year'),
    sum: msg('Sum this year: {sum}.'),
  },
} as const

function CountSections({
  activity,
  totals,
  stats,
  today,
}: {
  activity: Activity
  totals: DayTotals
  stats: HabitStats
  today: string
}) {
  const t = useT()
  const [unit, setUnit] = usePageState<CountUnit>('stats:unit', 'week')
  const numberAttributes = useNumberAttributes(activity.id)
  const periods = useMemo(
    () =>
      summarizeByPeriod(totals, unit, stats.firstEventDay ?? today, today).slice(-PERIODS_SHOWN),
    [totals, unit, stats.firstEventDay, today],
  )
  const texts = UNIT_TEXTS[unit]
  const periodColumn = t(texts.column)
  const unitControl = (
    <SegmentedControl
      size="xs"
      aria-label={t('Count period')}
      value={unit}
      onChange={(value) => setUnit(value as CountUnit)}
      data={COUNT_UNITS.map((choice) => ({ value: choice.value, label: t(choice.label) }))}
    />
  )
  const latest = periods[periods.length - 1]
  const weekdayTotal = stats.weekdays.reduce((sum, day) => sum + day.count, 0)
  const topWeekday = [...stats.weekdays].sort((a, b) => b.count - a.count)[0]
  return (
    <>
      <ChartFigure
        title={t(texts.title)}
        controls={unitControl}
        summary={t(texts.summary, {
          count: periods.length,
          events: latest?.count ?? 0,
          highest: formatNumber(Math.max(0, ...periods.map((p) => p.count))),
        })}
        chart={
          <ValueBarChart
            name={t('Events')}
            points={periods.map((period) => ({
              label: formatPeriod(unit, period.start),
              value: period.count,
            }))}
          />
        }
        table={{
          columns: [periodColumn, t('Events')],
          rows: periods.map((period) => [
            formatPeriod(unit, period.start),
            formatNumber(period.count),
          ]),
        }}
      />
      <ChartFigure
        title={t('Events per weekday')}
        summary={
          weekdayTotal > 0 && topWeekday
            ? t('Most often on {weekday} ({count, plural, one {# event} other {# events}}).', {
                weekday: weekdayName(topWeekday.weekday),
                count: topWeekday.count,
              })
            : t('No events yet.')
        }
        chart={
          <ValueBarChart
            name={t('Events')}
            points={stats.weekdays.map((day) => ({
              label: weekdayShortName(day.weekday),
              value: day.count,
            }))}
          />
        }
        table={{
          columns: [t('Weekday'), t('Events')],
          rows: stats.weekdays.map((day) => [weekdayName(day.weekday), formatNumber(day.count)]),
        }}
      />
      {numberAttributes.map((attribute) => {
        const summary = stats.overall.numbers[attribute.id]
        const label = describeNumber(attribute)
        return (
          <Stack key={attribute.id} gap="sm" component="section" aria-label={label}>
            <Title order={3} size="h5">
              {label}
            </Title>
            {summary ? (
              <>
                <SimpleGrid cols={2} spacing="sm">
                  <Tile label={t('Total')} value={formatNumber(summary.total)} />
                  <Tile
                    label={t('Average')}
                    value={formatNumber(summary.average)}
                    detail={t('over {count, plural, one {# entry} other {# entries}}', {
                      count: summary.entries,
                    })}
                  />
                  <Tile label={t('Minimum')} value={formatNumber(summary.min)} />
                  <Tile label={t('Maximum')} value={formatNumber(summary.max)} />
                </SimpleGrid>
                <ChartFigure
                  title={t(texts.attributeTitle, { label })}
                  summary={t(texts.sum, {
                    sum: formatNumber(latest?.numbers[attribute.id]?.total ?? 0),
                  })}
                  chart={
                    <ValueBarChart
                      name={label}
                      points={periods.map((period) => ({
                        label: formatPeriod(unit, period.start),
                        value: period.numbers[attribute.id]?.total ?? 0,
                      }))}
                    />
                  }
                  table={{
                    columns: [periodColumn, t('Sum')],
                    rows: periods.map((period) => [
                      formatPeriod(unit, period.start),
                      formatNumber(period.numbers[attribute.id]?.total ?? 0),
                    ]),
                  }}
                />
              </>
            ) : (
              <Text size="sm" c="gray.5">
                {t('No values entered yet.')}
              </Text>
            )}
          </Stack>
        )
      })}
    </>
  )
}
