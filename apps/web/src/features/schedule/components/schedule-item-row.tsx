import type { Activity } from '@kindling/core'
import { Checkbox, Group, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'

interface ScheduleItemRowProps {
  activity: Activity
  done: boolean
  busy: boolean
  onToggle: (activity: Activity, done: boolean) => void
}

/** One activity of the schedule: checking it logs an event; done ones carry a check mark. */
export function ScheduleItemRow({ activity, done, busy, onToggle }: ScheduleItemRowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" py={6} px="xs" gap="sm">
      <Checkbox
        label={
          <Text span inherit td={done ? 'line-through' : undefined} c={done ? 'dark.1' : undefined}>
            {activity.name}
            {done && <VisuallyHidden> (done)</VisuallyHidden>}
          </Text>
        }
        checked={done}
        disabled={busy}
        color={activity.color}
        onChange={() => onToggle(activity, done)}
      />
      {done && <IconCheck size={18} color="var(--mantine-color-green-5)" aria-hidden />}
    </Group>
  )
}
