import type { Attribute, AttributeType } from '@kindling/core'
import { defaultAttributeFields } from '@kindling/core'

/**
 * What the attribute form edits: the common fields and the type-specific ones as a loose record
 * (they differ per type; AttributeInput checks the whole on save and drops what a type lacks).
 */
export interface AttributeDraft {
  activityId: string | null
  name: string
  description: string
  required: boolean
  fields: Record<string, unknown>
}

export function createDraft(
  activityId: string | null,
  type: AttributeType = 'text',
): AttributeDraft {
  return {
    activityId,
    name: '',
    description: '',
    required: false,
    fields: { ...defaultAttributeFields(type) },
  }
}

/** Fields every attribute has, besides the type-specific ones. */
const COMMON_KEYS = [
  'id',
  'activityId',
  'name',
  'description',
  'required',
  'author',
  'createdAt',
  'updatedAt',
  'deletedAt',
] as const

/** A stored attribute as a draft, keeping its type-specific values. */
export function draftFromAttribute(attribute: Attribute): AttributeDraft {
  const fields: Record<string, unknown> = { ...attribute }
  for (const key of COMMON_KEYS) delete fields[key]
  const { activityId, name, description, required } = attribute
  return { activityId, name, description, required, fields }
}

/** SPEC §4: a type change resets the type-specific fields to the new type's defaults. */
export function changeType(draft: AttributeDraft, type: AttributeType): AttributeDraft {
  return { ...draft, fields: { ...defaultAttributeFields(type) } }
}

/** The payload AttributeInput parses; empty optional fields are left out. */
export function toPayload(draft: AttributeDraft): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(draft.fields)) {
    if (value === '' || value === null || value === undefined) continue
    fields[key] = value
  }
  return {
    ...fields,
    activityId: draft.activityId ?? '',
    name: draft.name,
    description: draft.description,
    required: draft.required,
  }
}

export function readString(fields: Record<string, unknown>, key: string): string {
  const value = fields[key]
  return typeof value === 'string' ? value : ''
}

export function readNumber(fields: Record<string, unknown>, key: string): number | '' {
  const value = fields[key]
  return typeof value === 'number' ? value : ''
}

export function readStrings(fields: Record<string, unknown>, key: string): string[] {
  const value = fields[key]
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

/** Min and max are whole numbers (SPEC §5): typed decimals are cut to their integer part. */
export function toInteger(value: string | number): number | '' {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10)
  return Number.isFinite(number) ? Math.trunc(number) : ''
}
