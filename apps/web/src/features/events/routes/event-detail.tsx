import { toCalendarDay } from '@kindling/core'
import { Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import { useParams } from 'react-router'
import { useActivity } from '../../../api/activities'
import { useEvent } from '../../../api/event-pages'
import { ActivityBadge } from '../../../components/activity-badge'
import { useDeleteEventWithUndo } from '../../../components/event-delete'
import { HeaderActionButton, HeaderActions } from '../../../components/header-actions'
import { Loading } from '../../../components/placeholders'
import { useRecordTitle } from '../../../components/record-title'
import { attributeLabel, attributeValueText } from '../../../lib/attribute-text'
import { useOpenForm } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { paths } from '../../../lib/paths'
import { formatRelative } from '../../../lib/relative-time'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useNow } from '../../../lib/use-now'
import { useActivityAttributes } from '../hooks/use-activity-attributes'
import { useGoBackFromEvent } from '../hooks/use-go-back-from-event'

/** /events/{eventId}: the event's activity, date and attribute values; edit and delete. */
export function Component() {
  const t = useT()
  const { eventId = '' } = useParams()
  const eventQuery = useEvent(eventId)
  const event = eventQuery.data
  const activityQuery = useActivity(event?.activityId ?? '')
  const activity = activityQuery.data
  useRecordTitle(activity?.name)
  const { attributes } = useActivityAttributes(activity)
  const deleteEvent = useDeleteEventWithUndo()
  const openForm = useOpenForm()
  const goBack = useGoBackFromEvent()
  const now = useNow()
  const timeZone = getDeviceTimeZone()
  const missing = eventQuery.isMissing
  // Deleting here leaves by itself: the event missing then is no reason to leave twice.
  const deleting = useRef(false)

  // SPEC §8: logged only; an event deleted meanwhile (or a wrong link) leaves the page.
  useEffect(() => {
    if (!missing || deleting.current) return
    console.error('Event not found')
    goBack()
  }, [missing, goBack])

  // SPEC's flow, one tap and back; the message that says so offers 'Undo' (issue 51).
  async function handleDelete() {
    if (!event) return
    deleting.current = true
    if (await deleteEvent.deleteEvent(event)) goBack()
    else deleting.current = false
  }

  const actions = event && (
    <HeaderActions>
      <HeaderActionButton
        label={t('Edit')}
        icon={IconPencil}
        onClick={() => openForm(paths.updateEvent({ eventId }))}
      />
      <HeaderActionButton
        label={t('Delete')}
        icon={IconTrash}
        onClick={() => void handleDelete()}
        color="red"
        loading={deleteEvent.isPending}
      />
    </HeaderActions>
  )

  if (eventQuery.isLoading) {
    return <Loading label={t('Loading event')} />
  }
  if (!event) return null

  // Values of deleted attributes stay stored but are hidden, like the attributes (SPEC §4).
  const rows = attributes.map((attribute) => ({
    id: attribute.id,
    label: attributeLabel(attribute),
    value: attributeValueText(attribute, event.attributes[attribute.id] ?? null),
  }))

  return (
    <Stack gap="md">
      {actions}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="sm">
            {activity ? (
              <ActivityBadge activity={activity} size="lg" />
            ) : (
              <Loader size="xs" aria-label={t('Loading activity')} />
            )}
          </Group>
          <Title order={2} size="h4">
            {formatDay(toCalendarDay(event.eventDate, timeZone))}
          </Title>
          <Text c="dark.1" size="sm">
            {formatRelative(event.eventDate, now)}
          </Text>
        </Stack>
      </Paper>
      {rows.length > 0 && (
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th w="40%">{row.label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}
