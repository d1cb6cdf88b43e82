import type { Attribute, AttributeValue } from '@kindling/core'
import { t } from '../../../lib/i18n'
import { formatValue } from '../../../lib/locale-format'

/** Values an event form holds, keyed by attribute id. */
export type AttributeValues = Record<string, AttributeValue>

/** The form's starting values: each attribute's defaultValue, where it has one. */
export function buildDefaultValues(attributes: readonly Attribute[]): AttributeValues {
  const values: AttributeValues = {}
  for (const attribute of attributes) {
    const value = 'defaultValue' in attribute ? attribute.defaultValue : undefined
    if (value !== undefined) values[attribute.id] = value
  }
  return values
}

/**
 * The values to send: only the activity's attributes, without empty entries (an untouched
 * optional input is "no value", not an empty string).
 */
export function collectValues(
  values: AttributeValues,
  attributes: readonly Attribute[],
): AttributeValues {
  const result: AttributeValues = {}
  for (const attribute of attributes) {
    const value = values[attribute.id]
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value) && value.length === 0) continue
    result[attribute.id] = value
  }
  return result
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * SPEC §5: a blurred time outside min/max snaps to the nearer bound. `HH:mm` strings compare
 * correctly as text; an empty or malformed value is left for validation to report.
 */
export function clampTime(value: string, min?: string, max?: string): string {
  if (!TIME_PATTERN.test(value)) return value
  if (min && TIME_PATTERN.test(min) && value < min) return min
  if (max && TIME_PATTERN.test(max) && value > max) return max
  return value
}

/**
 * The allowed range of a number attribute in words, with its unit: "0 to 300 kg", "at least
 * 0 kg", "at most 10"; null without bounds. Shown under the field so a value is never guessed.
 */
export function describeNumberRange(attribute: {
  min?: number
  max?: number
  unit?: string
}): string | null {
  const { unit } = attribute
  const min = attribute.min === undefined ? undefined : formatValue(attribute.min)
  const max = attribute.max === undefined ? undefined : formatValue(attribute.max)
  if (min !== undefined && max !== undefined) {
    return unit ? t('{min} to {max} {unit}', { min, max, unit }) : t('{min} to {max}', { min, max })
  }
  if (min !== undefined) {
    return unit ? t('At least {min} {unit}', { min, unit }) : t('At least {min}', { min })
  }
  if (max !== undefined) {
    return unit ? t('At most {max} {unit}', { max, unit }) : t('At most {max}', { max })
  }
  return null
}
