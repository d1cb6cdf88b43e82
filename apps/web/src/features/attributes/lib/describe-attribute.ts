import type { Attribute, AttributeType } from '@kindling/core'
import { durationUnitName } from '../../../lib/attribute-text'
import { OPTION_PREVIEW_LIMIT } from '../../../lib/constants'
import { activeLanguage, type MessageKey, msg, t } from '../../../lib/i18n'
import { formatValue } from '../../../lib/locale-format'

/** What the attribute page shows about the type (SPEC §2 Attribute detail), in its words. */
export type TypeDetails =
  | { kind: 'options'; preview: string[]; more: number }
  | { kind: 'text'; text: string }

/** Each type's name as the form offers it. */
export const TYPE_LABELS: Record<AttributeType, MessageKey> = {
  text: msg('Text'),
  number: msg('Number'),
  rating: msg('Rating'),
  duration: msg('Duration'),
  select: msg('Select'),
  multiselect: msg('Multi-select'),
  boolean: msg('Yes/No'),
  date: msg('Date'),
  time: msg('Time'),
}

/**
 * The options preview (at most 10) or the one line of SPEC §2 Attribute detail, in the active
 * language: SPEC's English names the type and unit as stored ('Type: text', 'Duration Unit:
 * minutes'); other languages by their names for them.
 */
export function describeAttributeType(attribute: Attribute): TypeDetails {
  const english = activeLanguage() === 'en'
  switch (attribute.type) {
    case 'select':
    case 'multiselect':
      return {
        kind: 'options',
        preview: attribute.options.slice(0, OPTION_PREVIEW_LIMIT),
        more: Math.max(0, attribute.options.length - OPTION_PREVIEW_LIMIT),
      }
    case 'number':
      return {
        kind: 'text',
        text: describeNumberRange(attribute.min, attribute.max, attribute.unit),
      }
    case 'boolean':
      return { kind: 'text', text: t('Type: Yes/No') }
    case 'duration':
      return {
        kind: 'text',
        text: t('Duration Unit: {unit}', {
          unit: english ? attribute.unit : durationUnitName(attribute.unit),
        }),
      }
    case 'rating':
      return {
        kind: 'text',
        text: t('Rating Range: {min} - {max}', {
          min: formatValue(attribute.min),
          max: formatValue(attribute.max),
        }),
      }
    default:
      return {
        kind: 'text',
        text: t('Type: {type}', {
          type: english ? attribute.type : t(TYPE_LABELS[attribute.type]),
        }),
      }
  }
}

/**
 * 'min to max' when either bound is set (an open end shows as … ), else 'No min/max
 * specified'; the unit follows in brackets when present.
 */
export function describeNumberRange(min?: number, max?: number, unit?: string): string {
  const range =
    min === undefined && max === undefined
      ? t('No min/max specified')
      : t('{min} to {max}', {
          min: min === undefined ? '…' : formatValue(min),
          max: max === undefined ? '…' : formatValue(max),
        })
  return unit ? t('{range} ({unit})', { range, unit }) : range
}
