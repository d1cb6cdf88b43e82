import type { Activity, AttributeType, DurationUnit } from '@kindling/core'
import {
  ATTRIBUTE_TYPES,
  AttributeInput,
  addOption,
  DURATION_UNITS,
  isDeleted,
  toFieldErrors,
} from '@kindling/core'
import {
  Group,
  MultiSelect,
  NumberInput,
  Pill,
  Rating,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { type FormEvent, type KeyboardEvent, useState } from 'react'
import { FormActions } from '../../../components/form-actions'
import { durationUnitName } from '../../../lib/attribute-text'
import { translateFieldError } from '../../../lib/field-messages'
import { useT } from '../../../lib/i18n'
import {
  type AttributeDraft,
  changeType,
  readNumber,
  readString,
  readStrings,
  toInteger,
  toPayload,
} from '../lib/attribute-draft'
import { TYPE_LABELS } from '../lib/describe-attribute'

export interface AttributeFormProps {
  initialDraft: AttributeDraft
  /** Offered when the form may pick the activity (add without an activity in the query). */
  activities?: readonly Activity[]
  saving: boolean
  onSubmit: (payload: AttributeInput) => void
  onCancel: () => void
}

/**
 * Add/Update Attribute (SPEC §2, §5): the type, name (needed except for duration and rating),
 * description, required, and the type's own fields. A type change resets those fields;
 * options are added with Enter, trimmed, de-duplicated and never empty; min and max are whole
 * numbers. Saving without an activity logs 'No activity selected' and does nothing.
 */
export function AttributeForm({
  initialDraft,
  activities,
  saving,
  onSubmit,
  onCancel,
}: AttributeFormProps) {
  const t = useT()
  const [draft, setDraft] = useState(initialDraft)
  const [submitted, setSubmitted] = useState(false)
  const type = (draft.fields.type ?? 'text') as AttributeType
  const parsed = AttributeInput.safeParse(toPayload(draft))
  const errors = parsed.success ? {} : toFieldErrors(parsed.error.issues, { depth: 1 })
  const errorOf = (key: string) => (submitted ? translateFieldError(errors[key]) : undefined)

  const setField = (key: string, value: unknown) =>
    setDraft((current) => ({ ...current, fields: { ...current.fields, [key]: value } }))

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!draft.activityId) {
      console.error('No activity selected')
      return
    }
    setSubmitted(true)
    if (!parsed.success || saving) return
    onSubmit(toPayload(draft) as AttributeInput)
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {activities && (
          <Select
            label={t('Activity')}
            placeholder={t('Choose a habit')}
            data={activities
              .filter((activity) => !isDeleted(activity))
              .map((activity) => ({ value: activity.id, label: activity.name }))}
            value={draft.activityId}
            onChange={(activityId) => setDraft((current) => ({ ...current, activityId }))}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label={t('Type')}
          data={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(TYPE_LABELS[value]) }))}
          value={type}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            if (value && value !== type)
              setDraft((current) => changeType(current, value as AttributeType))
          }}
        />
        <TextInput
          label={t('Name')}
          required={type !== 'duration' && type !== 'rating'}
          data-autofocus
          value={draft.name}
          error={errorOf('name')}
          onChange={(event) => {
            const name = event.currentTarget.value
            setDraft((current) => ({ ...current, name }))
          }}
        />
        <Textarea
          label={t('Description')}
          autosize
          minRows={2}
          value={draft.description}
          error={errorOf('description')}
          onChange={(event) => {
            const description = event.currentTarget.value
            setDraft((current) => ({ ...current, description }))
          }}
        />
        <Switch
          label={t('Required')}
          checked={draft.required}
          onChange={(event) => {
            const required = event.currentTarget.checked
            setDraft((current) => ({ ...current, required }))
          }}
        />
        <TypeFields type={type} fields={draft.fields} setField={setField} errorOf={errorOf} />
        <FormActions onCancel={onCancel} saving={saving} />
      </Stack>
    </form>
  )
}

interface TypeFieldsProps {
  type: AttributeType
  fields: Record<string, unknown>
  setField: (key: string, value: unknown) => void
  errorOf: (key: string) => string | undefined
}

function TypeFields({ type, fields, setField, errorOf }: TypeFieldsProps) {
  const t = useT()
  switch (type) {
    case 'text':
      return (
        <>
          <TextInput
            label={t('Default value')}
            value={readString(fields, 'defaultValue')}
            error={errorOf('defaultValue')}
            onChange={(event) => setField('defaultValue', event.currentTarget.value)}
          />
          <NumberInput
            label={t('Max length')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={readNumber(fields, 'maxLength')}
            error={errorOf('maxLength')}
            onChange={(value) => setField('maxLength', toInteger(value))}
          />
        </>
      )
    case 'number':
      return (
        <>
          <Group grow align="flex-start">
            <NumberInput
              label={t('Min')}
              allowDecimal={false}
              value={readNumber(fields, 'min')}
              error={errorOf('min')}
              onChange={(value) => setField('min', toInteger(value))}
            />
            <NumberInput
              label={t('Max')}
              allowDecimal={false}
              value={readNumber(fields, 'max')}
              error={errorOf('max')}
              onChange={(value) => setField('max', toInteger(value))}
            />
          </Group>
          <Select
            label={t('Value type')}
            data={[
              { value: 'integer', label: t('Whole number') },
              { value: 'decimal', label: t('Decimal') },
            ]}
            value={readString(fields, 'valueType') || 'integer'}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => setField('valueType', value ?? 'integer')}
          />
          <TextInput
            label={t('Unit')}
            placeholder={t('e.g. km')}
            value={readString(fields, 'unit')}
            error={errorOf('unit')}
            onChange={(event) => setField('unit', event.currentTarget.value)}
          />
          <NumberInput
            label={t('Default value')}
            allowDecimal={readString(fields, 'valueType') === 'decimal'}
            value={readNumber(fields, 'defaultValue')}
            error={errorOf('defaultValue')}
            onChange={(value) => setField('defaultValue', typeof value === 'number' ? value : '')}
          />
        </>
      )
    case 'select':
    case 'multiselect':
      return <OptionFields type={type} fields={fields} setField={setField} errorOf={errorOf} />
    case 'duration':
      return (
        <Select
          label={t('Unit')}
          data={DURATION_UNITS.map((unit) => ({ value: unit, label: durationUnitName(unit) }))}
          value={readString(fields, 'unit') || 'minutes'}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => setField('unit', (value ?? 'minutes') as DurationUnit)}
        />
      )
    case 'rating':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('Rating from {min} to {max}', {
              min: readNumber(fields, 'min') || 1,
              max: readNumber(fields, 'max') || 5,
            })}
          </Text>
          <Rating count={5} value={0} readOnly aria-label={t('Rating 1 to 5')} />
        </Stack>
      )
    case 'boolean':
      return (
        <Select
          label={t('Default value')}
          data={[
            { value: 'none', label: t('None') },
            { value: 'true', label: t('Yes') },
            { value: 'false', label: t('No') },
          ]}
          value={typeof fields.defaultValue === 'boolean' ? String(fields.defaultValue) : 'none'}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => setField('defaultValue', value === 'none' ? '' : value === 'true')}
        />
      )
    case 'date':
      return (
        <TextInput
          label={t('Default value')}
          type="date"
          value={readString(fields, 'defaultValue')}
          error={errorOf('defaultValue')}
          onChange={(event) => setField('defaultValue', event.currentTarget.value)}
        />
      )
    case 'time':
      return (
        <TextInput
          label={t('Default value')}
          type="time"
          value={readString(fields, 'defaultValue')}
          error={errorOf('defaultValue')}
          onChange={(event) => setField('defaultValue', event.currentTarget.value)}
        />
      )
  }
}

function OptionFields({
  type,
  fields,
  setField,
  errorOf,
}: TypeFieldsProps & { type: 'select' | 'multiselect' }) {
  const t = useT()
  const [option, setOption] = useState('')
  const options = readStrings(fields, 'options')

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return
    // Enter adds the option; it must not submit the form.
    event.preventDefault()
    setField('options', addOption(options, option))
    setOption('')
  }

  function removeOption(removed: string) {
    setField(
      'options',
      options.filter((item) => item !== removed),
    )
    if (type === 'select' && fields.defaultValue === removed) setField('defaultValue', '')
    if (type === 'multiselect') {
      setField(
        'defaultValue',
        readStrings(fields, 'defaultValue').filter((item) => item !== removed),
      )
    }
  }

  return (
    <>
      <TextInput
        label={t('Options')}
        description={t('Type an option and press Enter')}
        value={option}
        error={errorOf('options')}
        onChange={(event) => setOption(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
      />
      {options.length > 0 && (
        <Pill.Group aria-label={t('Options added')}>
          {options.map((item) => (
            <Pill
              key={item}
              withRemoveButton
              onRemove={() => removeOption(item)}
              removeButtonProps={{ 'aria-label': t('Remove option {option}', { option: item }) }}
            >
              {item}
            </Pill>
          ))}
        </Pill.Group>
      )}
      {type === 'select' ? (
        <Select
          label={t('Default value')}
          data={options}
          value={readString(fields, 'defaultValue') || null}
          clearable
          error={errorOf('defaultValue')}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => setField('defaultValue', value ?? '')}
        />
      ) : (
        <MultiSelect
          label={t('Default values')}
          data={options}
          value={readStrings(fields, 'defaultValue')}
          clearable
          error={errorOf('defaultValue')}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => setField('defaultValue', value)}
        />
      )}
    </>
  )
}
