import type { Activity, Event } from '@kindling/core'
import { isDeleted } from '@kindling/core'
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useActivities } from '../../../api/activities'
import { ActivityBadge } from '../../../components/activity-badge'
import { useDeleteEventWithUndo } from '../../../components/event-delete'
import { EventValues, useDescribeEventValues } from '../../../components/event-values'
import { PlainList } from '../../../components/plain-list'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { formatDay, formatTime } from '../../../lib/locale-format'
import { paths } from '../../../lib/paths'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useDayEvents } from '../hooks/use-day-events'

export interface DayEventsDialogProps {
  day: string
  opened: boolean
  /** One habit's events; none: every habit's. */
  activityId?: string
  activityName?: string
  onClose: () => void
}

/**
 * A day's events (issue 51): each with its time and values, opened by a tap, edited or deleted
 * (with 'Undo') from its row, and 'Add Event' for another on the same day. Default export: loaded
 * with the first day opened.
 */
export default function DayEventsDialog({
  day,
  opened,
  activityId,
  activityName,
  onClose,
}: DayEventsDialogProps) {
  const t = useT()
  const timeZone = getDeviceTimeZone()
  const dayEvents = useDayEvents(day, activityId)
  const activitiesQuery = useActivities()
  const describeValues = useDescribeEventValues()
  const { deleteEvent } = useDeleteEventWithUndo()
  const openForm = useOpenForm()
  // Deleted from here: gone at once, also from a day read from the server.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set())
  const activitiesById = useMemo(() => {
    const map = new Map<string, Activity>()
    for (const activity of activitiesQuery.data ?? []) {
      if (!isDeleted(activity)) map.set(activity.id, activity)
    }
    return map
  }, [activitiesQuery.data])
  const rows = (dayEvents.data ?? []).filter(
    (event) => !removed.has(event.id) && !isDeleted(event) && activitiesById.has(event.activityId),
  )

  function leaveFor(href: string) {
    onClose()
    openForm(href)
  }

  async function remove(event: Event) {
    if (await deleteEvent(event)) setRemoved((ids) => new Set(ids).add(event.id))
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        activityName
          ? t('{name} on {day}', { name: activityName, day: formatDay(day) })
          : t('Events on {day}', { day: formatDay(day) })
      }
      radius="md"
    >
      <Stack gap="md">
        {dayEvents.isLoading ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={t("Loading the day's events")} />
          </Group>
        ) : dayEvents.isError ? (
          <Group gap="xs">
            <Text size="sm" c="gray.5">
              {t("This day's events could not be loaded.")}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={dayEvents.retry}>
              {t('Try again')}
            </Button>
          </Group>
        ) : rows.length === 0 ? (
          <Text size="sm" c="gray.5">
            {t('No events on this day.')}
          </Text>
        ) : (
          <PlainList label={t('Events on {day}', { day: formatDay(day) })} gap="xs">
            {rows.map((event) => {
              const activity = activitiesById.get(event.activityId)
              const time = formatTime(event.eventDate, timeZone)
              const name = activityId
                ? time
                : t('{name} at {time}', { name: activity?.name ?? '', time })
              return (
                <Group component="li" key={event.id} wrap="nowrap" gap="xs" align="flex-start">
                  <UnstyledButton
                    component={Link}
                    to={paths.event(event.id)}
                    onClick={onClose}
                    aria-label={t('Open the event {name}', { name })}
                    style={{ flex: 1, minWidth: 0 }}
                    p={4}
                  >
                    <Group gap="xs" wrap="nowrap">
                      {activityId || !activity ? null : (
                        <ActivityBadge activity={activity} size="md" style={{ minWidth: 0 }} />
                      )}
                      <Text fw={600}>{time}</Text>
                    </Group>
                    <EventValues text={describeValues(event, activity)} />
                  </UnstyledButton>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('Edit the event {name}', { name })}
                    onClick={() => leaveFor(paths.updateEvent({ eventId: event.id }))}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('Delete the event {name}', { name })}
                    onClick={() => void remove(event)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              )
            })}
          </PlainList>
        )}
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => leaveFor(paths.addEvent({ activityId, defaultDate: day }))}
        >
          {t('Add Event')}
        </Button>
      </Stack>
    </Modal>
  )
}
