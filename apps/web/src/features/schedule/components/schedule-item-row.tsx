import type { Activity } from '@kindling/core'
import { Checkbox, Group, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { memo } from 'react'

export type ScheduleCadence = 'Daily' | 'Weekly' | 'Monthly' | null

interface ScheduleItemRowProps {
  activity: Activity
  done: boolean
  /** Toward the period's target, e.g. "2 / 3" or "5 / 20 pages"; null for one event. */
  progress: string | null
  /** A limit gone over this period. */
  over: boolean
  busy: boolean
  /** The cadence of the row's section (null: unscheduled). */
  cadence: ScheduleCadence
  onToggle: (activity: Activity, done: boolean, cadence: ScheduleCadence) => void
}

/**
 * One activity of the schedule: checking it logs an event; done ones carry a check mark. Drawn
 * again only when its props change (pass a stable `onToggle`).
 */
export const ScheduleItemRow = memo(function ScheduleItemRow({
  activity,
  done,
  progress,
  over,
  busy,
  cadence,
  onToggle,
}: ScheduleItemRowProps) {
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
        onChange={() => onToggle(activity, done, cadence)}
      />
      <Group gap="xs" wrap="nowrap">
        {progress && (
          <Text size="sm" c={over ? 'red.4' : 'gray.5'} style={{ whiteSpace: 'nowrap' }}>
            {progress}
          </Text>
        )}
        {done && <IconCheck size={18} color="var(--mantine-color-green-5)" aria-hidden />}
      </Group>
    </Group>
  )
})
