import { useActivities } from '../../../api/activities'
import { useGroup, useGroups, useUpdateGroup } from '../../../api/groups'
import { Gone, Loading } from '../../../components/placeholders'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { GroupForm, type GroupFormValues } from '../components/group-form'

/** Update Group (SPEC §2, §5): name required and at least one activity. Query `groupId`. */
export default function UpdateGroupForm({ search, onDone, onCancel }: FormProps) {
  const t = useT()
  const groupId = search.get('groupId') ?? ''
  const groupQuery = useGroup(groupId)
  const activitiesQuery = useActivities()
  const groupsQuery = useGroups()
  const updateGroup = useUpdateGroup()
  const group = groupQuery.data

  if (groupQuery.isLoading || activitiesQuery.isLoading) {
    return <Loading label={t('Loading group')} />
  }
  if (!group) {
    console.error('Group is not defined')
    return <Gone>{t('This group no longer exists.')}</Gone>
  }

  function handleSubmit(values: GroupFormValues) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    updateGroup.mutate({ id: groupId, ...values }, { onSuccess: onDone })
  }

  const live = new Set((activitiesQuery.data ?? []).map((activity) => activity.id))
  return (
    <GroupForm
      key={group.id}
      mode="update"
      group={group}
      initialValues={{
        name: group.name,
        description: group.description,
        color: group.color,
        // Ids of deleted activities would fail the server's check; they are gone anyway.
        activities: group.activities.filter((id) => live.has(id)),
      }}
      activities={activitiesQuery.data ?? []}
      groups={groupsQuery.data ?? []}
      saving={updateGroup.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
