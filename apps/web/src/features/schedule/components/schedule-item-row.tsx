import type { Activity } from '@kindling/core'
import { Checkbox, Group, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { memo, useState } from 'react'

export type ScheduleCadence = 'Daily' | 'Weekly' | 'Monthly' | null

interface ScheduleItemRowProps {
  activity: Activity
  done: boolean
  /** One more event meets the period's target: a tap being logged shows it done at once. */
  metByOneMore: boolean
  /** Toward the period's target, e.g. "2 / 3" or "5 / 20 pages"; null for one event. */
  progress: string | null
  /** A limit gone over this period. */
  over: boolean
  /** The cadence of the row's section (null: unscheduled). */
  cadence: ScheduleCadence
  /** Answers the write the tap started (settled, never rejected), or nothing (a form opened). */
  onToggle: (
    activity: Activity,
    done: boolean,
    cadence: ScheduleCadence,
  ) => Promise<void> | undefined
}

/**
 * One activity of the schedule: checking it logs an event; done ones carry a check mark. Drawn
 * again only when its props change (pass a stable `onToggle`). A tap being logged is the row's
 * own state, so the tap draws this row alone (issue 55): it shows what its event makes of the
 * period while the write is checked and stored, and a failure (told by the write) unchecks it.
 */
export const ScheduleItemRow = memo(function ScheduleItemRow({
  activity,
  done: stored,
  metByOneMore,
  progress,
  over,
  cadence,
  onToggle,
}: ScheduleItemRowProps) {
  // A tap being logged, and whether its event meets the target, as the period stood at the tap:
  // once the event is stored, `metByOneMore` speaks of the event after it (a count short by two
  // would show done until the write settles).
  const [logging, setLogging] = useState<{ meets: boolean } | null>(null)
  const done = stored || (logging?.meets ?? false)
  function toggle() {
    const write = onToggle(activity, stored, cadence)
    if (!write) return
    setLogging({ meets: metByOneMore })
    void write.then(() => setLogging(null))
  }
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
        disabled={logging !== null}
        color={activity.color}
        onChange={toggle}
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
