import {
  ACTIVITY_NAME_INPUT_MAX_LENGTH,
  ACTIVITY_NAME_MAX_LENGTH,
  ACTIVITY_NAME_TOO_LONG,
  ActivityInput,
} from '@kindling/core'
import { ColorInput, Input, Stack, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { ActivityBadge } from '../../../components/activity-badge'
import { FormActions } from '../../../components/form-actions'
import { translateFieldError } from '../../../lib/field-messages'
import { useT } from '../../../lib/i18n'
import { ScheduleFields } from './schedule-fields'

/** What the form edits of an activity's input, each field filled in. */
export type ActivityFormValues = Required<Pick<ActivityInput, 'name' | 'color' | 'schedule'>>

export interface ActivityFormProps {
  initialValues: ActivityFormValues
  saving: boolean
  onSubmit: (values: ActivityFormValues) => void
  onCancel: () => void
}

/**
 * The red rule of SPEC §5, or the schema's message for another problem, in the active language;
 * null when valid.
 */
export function getNameError(name: string, touched: boolean): string | null {
  if (name.length > ACTIVITY_NAME_MAX_LENGTH) return translateFieldError(ACTIVITY_NAME_TOO_LONG)
  if (!touched) return null
  const result = ActivityInput.shape.name.safeParse(name)
  return result.success ? null : translateFieldError(result.error.issues[0]?.message ?? null)
}

/**
 * Name, Color, Schedule and a Preview (SPEC §2 Edit Activity dialog). The name input takes
 * up to 21 characters so the 20-character rule can show; Save is disabled while saving or
 * invalid; Enter in the name saves when valid (the form submits, its button being enabled).
 */
export function ActivityForm({ initialValues, saving, onSubmit, onCancel }: ActivityFormProps) {
  const t = useT()
  const [values, setValues] = useState(initialValues)
  const [nameTouched, setNameTouched] = useState(false)
  const parsed = ActivityInput.safeParse(values)
  const colorError = parsed.success
    ? null
    : translateFieldError(
        parsed.error.issues.find((issue) => issue.path[0] === 'color')?.message ?? null,
      )
  const nameError = getNameError(values.name, nameTouched)
  const canSave = parsed.success && !saving

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (canSave) onSubmit({ ...values, name: values.name.trim() })
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('Name')}
          required
          data-autofocus
          value={values.name}
          maxLength={ACTIVITY_NAME_INPUT_MAX_LENGTH}
          error={nameError}
          onBlur={() => setNameTouched(true)}
          onChange={(event) => {
            const name = event.currentTarget.value.slice(0, ACTIVITY_NAME_INPUT_MAX_LENGTH)
            setValues((current) => ({ ...current, name }))
          }}
        />
        <ColorInput
          label={t('Color')}
          format="hex"
          eyeDropperButtonProps={{ 'aria-label': t('Pick a colour from the screen') }}
          value={values.color}
          error={colorError}
          onChange={(color) => setValues((current) => ({ ...current, color }))}
          swatches={SWATCHES}
          swatchesPerRow={8}
        />
        <ScheduleFields
          value={values.schedule}
          onChange={(schedule) => setValues((current) => ({ ...current, schedule }))}
        />
        {values.name.trim() !== '' && (
          <Input.Wrapper label={t('Preview')} labelElement="div">
            <div>
              <ActivityBadge activity={{ name: values.name, color: values.color }} />
            </div>
          </Input.Wrapper>
        )}
        <FormActions onCancel={onCancel} saving={saving} canSave={canSave} />
      </Stack>
    </form>
  )
}

const SWATCHES = [
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
  '#868e96',
  '#f08c00',
  '#0ca678',
  '#1098ad',
]
