import type { Activity, Group } from '@kindling/core'
import {
  GroupInput,
  GroupUpdateInput,
  selectPickableActivities,
  sortByRecent,
  toFieldErrors,
} from '@kindling/core'
import { ColorInput, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { FormActions } from '../../../components/form-actions'
import { translateFieldError } from '../../../lib/field-messages'
import { useT } from '../../../lib/i18n'

/** What the form edits of a group's input, each field filled in. */
export type GroupFormValues = Required<
  Pick<GroupInput, 'name' | 'description' | 'color' | 'activities'>
>

export interface GroupFormProps {
  mode: 'add' | 'update'
  /** The group being edited; its own activities stay on offer. */
  group?: Group
  initialValues: GroupFormValues
  activities: readonly Activity[]
  groups: readonly Group[]
  saving: boolean
  onSubmit: (values: GroupFormValues) => void
  onCancel: () => void
}

/**
 * Name (required), description, colour and the activities picker. Adding checks GroupInput;
 * updating GroupUpdateInput, which also needs at least one activity (SPEC §5).
 */
export function GroupForm({
  mode,
  group,
  initialValues,
  activities,
  groups,
  saving,
  onSubmit,
  onCancel,
}: GroupFormProps) {
  const t = useT()
  const [values, setValues] = useState(initialValues)
  const [submitted, setSubmitted] = useState(false)
  const schema = mode === 'add' ? GroupInput : GroupUpdateInput
  const parsed = schema.safeParse(values)
  const errors: Partial<Record<string, string>> = parsed.success
    ? {}
    : toFieldErrors(parsed.error.issues, { depth: 1 })
  const show = (field: keyof GroupFormValues) =>
    submitted ? translateFieldError(errors[field]) : undefined
  // The ungrouped activities plus the group's own (SPEC §3 Group), newest first.
  const pickable = sortByRecent(selectPickableActivities(activities, groups, group?.id))

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (parsed.success && !saving) onSubmit({ ...values, name: values.name.trim() })
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('Name')}
          required
          data-autofocus
          value={values.name}
          error={show('name')}
          onChange={(event) => {
            const name = event.currentTarget.value
            setValues((current) => ({ ...current, name }))
          }}
        />
        <Textarea
          label={t('Description')}
          autosize
          minRows={2}
          value={values.description}
          error={show('description')}
          onChange={(event) => {
            const description = event.currentTarget.value
            setValues((current) => ({ ...current, description }))
          }}
        />
        <ColorInput
          label={t('Color')}
          format="hex"
          eyeDropperButtonProps={{ 'aria-label': t('Pick a colour from the screen') }}
          value={values.color}
          error={show('color')}
          onChange={(color) => setValues((current) => ({ ...current, color }))}
        />
        <MultiSelect
          label={t('Activities')}
          placeholder={pickable.length === 0 ? t('No ungrouped habits') : t('Pick habits')}
          required={mode === 'update'}
          data={pickable.map((activity) => ({ value: activity.id, label: activity.name }))}
          value={values.activities}
          error={show('activities')}
          searchable
          nothingFoundMessage={t('Nothing found...')}
          comboboxProps={{ withinPortal: true }}
          onChange={(ids) => setValues((current) => ({ ...current, activities: ids }))}
        />
        <FormActions onCancel={onCancel} saving={saving} />
      </Stack>
    </form>
  )
}
