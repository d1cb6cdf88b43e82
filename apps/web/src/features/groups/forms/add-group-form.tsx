import { randomColor } from '@kindling/core'
import { useState } from 'react'
import { useActiveActivities } from '../../../api/activities'
import { useCreateGroup, useGroups } from '../../../api/groups'
import { toastAdded } from '../../../lib/added-toast'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { t } from '../../../lib/i18n'
import { GroupForm, type GroupFormValues } from '../components/group-form'

/** Add Group (SPEC §2): name required; toast 'Added group {name}'. */
export default function AddGroupForm({ onDone, onCancel }: FormProps) {
  const createGroup = useCreateGroup()
  const activitiesQuery = useActiveActivities()
  const groupsQuery = useGroups()
  const [initialValues] = useState<GroupFormValues>(() => ({
    name: '',
    description: '',
    color: randomColor(),
    activities: [],
  }))

  function handleSubmit(values: GroupFormValues) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    createGroup.mutate(values, {
      onSuccess: (group) => {
        onDone()
        toastAdded(t('Added group {name}', { name: group.name }))
      },
    })
  }

  return (
    <GroupForm
      mode="add"
      initialValues={initialValues}
      activities={activitiesQuery.data ?? []}
      groups={groupsQuery.data ?? []}
      saving={createGroup.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
