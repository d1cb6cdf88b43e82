import type { Activity, Goal } from '@kindling/core'
import { ActionIcon, Checkbox, Group } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'

interface GoalRowProps {
  goal: Goal
  activity: Activity
  done: boolean
  onToggle: (goal: Goal, done: boolean) => void
  onEdit: (goal: Goal) => void
}

/** A goal: a checkbox named after its activity (done in the current period) and an edit button. */
export function GoalRow({ goal, activity, done, onToggle, onEdit }: GoalRowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6} px="xs">
      <Checkbox
        label={activity.name}
        checked={done}
        onChange={() => onToggle(goal, done)}
        color={activity.color}
        styles={{ label: { textDecoration: done ? 'line-through' : undefined } }}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Edit goal ${activity.name}`}
        onClick={() => onEdit(goal)}
      >
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Group>
  )
}
