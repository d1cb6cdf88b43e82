import { useCreateGoal } from '../../../api/goals'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { GoalForm, type GoalFormValues } from '../components/goal-form'
import { parseCadence } from '../lib/cadence'

/** Add Goal (SPEC §2, §5). Query: `cadence` (default Daily), `activityId`. */
export default function AddGoalForm({ search, onDone, onCancel }: FormProps) {
  const createGoal = useCreateGoal()

  function handleSubmit(values: GoalFormValues) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    createGoal.mutate(values, { onSuccess: onDone })
  }

  return (
    <GoalForm
      initialActivityId={search.get('activityId')}
      initialCadence={parseCadence(search.get('cadence')) ?? 'Daily'}
      submitting={createGoal.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
