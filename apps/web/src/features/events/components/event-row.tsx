import type { Activity, Event } from '@kindling/core'
import { Group, Text, UnstyledButton } from '@mantine/core'
import { memo } from 'react'
import { ActivityBadge } from '../../../components/activity-badge'
import { EventValues } from '../../../components/event-values'
import { useT } from '../../../lib/i18n'

interface EventRowProps {
  event: Event
  activity: Activity
  /** The event's calendar day in the device's zone, for reading. */
  day: string
  /** How long ago, as `formatRelativeTime` says it. */
  relative: string
  /** The event's values in a few words; '' without any. */
  values: string
  onOpen: (event: Event) => void
}

/**
 * One history entry: the activity badge, the day and how long ago, and under them what was
 * logged (issue 51: the pages, the cups, the note). Drawn again only when its
 * props change (pass a stable `onOpen`): events coming in leave the rows already shown be.
 */
export const EventRow = memo(function EventRow({
  event,
  activity,
  day,
  relative,
  values,
  onOpen,
}: EventRowProps) {
  const t = useT()
  return (
    <UnstyledButton
      onClick={() => onOpen(event)}
      aria-label={
        values
          ? t('{name}, {day}, {relative}, {values}', { name: activity.name, day, relative, values })
          : t('{name}, {day}, {relative}', { name: activity.name, day, relative })
      }
      px="sm"
      py="xs"
      style={{
        display: 'block',
        width: '100%',
        borderRadius: 'var(--mantine-radius-sm)',
        borderBottom: '1px solid var(--mantine-color-dark-5)',
      }}
      className="kindling-event-row"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <ActivityBadge
          activity={activity}
          size="md"
          // The name gives way in a narrow column (home's history); the day and 'ago' never wrap.
          style={{ maxWidth: '60%', minWidth: 0 }}
        />
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text size="sm" c="dark.1">
            {day}
          </Text>
          <Text size="sm">{relative}</Text>
        </Group>
      </Group>
      <EventValues text={values} />
    </UnstyledButton>
  )
})
