import { compareNames } from '@kindling/core'
import { Group, Stack, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useMemo } from 'react'
import { useActivities } from '../../../api/activities'
import { useEventCounts } from '../../../api/events'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { STORAGE_KEYS } from '../../../lib/constants'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { useStoredString } from '../../../lib/use-stored-string'
import { EventList } from '../components/event-list'
import { LazyActivityFilter } from '../components/lazy-activity-filter'

const ALL = 'all'

/** History (SPEC §2 /events): every event newest first, filterable by activity. */
export function Component() {
  const t = useT()
  const openForm = useOpenForm()
  const activitiesQuery = useActivities()
  const countsQuery = useEventCounts()
  const [stored, setStored] = useStoredString<string>(STORAGE_KEYS.selectedActivity, ALL)

  // Only live activities that have events are worth filtering by (SPEC §2).
  const options = useMemo(() => {
    const counts = new Map((countsQuery.data ?? []).map((count) => [count.activityId, count.count]))
    return (activitiesQuery.data ?? [])
      .filter((activity) => !activity.deletedAt && (counts.get(activity.id) ?? 0) > 0)
      .sort((a, b) => compareNames(a.name, b.name))
      .map((activity) => ({
        value: activity.id,
        label: activity.name,
        count: counts.get(activity.id) ?? 0,
      }))
  }, [activitiesQuery.data, countsQuery.data])

  // A remembered activity that lost its events (or was deleted) falls back to all.
  const loaded = activitiesQuery.isSuccess && countsQuery.isSuccess
  const selected =
    stored !== ALL && loaded && !options.some((o) => o.value === stored) ? ALL : stored
  const total =
    selected === ALL
      ? options.reduce((sum, option) => sum + option.count, 0)
      : (options.find((option) => option.value === selected)?.count ?? 0)

  return (
    <Stack gap="md">
      <HeaderActions>
        <HeaderActionButton
          label={t('Add event')}
          icon={IconPlus}
          // A History filtered to one habit adds an event of that habit.
          onClick={() => openForm(paths.addEvent(selected === ALL ? {} : { activityId: selected }))}
        />
      </HeaderActions>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          {/* SPEC's 'History (n events)', 1 too; other languages say it in their plural. */}
          {loaded
            ? t('History ({count, number} events)', { count: total })
            : t('History (… events)')}
        </Title>
        <LazyActivityFilter
          ready={loaded}
          data={[
            { value: ALL, label: t('All Activities') },
            ...options.map(({ value, label }) => ({ value, label })),
          ]}
          value={selected}
          onChange={setStored}
        />
      </Group>
      <EventList
        key={selected}
        activityId={selected === ALL ? null : selected}
        emptyText={t('No events yet. Log one with the + button.')}
      />
    </Stack>
  )
}
