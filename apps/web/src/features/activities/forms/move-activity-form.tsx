import { isDeleted } from '@kindling/core'
import { Button, Center, Group, Loader, Select, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useActivity } from '../../../api/activities'
import { useGroups, useUpdateGroup } from '../../../api/groups'
import { ActivityBadge } from '../../../components/activity-badge'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'

/** The Select's value for "out of any group". */
const NO_GROUP = 'none'

/**
 * Move Activity (SPEC §2, §4). Query `activityId` and `groupId` (the source, or empty). The
 * target cannot be the source. Moving into a group rewrites the target's list; the server takes
 * the activity out of the source in the same transaction. Moving out of every group rewrites
 * the source without it — refused when it is the group's only activity, because a group needs
 * at least one (SPEC §5).
 */
export default function MoveActivityForm({ search, onDone, onCancel }: FormProps) {
  const activityId = search.get('activityId') ?? ''
  const activityQuery = useActivity(activityId)
  const groupsQuery = useGroups()
  const updateGroup = useUpdateGroup()
  const groups = (groupsQuery.data ?? []).filter((group) => !isDeleted(group))
  // The query names the source; the groups themselves are the truth when it is stale or empty.
  const sourceId =
    search.get('groupId') ||
    groups.find((group) => group.activities.includes(activityId))?.id ||
    null
  const source = groups.find((group) => group.id === sourceId) ?? null
  const [target, setTarget] = useState<string | null>(null)

  if (activityQuery.isLoading || groupsQuery.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading groups" />
      </Center>
    )
  }
  const activity = activityQuery.data
  if (!activity) {
    return (
      <Text c="gray.5" ta="center" py="xl">
        This habit no longer exists.
      </Text>
    )
  }

  const options = [
    ...(source ? [{ value: NO_GROUP, label: 'No group' }] : []),
    ...groups
      .filter((group) => group.id !== source?.id)
      .map((group) => ({ value: group.id, label: group.name })),
  ]
  const leavesSourceEmpty =
    target === NO_GROUP && source !== null && source.activities.every((id) => id === activityId)
  const targetError = leavesSourceEmpty
    ? `${activity.name} is the only habit in ${source?.name}; a group needs at least one.`
    : null
  const canSave = target !== null && !leavesSourceEmpty && !updateGroup.isPending

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!canSave || target === null) return
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    if (target === NO_GROUP) {
      if (!source) return
      updateGroup.mutate(
        {
          id: source.id,
          name: source.name,
          activities: source.activities.filter((id) => id !== activityId),
        },
        { onSuccess: onDone },
      )
      return
    }
    const destination = groups.find((group) => group.id === target)
    if (!destination) {
      console.error('Group is not defined')
      return
    }
    updateGroup.mutate(
      {
        id: destination.id,
        name: destination.name,
        activities: [...destination.activities.filter((id) => id !== activityId), activityId],
      },
      { onSuccess: onDone },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="gray.5">
            Moving
          </Text>
          <ActivityBadge activity={activity} />
          <Text size="sm" c="gray.5">
            from {source ? source.name : 'no group'}
          </Text>
        </Group>
        {options.length === 0 ? (
          <Text size="sm" c="gray.5">
            There is no other group to move to. Add a group first.
          </Text>
        ) : (
          <Select
            label="Group"
            placeholder="Choose a group"
            data={options}
            value={target}
            onChange={setTarget}
            error={targetError}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={updateGroup.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
