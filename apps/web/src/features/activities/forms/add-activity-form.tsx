import { addActivityToGroup, randomColor } from '@kindling/core'
import { useState } from 'react'
import { useCreateActivity } from '../../../api/activities'
import { useGroups, useUpdateGroup } from '../../../api/groups'
import { toastAdded } from '../../../lib/added-toast'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { t } from '../../../lib/i18n'
import { ActivityForm, type ActivityFormValues } from '../components/activity-form'

/**
 * Add Activity (SPEC §2). Query `groupId`: the new activity is also appended to that group
 * (SPEC §4 Groups). Toast 'Added {activity name}'.
 */
export default function AddActivityForm({ search, onDone, onCancel }: FormProps) {
  const createActivity = useCreateActivity()
  const updateGroup = useUpdateGroup()
  const groupsQuery = useGroups()
  const groupId = search.get('groupId') || null
  const [initialValues] = useState<ActivityFormValues>(() => ({
    name: '',
    color: randomColor(),
    schedule: { type: 'Daily' },
  }))

  function handleSubmit(values: ActivityFormValues) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    createActivity.mutate(
      { name: values.name, color: values.color, schedule: values.schedule },
      {
        onSuccess: (activity) => {
          const groups = groupsQuery.data ?? []
          const group = groupId ? groups.find((candidate) => candidate.id === groupId) : undefined
          if (groupId && !group) console.error('Group is not defined')
          if (group) {
            const joined = addActivityToGroup(groups, group.id, activity.id)
            const { activities } = joined.find((candidate) => candidate.id === group.id) ?? group
            updateGroup.mutate({ id: group.id, name: group.name, activities })
          }
          onDone()
          toastAdded(t('Added {name}', { name: activity.name }))
        },
      },
    )
  }

  return (
    <ActivityForm
      initialValues={initialValues}
      saving={createActivity.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
