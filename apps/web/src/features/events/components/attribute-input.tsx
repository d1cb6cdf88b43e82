import type { Attribute, AttributeValue } from '@kindling/core'
import { checkAttributeValue } from '@kindling/core'
import {
  Input,
  MultiSelect,
  NumberInput,
  Rating,
  Select,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core'
import { TimeInput } from '@mantine/dates'
import { useId } from 'react'
import { LazyDayInput } from '../../../components/lazy-day-input'
import { attributeLabel, durationUnitName } from '../../../lib/attribute-text'
import { translateFieldError } from '../../../lib/field-messages'
import { useT } from '../../../lib/i18n'
import { clampTime, describeNumberRange } from '../lib/attribute-values'

export interface AttributeInputProps {
  attribute: Attribute
  value: AttributeValue | undefined
  onChange: (value: AttributeValue) => void
  error?: string
}

function toNumber(value: number | string): number | null {
  if (typeof value === 'number') return value
  if (value.trim() === '') return null
  const parsed = Number(value)
  return Number.isFinite(parsed) ? parsed : null
}

/** The input for one attribute of an event, by the attribute's type (SPEC §3). */
export function AttributeInput({
  attribute,
  value,
  onChange,
  error: givenError,
}: AttributeInputProps) {
  const t = useT()
  const label = attributeLabel(attribute)
  const error = translateFieldError(givenError)
  const required = attribute.required
  const description = attribute.description || undefined
  const ratingLabelId = useId()

  switch (attribute.type) {
    case 'text': {
      const text = typeof value === 'string' ? value : ''
      const props = {
        label,
        description,
        required,
        error,
        value: text,
        maxLength: attribute.maxLength,
      }
      // Long allowed texts get room to write; short ones stay one line.
      return attribute.maxLength !== undefined && attribute.maxLength <= 100 ? (
        <TextInput {...props} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <Textarea
          {...props}
          autosize
          minRows={2}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
    }
    case 'number': {
      const range = describeNumberRange(attribute)
      // Out of range is said at once and the value kept as typed: never changed behind the
      // user's back (the form refuses to save it).
      const problem = value === undefined ? null : checkAttributeValue(attribute, value)
      return (
        <NumberInput
          label={attribute.unit ? t('{label} ({unit})', { label, unit: attribute.unit }) : label}
          description={[description, range].filter(Boolean).join(' · ') || undefined}
          required={required}
          error={error ?? translateFieldError(problem) ?? undefined}
          value={typeof value === 'number' ? value : ''}
          min={attribute.min}
          max={attribute.max}
          clampBehavior="none"
          allowDecimal={attribute.valueType === 'decimal'}
          onChange={(next) => onChange(toNumber(next))}
        />
      )
    }
    case 'duration':
      return (
        <NumberInput
          label={t('{label} ({unit})', { label, unit: durationUnitName(attribute.unit) })}
          description={description}
          required={required}
          error={error}
          value={typeof value === 'number' ? value : ''}
          min={0}
          clampBehavior="blur"
          allowNegative={false}
          onChange={(next) => onChange(toNumber(next))}
        />
      )
    case 'rating':
      return (
        <Input.Wrapper
          label={label}
          labelElement="div"
          id={ratingLabelId}
          description={description}
          required={required}
          error={error}
        >
          <Rating
            role="radiogroup"
            aria-labelledby={`${ratingLabelId}-label`}
            count={attribute.max}
            value={typeof value === 'number' ? value : 0}
            onChange={(next) => onChange(next)}
            size="lg"
            mt={4}
          />
        </Input.Wrapper>
      )
    case 'select':
      return (
        <Select
          label={label}
          description={description}
          required={required}
          error={error}
          data={attribute.options}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          clearable={!required}
          allowDeselect={!required}
          comboboxProps={{ withinPortal: true }}
        />
      )
    case 'multiselect':
      return (
        <MultiSelect
          label={label}
          description={description}
          required={required}
          error={error}
          data={attribute.options}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => onChange(next)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )
    case 'boolean':
      return (
        <Switch
          label={label}
          // Mantine wraps label, description and error in one <label>: without this the
          // switch's name ran them together ('OutsideIn daylight'), not its label alone.
          aria-label={label}
          description={description}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      )
    case 'date':
      return (
        <LazyDayInput
          label={label}
          description={description}
          required={required}
          clearable={!required}
          error={error}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
        />
      )
    case 'time':
      return (
        <TimeInput
          label={label}
          description={
            attribute.min || attribute.max
              ? [
                  description,
                  t('Between {min} and {max}', {
                    min: attribute.min ?? '00:00',
                    max: attribute.max ?? '23:59',
                  }),
                ]
                  .filter(Boolean)
                  .join('. ')
              : description
          }
          required={required}
          error={error}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={(event) => {
            const clamped = clampTime(event.currentTarget.value, attribute.min, attribute.max)
            if (clamped !== event.currentTarget.value) onChange(clamped)
          }}
        />
      )
  }
}
