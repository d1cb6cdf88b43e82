import { Button } from '@mantine/core'
import { useEffect } from 'react'
import { useActivities } from '../../../api/activities'
import { useDeleteGoal, useGoal, useUpdateGoal } from '../../../api/goals'
import { Loading } from '../../../components/placeholders'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { GoalForm, type GoalFormValues } from '../components/goal-form'

/** Update Goal (SPEC §2, §5). Query: `goalId`; saving needs an existing activity. */
export default function UpdateGoalForm({ search, onDone, onCancel }: FormProps) {
  const t = useT()
  const goalId = search.get('goalId') ?? ''
  const goalQuery = useGoal(goalId)
  const activities = useActivities()
  const updateGoal = useUpdateGoal()
  const deleteGoal = useDeleteGoal()
  const goal = goalQuery.data
  const missing = !goalId || goalQuery.isMissing

  // SPEC §8: logged only; the form closes (the page goes back) rather than show an empty form.
  useEffect(() => {
    if (!missing) return
    console.error('Goal is not defined')
    onCancel()
  }, [missing, onCancel])

  if (!goal) {
    return <Loading label={t('Loading goal')} />
  }

  function requireUser(): boolean {
    if (getAuthState().user) return true
    console.error('User is not authenticated')
    return false
  }

  function handleSubmit(values: GoalFormValues) {
    if (!requireUser() || !goal) return
    const exists = (activities.data ?? []).some(
      (activity) => activity.id === values.activityId && !activity.deletedAt,
    )
    if (!exists) {
      console.error('Activity is not defined')
      return
    }
    updateGoal.mutate({ id: goal.id, ...values }, { onSuccess: onDone })
  }

  function handleDelete() {
    if (!requireUser() || !goal) return
    deleteGoal.mutate(goal.id, { onSuccess: onDone })
  }

  return (
    <GoalForm
      initialActivityId={goal.activityId}
      initialCadence={goal.cadence}
      initialTarget={goal.target}
      submitting={updateGoal.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
      extraActions={
        <Button color="red" variant="light" onClick={handleDelete} loading={deleteGoal.isPending}>
          {t('Delete')}
        </Button>
      }
    />
  )
}
