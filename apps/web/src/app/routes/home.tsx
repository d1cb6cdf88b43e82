import type { Activity } from '@kindling/core'
import { selectRecentActivities } from '@kindling/core'
import {
  ActionIcon,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { lazy, Suspense, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useActiveActivities } from '../../api/activities'
import { useActivityUses, useEventCounts } from '../../api/events'
import { ActivityBadge } from '../../components/activity-badge'
import { RouteButton } from '../../components/route-button'
import { ActivityList } from '../../features/activities/components/activity-list'
import { CollapsibleSection } from '../../features/activities/components/collapsible-section'
import { useEventsCollapsed } from '../../features/activities/hooks/use-collapse-state'
import { EventList } from '../../features/events/components/event-list'
import { GoalList } from '../../features/goals/components/goal-list'
import { useOpenForm } from '../../lib/form-opener'
import { useT } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { useNow } from '../../lib/use-now'

/** Latest events read to find recently used activities, besides each activity's last event. */

function Panel({
  title,
  action,
  children,
}: {
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  )
}

/**
 * Home on wide layouts (SPEC §2 /): recent activities, goals, habits and history. A phone goes
 * to the schedule instead (PhonesToSchedule, before the auth check).
 */
export function Component() {
  const t = useT()
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" style={{ alignItems: 'start' }}>
      <Stack gap="md">
        <RecentActivities />
        <Panel
          title={t('Goals')}
          action={
            <Button component={Link} to={paths.goals()} variant="subtle" size="xs">
              {t('Open Goals')}
            </Button>
          }
        >
          <GoalList forceExpand />
        </Panel>
      </Stack>
      <Panel
        title={t('Habits')}
        action={
          <Button component={Link} to={paths.activities()} variant="subtle" size="xs">
            {t('Open Habits')}
          </Button>
        }
      >
        <ActivityList compact />
      </Panel>
      <HistoryPanel />
    </SimpleGrid>
  )
}

const HistoryCalendar = lazy(() => import('../../features/activities/components/activity-calendar'))

/**
 * Every event, newest first, or as a calendar of all habits (SPEC §3 showHistoryCalendar); the
 * panel folds away and stays so (eventsCollapsed).
 */
function HistoryPanel() {
  const t = useT()
  const [collapsed, setCollapsed] = useEventsCollapsed()
  const [showCalendar, setShowCalendar] = useState(false)
  const counts = useEventCounts()
  const total = (counts.data ?? []).reduce((sum, count) => sum + count.count, 0)
  const now = useNow()
  return (
    <Paper withBorder radius="md" p="md">
      <CollapsibleSection
        title={
          counts.isSuccess
            ? // SPEC's English says 'events' whatever the count, and the count as it always wrote
              // it ('1250'); the other languages count properly (#).
              t('{count, plural, other {History ({count} events)}}', { count: total })
            : t('History (… events)')
        }
        collapsed={collapsed}
        onToggle={() => setCollapsed((current) => !current)}
        actions={
          collapsed ? null : (
            <Button
              variant="subtle"
              size="xs"
              aria-pressed={showCalendar}
              onClick={() => setShowCalendar((current) => !current)}
            >
              {t('Calendar')}
            </Button>
          )
        }
      >
        {showCalendar ? (
          <Suspense fallback={<Loader size="sm" aria-label={t('Loading the calendar')} />}>
            <HistoryCalendar now={now} />
          </Suspense>
        ) : (
          <EventList />
        )}
      </CollapsibleSection>
    </Paper>
  )
}

/** The 3 most recently used activities, by when their events were created (SPEC §2). */
function RecentActivities() {
  const t = useT()
  const activitiesQuery = useActiveActivities()
  const usesQuery = useActivityUses()
  const openForm = useOpenForm()

  const recent = useMemo<Activity[]>(
    () => selectRecentActivities(activitiesQuery.data ?? [], usesQuery.data ?? []),
    [activitiesQuery.data, usesQuery.data],
  )

  return (
    <Panel
      title={t('Recent Activities')}
      action={
        <RouteButton to={paths.activities()} variant="subtle" size="xs">
          {t('View All')}
        </RouteButton>
      }
    >
      {activitiesQuery.isLoading || usesQuery.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('Loading recent activities')} />
        </Center>
      ) : recent.length === 0 ? (
        <Text c="dark.1" size="sm">
          {t('Nothing logged yet. Log an event and it shows up here.')}
        </Text>
      ) : (
        <Stack gap="xs">
          {recent.map((activity) => (
            <Group key={activity.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={paths.activity(activity.id)} underline="never">
                <ActivityBadge activity={activity} size="lg" style={{ cursor: 'pointer' }} />
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('Add event for {name}', { name: activity.name })}
                onClick={() => openForm(paths.addEvent({ activityId: activity.id }))}
              >
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  )
}
