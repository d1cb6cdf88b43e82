import type { Cadence, GoalInput } from '@kindling/core'
import { compareNames } from '@kindling/core'
import { Select, Stack } from '@mantine/core'
import { type FormEvent, type ReactNode, useMemo, useState } from 'react'
import { useActiveActivities } from '../../../api/activities'
import { FormActions } from '../../../components/form-actions'
import { Loading } from '../../../components/placeholders'
import { CADENCES } from '../lib/cadence'

/** What the form edits of a goal's input. */
export type GoalFormValues = Pick<GoalInput, 'activityId' | 'cadence'>

interface GoalFormProps {
  initialActivityId: string | null
  initialCadence: Cadence
  submitting: boolean
  onSubmit: (values: GoalFormValues) => void
  onCancel: () => void
  extraActions?: ReactNode
}

/** The body of Add Goal and Update Goal: an activity (required) and a cadence. */
export function GoalForm({
  initialActivityId,
  initialCadence,
  submitting,
  onSubmit,
  onCancel,
  extraActions,
}: GoalFormProps) {
  const activitiesQuery = useActiveActivities()
  const options = useMemo(
    () =>
      (activitiesQuery.data ?? [])
        .filter((activity) => !activity.deletedAt)
        .sort((a, b) => compareNames(a.name, b.name))
        .map((activity) => ({ value: activity.id, label: activity.name })),
    [activitiesQuery.data],
  )
  const [chosen, setChosen] = useState<string | null | undefined>(undefined)
  const activityId =
    chosen !== undefined
      ? chosen
      : (options.find((o) => o.value === initialActivityId)?.value ?? null)
  const [cadence, setCadence] = useState<Cadence>(initialCadence)
  const [error, setError] = useState<string | undefined>()

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!activityId) {
      setError('Choose an activity.')
      return
    }
    onSubmit({ activityId, cadence })
  }

  if (activitiesQuery.isLoading) {
    return <Loading label="Loading activities" />
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Select
          label="Activity"
          placeholder={options.length > 0 ? 'Choose an activity' : 'No activities yet'}
          required
          searchable
          data={options}
          value={activityId}
          onChange={(value) => {
            setChosen(value)
            setError(undefined)
          }}
          error={error}
          nothingFoundMessage="Nothing found..."
          comboboxProps={{ withinPortal: true }}
          // The form's first field takes the focus as it opens; its list opens on a click or a
          // key, not then: open at once, it covered the fields below it and Save.
          openOnFocus={false}
          data-autofocus
        />
        <Select
          label="Cadence"
          required
          data={[...CADENCES]}
          value={cadence}
          onChange={(value) => {
            const next = CADENCES.find((candidate) => candidate === value)
            if (next) setCadence(next)
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions onCancel={onCancel} saving={submitting} extra={extraActions} />
      </Stack>
    </form>
  )
}
