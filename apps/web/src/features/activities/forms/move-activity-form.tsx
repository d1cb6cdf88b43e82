import { findGroupOf, isDeleted, moveActivity } from '@kindling/core'
import { Group, Select, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useActivity } from '../../../api/activities'
import { useGroups, useUpdateGroup } from '../../../api/groups'
import { ActivityBadge } from '../../../components/activity-badge'
import { FormActions } from '../../../components/form-actions'
import { Gone, Loading } from '../../../components/placeholders'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'

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
  const t = useT()
  const activityId = search.get('activityId') ?? ''
  const activityQuery = useActivity(activityId)
  const groupsQuery = useGroups()
  const updateGroup = useUpdateGroup()
  const groups = (groupsQuery.data ?? []).filter((group) => !isDeleted(group))
  // The query names the source; the groups themselves are the truth when it is stale or empty.
  const sourceId = search.get('groupId') || findGroupOf(groups, activityId)?.id || null
  const source = groups.find((group) => group.id === sourceId) ?? null
  const [target, setTarget] = useState<string | null>(null)

  if (activityQuery.isLoading || groupsQuery.isLoading) {
    return <Loading label={t('Loading groups')} />
  }
  const activity = activityQuery.data
  if (!activity) {
    return <Gone>{t('This habit no longer exists.')}</Gone>
  }

  const options = [
    ...(source ? [{ value: NO_GROUP, label: t('No group') }] : []),
    ...groups
      .filter((group) => group.id !== source?.id)
      .map((group) => ({ value: group.id, label: group.name })),
  ]
  const leavesSourceEmpty =
    target === NO_GROUP && source !== null && source.activities.every((id) => id === activityId)
  const targetError = leavesSourceEmpty
    ? t('{name} is the only habit in {group}; a group needs at least one.', {
        name: activity.name,
        group: source?.name,
      })
    : null
  const canSave = target !== null && !leavesSourceEmpty && !updateGroup.isPending

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!canSave || target === null) return
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    const toGroupId = target === NO_GROUP ? null : target
    // Core's move keeps the activity in one group at most; the one group the user changed is
    // saved (the server takes the activity out of its old group in the same transaction).
    let moved: typeof groups
    try {
      moved = moveActivity(groups, activityId, source?.id ?? null, toGroupId)
    } catch (error) {
      console.error('Group is not defined', error)
      return
    }
    const changed = moved.find((group) => group.id === (toGroupId ?? source?.id))
    if (!changed) return
    updateGroup.mutate(
      { id: changed.id, name: changed.name, activities: changed.activities },
      { onSuccess: onDone },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="gray.5">
            {t('Moving')}
          </Text>
          <ActivityBadge activity={activity} />
          <Text size="sm" c="gray.5">
            {source ? t('from {group}', { group: source.name }) : t('from no group')}
          </Text>
        </Group>
        {options.length === 0 ? (
          <Text size="sm" c="gray.5">
            {t('There is no other group to move to. Add a group first.')}
          </Text>
        ) : (
          <Select
            label={t('Group')}
            placeholder={t('Choose a group')}
            data={options}
            value={target}
            onChange={setTarget}
            error={targetError}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        )}
        <FormActions onCancel={onCancel} saving={updateGroup.isPending} canSave={canSave} />
      </Stack>
    </form>
  )
}
