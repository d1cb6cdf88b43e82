import type { Attribute } from '@kindling/core'
import { OPTION_PREVIEW_LIMIT } from '../../../lib/constants'

/** What the attribute page shows about the type (SPEC §2 Attribute detail), in its words. */
export type TypeDetails =
  | { kind: 'options'; preview: string[]; more: number }
  | { kind: 'text'; text: string }

/** The options preview (at most 10) or the one line of SPEC §2 Attribute detail. */
export function describeAttributeType(attribute: Attribute): TypeDetails {
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
      return { kind: 'text', text: 'Type: Yes/No' }
    case 'duration':
      return { kind: 'text', text: `Duration Unit: ${attribute.unit}` }
    case 'rating':
      return { kind: 'text', text: `Rating Range: ${attribute.min} - ${attribute.max}` }
    default:
      return { kind: 'text', text: `Type: ${attribute.type}` }
  }
}

/**
 * 'min to max' when either bound is set (an open end shows as … ), else 'No min/max
 * specified'; the unit follows in brackets when present.
 */
export function describeNumberRange(min?: number, max?: number, unit?: string): string {
  const range =
    min === undefined && max === undefined
      ? 'No min/max specified'
      : `${min ?? '…'} to ${max ?? '…'}`
  return unit ? `${range} (${unit})` : range
}
