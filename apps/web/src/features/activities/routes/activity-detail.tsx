import type { Activity, Attribute } from '@kindling/core'
import { isDeleted } from '@kindling/core'
import { Box, Button, Paper, Skeleton, Stack, Tabs, Title } from '@mantine/core'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { useActivity } from '../../../api/activities'
import { useAttributes } from '../../../api/attributes'
import { ActivityBadge } from '../../../components/activity-badge'
import { AttributeList } from '../../../components/attribute-list'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { Gone } from '../../../components/placeholders'
import { useRecordTitle } from '../../../components/record-title'
import { useOpenForm } from '../../../lib/form-opener'
import { type MessageKey, msg, t, useT } from '../../../lib/i18n'
import { useIsMobile } from '../../../lib/layout'
import { PageStateScope } from '../../../lib/page-state'
import { paths } from '../../../lib/paths'
import { selectActivity } from '../../../lib/selected-activity'
import { useNow } from '../../../lib/use-now'
import { ActivityHistory } from '../components/activity-history'
import { ActivitySettings } from '../components/activity-settings'
import { useDayPicker } from '../components/day-picker'
import { WeekStrip } from '../components/week-strip'
import { useWeekEvents } from '../hooks/use-week-events'
import { useActivityPanels } from '../panels'

// The date components are heavy; load them with the calendar only (DESIGN §2).
const ActivityCalendar = lazy(() => import('../components/activity-calendar'))

type ActivityTab = 'history' | 'calendar' | 'stats' | 'settings'

/**
 * /activities/{activityId}: mobile tabs History, Calendar, Stats, Settings; wide layouts three
 * columns (week and month calendar with the statistics under them, events, attributes and
 * settings). Header: add event, and
 * edit, which opens the Edit Activity dialog (Update Activity) of SPEC §2.
 */
export function Component() {
  useT()
  const { activityId = '' } = useParams()
  const activityQuery = useActivity(activityId)
  const isMobile = useIsMobile()
  const openForm = useOpenForm()
  const activity = activityQuery.data
  useRecordTitle(activity?.name)
  const liveId = activity && !isDeleted(activity) ? activity.id : undefined
  useEffect(() => {
    if (liveId) selectActivity(liveId)
  }, [liveId])

  if (activityQuery.isLoading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('Loading habit')}>
        <Skeleton height={40} radius="md" />
        <Skeleton height={280} radius="md" />
      </Stack>
    )
  }
  if (!activity || isDeleted(activity)) {
    return <Gone>{t('This habit no longer exists.')}</Gone>
  }

  return (
    // Parts drawn anew when the layout changes (a phone turned) keep what the user set.
    <PageStateScope key={activity.id}>
      <Stack gap="md">
        <HeaderActions>
          <HeaderActionButton
            label={t('Edit activity')}
            icon={IconPencil}
            onClick={() => openForm(paths.updateActivity({ activityId: activity.id }))}
          />
          <HeaderActionButton
            label={t('Add event')}
            icon={IconPlus}
            onClick={() => openForm(paths.addEvent({ activityId: activity.id }))}
          />
        </HeaderActions>
        <Title order={2} size="h3">
          <ActivityBadge activity={activity} size="xl" />
        </Title>
        {isMobile ? <MobileDetail activity={activity} /> : <WideDetail activity={activity} />}
      </Stack>
    </PageStateScope>
  )
}

function useActivityAttributes(activityId: string): Attribute[] {
  const attributesQuery = useAttributes()
  return useMemo(
    () =>
      (attributesQuery.data ?? []).filter(
        (attribute) => attribute.activityId === activityId && !isDeleted(attribute),
      ),
    [attributesQuery.data, activityId],
  )
}

const TABS: readonly ActivityTab[] = ['history', 'calendar', 'stats', 'settings']

function MobileDetail({ activity }: { activity: Activity }) {
  // The tab lives in the URL (SPEC §3 activityTab) so coming back from a form page returns to it.
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab') as ActivityTab | null
  const tab: ActivityTab = requested && TABS.includes(requested) ? requested : 'history'
  const setTab = (next: ActivityTab) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        params.set('tab', next)
        return params
      },
      { replace: true },
    )
  const now = useNow()
  useT()
  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab((value as ActivityTab | null) ?? 'history')}
      keepMounted={false}
    >
      <Tabs.List grow>
        <Tabs.Tab value="history">{t('History')}</Tabs.Tab>
        <Tabs.Tab value="calendar">{t('Calendar')}</Tabs.Tab>
        <Tabs.Tab value="stats">{t('Stats')}</Tabs.Tab>
        <Tabs.Tab value="settings">{t('Settings')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="history" pt="md">
        <ActivityHistory activityId={activity.id} now={now} />
      </Tabs.Panel>
      <Tabs.Panel value="calendar" pt="md">
        <CalendarColumn activity={activity} now={now} />
      </Tabs.Panel>
      <Tabs.Panel value="stats" pt="md">
        <StatsSection activity={activity} />
      </Tabs.Panel>
      <Tabs.Panel value="settings" pt="md">
        <Stack gap="lg">
          <ActivitySettings key={activity.id} activity={activity} />
          <AttributesSection activity={activity} />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  )
}

function WideDetail({ activity }: { activity: Activity }) {
  const now = useNow()
  return (
    // Three columns where they fit a month calendar (300 px each, as on a laptop); a turned
    // phone or a small tablet wraps the third under the first two, a narrow window stacks them.
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
        gap: 'var(--mantine-spacing-md)',
        alignItems: 'start',
      }}
    >
      <Stack gap="md" miw={0}>
        <Column title={msg('Calendar')}>
          <CalendarColumn activity={activity} now={now} />
        </Column>
        <Column title={msg('Statistics')}>
          <StatsSection activity={activity} />
        </Column>
      </Stack>
      <Column title={msg('History')}>
        <ActivityHistory activityId={activity.id} now={now} />
      </Column>
      <Stack gap="md">
        <Column title={msg('Attributes')}>
          <AttributesSection activity={activity} withoutTitle />
        </Column>
        <Column title={msg('Settings')}>
          <ActivitySettings key={activity.id} activity={activity} />
        </Column>
      </Stack>
    </Box>
  )
}

/** The habit's statistics (issue 17), loaded with this tab or section only. */
function StatsSection({ activity }: { activity: Activity }) {
  const { Stats } = useActivityPanels()
  return (
    Stats && (
      <Suspense fallback={<Skeleton height={240} radius="md" />}>
        <Stats activity={activity} />
      </Suspense>
    )
  )
}

function Column({ title, children }: { title: MessageKey; children: ReactNode }) {
  const t = useT()
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t(title)} miw={0}>
      <Title order={3} size="h5" mb="sm">
        {t(title)}
      </Title>
      {children}
    </Paper>
  )
}

function CalendarColumn({ activity, now }: { activity: Activity; now: Date }) {
  const week = useWeekEvents(now)
  const dayPicker = useDayPicker(activity.id, activity.name)
  return (
    <Stack gap="md" align="flex-start">
      <WeekStrip
        activityName={activity.name}
        schedule={activity.schedule}
        days={week.days}
        totals={week.habitDays?.get(activity.id)}
        onPickDay={dayPicker.pick}
      />
      {dayPicker.elements}
      <Suspense fallback={<Skeleton height={260} width={250} radius="md" />}>
        <ActivityCalendar activityId={activity.id} activityName={activity.name} now={now} />
      </Suspense>
    </Stack>
  )
}

function AttributesSection({
  activity,
  withoutTitle = false,
}: {
  activity: Activity
  withoutTitle?: boolean
}) {
  const t = useT()
  const openForm = useOpenForm()
  const attributes = useActivityAttributes(activity.id)
  return (
    <Stack gap="sm">
      {!withoutTitle && (
        <Title order={3} size="h5">
          {t('Attributes')}
        </Title>
      )}
      <AttributeList
        attributes={attributes}
        hrefOf={(attribute) => paths.attribute(attribute.id)}
        hideTitle
        emptyText={t('No attributes yet. Add one to record more with each event.')}
      />
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => openForm(paths.addAttribute({ activityId: activity.id }))}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('Add attribute')}
      </Button>
    </Stack>
  )
}
