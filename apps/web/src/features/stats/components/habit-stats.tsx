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
import { usePageState } from '../../../lib/page-state'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { useActivityDays, useNumberAttributes } from '../hooks/use-activity-days'
import { formatNumber, formatPercent, formatPeriod, plural, weekdayName } from '../lib/format'
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

const COUNT_UNITS: { value: CountUnit; label: string }[] = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
]

const EXPECTED_UNIT: Record<'day' | 'week' | 'month', string> = {
  day: 'day',
  week: 'week',
  month: 'month',
}

/**
 * One habit's statistics (issue 17): Loop's strength with its chart, completion over the
 * expected periods, streaks, counts per week/month/year, events per weekday, and the totals of
 * its number attributes. Default export: loaded with the Stats tab or section only.
 */
export default function HabitStatsPanel({ activity }: { activity: Activity }) {
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
      <Stack gap="md" aria-busy="true" aria-label="Loading statistics">
        <Skeleton height={32} width={180} radius="md" />
        <Skeleton height={180} radius="md" />
      </Stack>
    )
  }
  if (days.isError) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text c="red.4">Could not load the statistics.</Text>
        <Button variant="light" size="xs" onClick={days.retry}>
          Retry
        </Button>
      </Stack>
    )
  }
  if (stats.firstEventDay === null) {
    return (
      <Text c="gray.5" py="md">
        No events yet. Statistics appear once you log this habit.
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

const PERIOD_NOUN = { day: 'day', week: 'week', month: 'month' } as const

/** What a goal asks each period, in words: "3 times a week", "at least 20 pages a day". */
function describeGoal(goal: Goal, attributes: readonly Attribute[]): string {
  const every = PERIOD_NOUN[getPeriodUnit(goal.cadence)]
  const target = resolveTarget(goal.target, attributes)
  if (target.kind === 'count') return `${target.count} times a ${every}`
  if (target.kind === 'amount') {
    const attribute = attributes.find((candidate) => candidate.id === target.attributeId)
    const unit =
      attribute && 'unit' in attribute && attribute.unit ? attribute.unit : (attribute?.name ?? '')
    const comparison = target.comparison === 'atMost' ? 'at most' : 'at least'
    return `${comparison} ${formatNumber(target.value)}${unit ? ` ${unit}` : ''} a ${every}`
  }
  return `once a ${every}`
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
  if (goals.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-labelledby="stats-goals-title">
      <Title order={3} size="h4" id="stats-goals-title">
        Goals met
      </Title>
      {goals.map((goal) => {
        const target = resolveTarget(goal.target, attributes)
        const met = computeGoalCompletion(totals, goal.cadence, target, since, today)
        return (
          <Group key={goal.id} justify="space-between" wrap="nowrap" gap="sm">
            <Text>{describeGoal(goal, attributes)}</Text>
            <Text c="gray.4" style={{ whiteSpace: 'nowrap' }}>
              {met.rate === null ? '–' : formatPercent(met.rate)} ·{' '}
              {`${formatNumber(met.done)} of ${plural(met.expected, PERIOD_NOUN[met.unit])}`}
            </Text>
          </Group>
        )
      })}
    </Stack>
  )
}

function StrengthSection({ stats, today }: { stats: HabitStats; today: string }) {
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
        Strength {formatPercent(stats.currentStrength)}
      </Title>
      <ChartFigure
        title={view === 'month' ? 'Strength over the last month' : 'Strength over the last year'}
        controls={
          <SegmentedControl
            size="xs"
            aria-label="Strength chart period"
            value={view}
            onChange={(value) => setView(value as StrengthView)}
            data={[
              { value: 'month', label: 'Month' },
              { value: 'year', label: 'Year' },
            ]}
          />
        }
        summary={
          first && last
            ? `From ${formatPercent(first.score)} on ${first.day} to ${formatPercent(last.score)} on ${last.day}.`
            : ''
        }
        chart={
          <PercentLineChart
            name="Strength"
            points={points.map((point) => ({
              label: point.day.slice(5),
              value: point.score * 100,
            }))}
          />
        }
        table={{
          columns: [view === 'month' ? 'Day' : 'Week ending', 'Strength'],
          rows: points.map((point) => [point.day, formatPercent(point.score)]),
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
  const { completion, streaks, overall } = stats
  const best = streaks.best[0]
  return (
    <SimpleGrid cols={2} spacing="sm" component="section" aria-label="Summary">
      <Tile
        label="Completion"
        value={completion?.rate != null ? formatPercent(completion.rate) : '–'}
        detail={
          completion
            ? `${formatNumber(completion.done)} of ${plural(completion.expected, EXPECTED_UNIT[completion.unit])}`
            : 'Unscheduled: nothing expected'
        }
      />
      <Tile
        label="Current streak"
        value={plural(streaks.current?.length ?? 0, 'day')}
        detail={streaks.current ? `since ${streaks.current.start}` : 'Today does not count yet'}
      />
      <Tile
        label="Best streak"
        value={plural(best?.length ?? 0, 'day')}
        detail={best ? `${best.start} to ${best.end}` : undefined}
      />
      <Tile
        label="Events"
        value={formatNumber(overall.count)}
        detail={`on ${plural(overall.activeDays, 'day')}`}
      />
    </SimpleGrid>
  )
}

function BestStreaks({ stats }: { stats: HabitStats }) {
  const { best, current } = stats.streaks
  return (
    <TitledSection title="Best streaks" order={4}>
      {best.length === 0 ? (
        <Text size="sm" c="gray.5">
          No streaks yet.
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} pl="lg">
          {best.map((run) => (
            <Text component="li" size="sm" key={run.start}>
              {plural(run.length, 'day')}: {run.start} to {run.end}
              {current && current.start === run.start ? ' (current)' : ''}
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
    (attribute.type === 'rating' ? 'Rating' : attribute.type === 'duration' ? 'Duration' : 'Value')
  const unit =
    attribute.type === 'number'
      ? attribute.unit
      : attribute.type === 'duration'
        ? attribute.unit
        : undefined
  return unit ? `${name} (${unit})` : name
}

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
  const [unit, setUnit] = usePageState<CountUnit>('stats:unit', 'week')
  const numberAttributes = useNumberAttributes(activity.id)
  const periods = useMemo(
    () =>
      summarizeByPeriod(totals, unit, stats.firstEventDay ?? today, today).slice(-PERIODS_SHOWN),
    [totals, unit, stats.firstEventDay, today],
  )
  const unitName = unit === 'week' ? 'week' : unit === 'month' ? 'month' : 'year'
  const periodColumn = unit === 'week' ? 'Week of' : unit === 'month' ? 'Month' : 'Year'
  const unitControl = (
    <SegmentedControl
      size="xs"
      aria-label="Count period"
      value={unit}
      onChange={(value) => setUnit(value as CountUnit)}
      data={COUNT_UNITS}
    />
  )
  const latest = periods[periods.length - 1]
  const weekdayTotal = stats.weekdays.reduce((sum, day) => sum + day.count, 0)
  const topWeekday = [...stats.weekdays].sort((a, b) => b.count - a.count)[0]
  return (
    <>
      <ChartFigure
        title={`Events per ${unitName}`}
        controls={unitControl}
        summary={`${plural(periods.length, unitName)} shown; this ${unitName}: ${plural(latest?.count ?? 0, 'event')}, highest: ${formatNumber(Math.max(0, ...periods.map((p) => p.count)))}.`}
        chart={
          <ValueBarChart
            name="Events"
            points={periods.map((period) => ({
              label: formatPeriod(unit, period.start),
              value: period.count,
            }))}
          />
        }
        table={{
          columns: [periodColumn, 'Events'],
          rows: periods.map((period) => [
            formatPeriod(unit, period.start),
            formatNumber(period.count),
          ]),
        }}
      />
      <ChartFigure
        title="Events per weekday"
        summary={
          weekdayTotal > 0 && topWeekday
            ? `Most often on ${weekdayName(topWeekday.weekday)} (${plural(topWeekday.count, 'event')}).`
            : 'No events yet.'
        }
        chart={
          <ValueBarChart
            name="Events"
            points={stats.weekdays.map((day) => ({
              label: weekdayName(day.weekday).slice(0, 3),
              value: day.count,
            }))}
          />
        }
        table={{
          columns: ['Weekday', 'Events'],
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
                  <Tile label="Total" value={formatNumber(summary.total)} />
                  <Tile
                    label="Average"
                    value={formatNumber(summary.average)}
                    detail={`over ${plural(summary.entries, 'entry', 'entries')}`}
                  />
                  <Tile label="Minimum" value={formatNumber(summary.min)} />
                  <Tile label="Maximum" value={formatNumber(summary.max)} />
                </SimpleGrid>
                <ChartFigure
                  title={`${label} per ${unitName}`}
                  summary={`Sum this ${unitName}: ${formatNumber(latest?.numbers[attribute.id]?.total ?? 0)}.`}
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
                    columns: [periodColumn, 'Sum'],
                    rows: periods.map((period) => [
                      formatPeriod(unit, period.start),
                      formatNumber(period.numbers[attribute.id]?.total ?? 0),
                    ]),
                  }}
                />
              </>
            ) : (
              <Text size="sm" c="gray.5">
                No values entered yet.
              </Text>
            )}
          </Stack>
        )
      })}
    </>
  )
}
