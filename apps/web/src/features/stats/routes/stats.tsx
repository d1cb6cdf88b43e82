import type { Activity, HabitProgress } from '@kindling/core'
import {
  buildPeriodProgress,
  buildYearHeatMap,
  EMPTY_DAY_TOTALS,
  isRightToLeft,
  toCalendarDay,
} from '@kindling/core'
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { ActivityBadge } from '../../../components/activity-badge'
import { NoHabitsYet } from '../../../components/no-habits'
import { PlainList } from '../../../components/plain-list'
import { useLanguage, useT } from '../../../lib/i18n'
import { formatNumber, formatYear, monthName } from '../../../lib/locale-format'
import { paths } from '../../../lib/paths'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { ChartFigure } from '../components/chart-figure'
import { YearHeatMapImage } from '../components/year-heat-map'
import { useActivityDays, useStatsActivities } from '../hooks/use-activity-days'

/**
 * /stats, 'Statistics' (issue 17): this week's and this month's done / expected per habit,
 * worst first, and a year heat map per habit, scrolled by year (`?year=`).
 */
export function Component() {
  const t = useT()
  const now = useNow()
  const timeZone = getDeviceTimeZone()
  const today = toCalendarDay(now, timeZone)
  const currentYear = Number(today.slice(0, 4))
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = Number(searchParams.get('year'))
  const year =
    Number.isInteger(requested) && requested >= 1970 && requested <= currentYear
      ? requested
      : currentYear
  const { activities, isLoading, isError, retry } = useStatsActivities()

  const showYear = (next: number) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        params.set('year', String(next))
        return params
      },
      { replace: true },
    )

  if (isLoading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('Loading statistics')}>
        <Skeleton height={160} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    )
  }
  if (isError) return <LoadError retry={retry} />
  if (activities.length === 0) {
    return <NoHabitsYet>{t("Each habit's progress and year show here as you log it.")}</NoHabitsYet>
  }
  return (
    <Stack gap="xl">
      <CurrentProgress activities={activities} today={today} />
      <YearMaps activities={activities} year={year} currentYear={currentYear} onYear={showYear} />
    </Stack>
  )
}

function LoadError({ retry }: { retry: () => void }) {
  const t = useT()
  return (
    <Stack gap="xs" align="flex-start">
      <Text c="red.4">{t('Could not load the statistics.')}</Text>
      <Button variant="light" size="xs" onClick={retry}>
        {t('Retry')}
      </Button>
    </Stack>
  )
}

function CurrentProgress({ activities, today }: { activities: Activity[]; today: string }) {
  const t = useT()
  const days = useActivityDays()
  const lists = useMemo(
    () => ({
      week: buildPeriodProgress(activities, days.totals, 'week', today),
      month: buildPeriodProgress(activities, days.totals, 'month', today),
    }),
    [activities, days.totals, today],
  )
  if (days.isError) return <LoadError retry={days.retry} />
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <ProgressList
        title={t('This week')}
        items={lists.week}
        loading={days.isLoading}
        period="week"
      />
      <ProgressList
        title={t('This month')}
        items={lists.month}
        loading={days.isLoading}
        period="month"
      />
    </SimpleGrid>
  )
}

function ProgressList({
  title,
  items,
  loading,
  period,
}: {
  title: string
  items: HabitProgress<Activity>[]
  loading: boolean
  /** Said of a habit not due in it. */
  period: 'week' | 'month'
}) {
  const t = useT()
  /** What a habit with nothing expected did: '3 days, not due this week'. */
  const notDue = (activity: Activity, done: number) =>
    activity.schedule.type === 'Unscheduled'
      ? t('{count, plural, one {# day} other {# days}}, no schedule', { count: done })
      : period === 'week'
        ? t('{count, plural, one {# day} other {# days}}, not due this week', { count: done })
        : t('{count, plural, one {# day} other {# days}}, not due this month', { count: done })
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {loading ? (
        <Skeleton height={120} radius="md" aria-label={t('Loading {title}', { title })} />
      ) : (
        <PlainList gap="sm">
          {items.map(({ activity, done, expected }) => (
            <li key={activity.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <ActivityBadge activity={activity} to={paths.activity(activity.id)} size="md" />
                {/* The leading space keeps the row's text 'Read 17/31' for screen readers. */}
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {expected > 0
                    ? ` ${formatNumber(done)}/${formatNumber(expected)}`
                    : ` ${notDue(activity, done)}`}
                </Text>
              </Group>
              {expected > 0 && (
                <Progress
                  value={Math.min(100, (done / expected) * 100)}
                  size="xs"
                  mt={4}
                  aria-hidden="true"
                />
              )}
            </li>
          ))}
        </PlainList>
      )}
    </Paper>
  )
}

function YearMaps({
  activities,
  year,
  currentYear,
  onYear,
}: {
  activities: Activity[]
  year: number
  currentYear: number
  onYear: (year: number) => void
}) {
  const t = useT()
  // Right to left (Arabic): 'Previous year' points right, 'Next year' left.
  const rtl = isRightToLeft(useLanguage())
  const timeZone = getDeviceTimeZone()
  const days = useActivityDays()
  const maps = useMemo(
    () =>
      activities.map((activity) => ({
        activity,
        map: buildYearHeatMap(days.totals.get(activity.id) ?? EMPTY_DAY_TOTALS, year),
      })),
    [activities, days.totals, year],
  )
  // Earlier years may hold imported or back-dated events; stop at the first habit's creation
  // year once a year shows nothing.
  const firstCreated = Math.min(
    ...activities.map((activity) =>
      Number(toCalendarDay(activity.createdAt, timeZone).slice(0, 4)),
    ),
  )
  const yearIsEmpty = maps.every(({ map }) => map.events === 0)
  const canGoBack = !days.isLoading && (year > firstCreated || !yearIsEmpty)
  return (
    <Stack gap="md" component="section" aria-labelledby="stats-year-title">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('Previous year')}
          disabled={!canGoBack}
          onClick={() => onYear(year - 1)}
        >
          {rtl ? (
            <IconChevronRight size={20} aria-hidden />
          ) : (
            <IconChevronLeft size={20} aria-hidden />
          )}
        </ActionIcon>
        <Title order={2} size="h4" id="stats-year-title">
          {formatYear(year)}
        </Title>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('Next year')}
          disabled={year >= currentYear}
          onClick={() => onYear(year + 1)}
        >
          {rtl ? (
            <IconChevronLeft size={20} aria-hidden />
          ) : (
            <IconChevronRight size={20} aria-hidden />
          )}
        </ActionIcon>
      </Group>
      {days.isError ? (
        <LoadError retry={days.retry} />
      ) : days.isLoading ? (
        <Skeleton
          height={240}
          radius="md"
          aria-label={t('Loading {title}', { title: formatYear(year) })}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {maps.map(({ activity, map }) => (
            <Paper key={activity.id} withBorder radius="md" p="md" miw={0}>
              <ChartFigure
                // Under the year's heading (level 2): no level skipped.
                order={3}
                title={activity.name}
                summary={t(
                  '{days, plural, one {# day} other {# days}} with events, {events, plural, one {# event} other {# events}} in {year}.',
                  { days: map.activeDays, events: map.events, year: formatYear(year) },
                )}
                chart={
                  <YearHeatMapImage
                    map={map}
                    label={t(
                      '{name} in {year}: {days, plural, one {# day} other {# days}} with events',
                      { name: activity.name, year: formatYear(year), days: map.activeDays },
                    )}
                  />
                }
                table={{
                  columns: [t('Month'), t('Days with events'), t('Events')],
                  rows: map.months.map((month) => [
                    monthName(month.month),
                    formatNumber(month.activeDays),
                    formatNumber(month.events),
                  ]),
                }}
              />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
