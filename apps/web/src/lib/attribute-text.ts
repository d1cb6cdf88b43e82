import {
  type Attribute,
  type AttributeValue,
  describeEventValues,
  formatAttributeValue,
  getAttributeLabel,
} from '@kindling/core'
import { activeLanguage, t } from './i18n'
import { formatList, formatValue } from './locale-format'

/*
 * Attribute labels and values as a user reads them, in the active language (issue 54): core's
 * English ('25 minutes', '4 / 5', 'Yes') stays SPEC's exactly; other languages word the same
 * data here, with their plurals and digits.
 */

/** An attribute's label: its name, or its type's name when it has none. */
export function attributeLabel(attribute: Attribute): string {
  if (attribute.name) return attribute.name
  if (activeLanguage() === 'en') return getAttributeLabel(attribute)
  if (attribute.type === 'duration') return t('Duration')
  if (attribute.type === 'rating') return t('Rating')
  return t('Untitled')
}

/** A duration unit's name ('minutes'), as an attribute's label shows it. */
export function durationUnitName(unit: string): string {
  if (unit === 'seconds') return t('seconds')
  if (unit === 'hours') return t('hours')
  if (unit === 'minutes') return t('minutes')
  return unit
}

function durationText(value: number, unit: string): string {
  const count = value
  if (unit === 'seconds') return t('{count, plural, one {# second} other {# seconds}}', { count })
  if (unit === 'hours') return t('{count, plural, one {# hour} other {# hours}}', { count })
  return t('{count, plural, one {# minute} other {# minutes}}', { count })
}

/** A value as text by its attribute's type ('25 minutes', '4 / 5'); '—' when empty. */
export function attributeValueText(
  attribute: Attribute | undefined,
  value: AttributeValue | undefined,
): string {
  if (activeLanguage() === 'en') return formatAttributeValue(attribute, value)
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length > 0 ? formatList(value) : '—'
  if (typeof value === 'boolean') return value ? t('Yes') : t('No')
  if (!attribute || typeof value !== 'number') return String(value)
  switch (attribute.type) {
    case 'number':
      return attribute.unit
        ? t('{value} {unit}', { value: formatValue(value), unit: attribute.unit })
        : formatValue(value)
    case 'duration':
      return durationText(value, attribute.unit)
    case 'rating':
      return t('{value} / {max}', { value: formatValue(value), max: formatValue(attribute.max) })
    default:
      return formatValue(value)
  }
}

/**
 * An event's values in a few words ('25 pages · Note: felt good'), as core's
 * `describeEventValues` says them, in the active language.
 */
export function describeValues(
  attributes: readonly Attribute[],
  values: Readonly<Record<string, AttributeValue>>,
): string {
  if (activeLanguage() === 'en') return describeEventValues(attributes, values)
  const parts: string[] = []
  for (const attribute of attributes) {
    const text = attributeValueText(attribute, values[attribute.id])
    if (text === '—') continue
    const unit = attribute.type === 'number' || attribute.type === 'duration' ? attribute.unit : ''
    parts.push(
      unit ? text : t('{label}: {value}', { label: attributeLabel(attribute), value: text }),
    )
  }
  return parts.join(' · ')
}
