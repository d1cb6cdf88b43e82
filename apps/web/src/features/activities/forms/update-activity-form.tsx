import { useActivity, useUpdateActivity } from '../../../api/activities'
import { Gone, Loading } from '../../../components/placeholders'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { getSelectedActivityId } from '../../../lib/selected-activity'
import { ActivityForm, type ActivityFormValues } from '../components/activity-form'

/**
 * Update Activity (SPEC §2 Edit Activity dialog). Query `activityId`; without it, the habit the
 * user last opened.
 */
export default function UpdateActivityForm({ search, onDone, onCancel }: FormProps) {
  const t = useT()
  const activityId = search.get('activityId') || getSelectedActivityId() || ''
  const activityQuery = useActivity(activityId)
  const updateActivity = useUpdateActivity()
  const activity = activityQuery.data

  if (activityQuery.isLoading) {
    return <Loading label={t('Loading activity')} />
  }
  if (!activity) {
    return <Gone>{t('This habit no longer exists.')}</Gone>
  }

  function handleSubmit(values: ActivityFormValues) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    updateActivity.mutate({ id: activityId, ...values }, { onSuccess: onDone })
  }

  return (
    <ActivityForm
      key={activity.id}
      initialValues={{ name: activity.name, color: activity.color, schedule: activity.schedule }}
      saving={updateActivity.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
