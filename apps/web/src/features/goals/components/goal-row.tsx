import type { Activity, Goal } from '@kindling/core'
import { ActionIcon, Checkbox, Group, Text } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useT } from '../../../lib/i18n'

interface GoalRowProps {
  goal: Goal
  activity: Activity
  done: boolean
  /** Toward the goal's target, e.g. "2 / 3" or "5 / 20 pages"; null for one event. */
  progress: string | null
  /** A limit gone over this period. */
  over?: boolean
  onToggle: (goal: Goal, done: boolean) => void
  onEdit: (goal: Goal) => void
}

/**
 * A goal: a checkbox named after its activity (done in the current period), its progress toward
 * its target, and an edit button.
 */
export function GoalRow({ goal, activity, done, progress, over, onToggle, onEdit }: GoalRowProps) {
  const t = useT()
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6} px="xs">
      <Checkbox
        label={activity.name}
        checked={done}
        onChange={() => onToggle(goal, done)}
        color={activity.color}
        styles={{ label: { textDecoration: done ? 'line-through' : undefined } }}
      />
      {progress && (
        <Text size="sm" c={over ? 'red.4' : 'gray.5'} ms="auto" style={{ whiteSpace: 'nowrap' }}>
          {progress}
        </Text>
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('Edit goal {name}', { name: activity.name })}
        onClick={() => onEdit(goal)}
      >
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Group>
  )
}
