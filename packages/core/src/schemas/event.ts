import { z } from 'zod'
import { TEXT_VALUE_MAX_LENGTH } from '../constants'
import type { Attribute } from './attribute'
import { TimeOfDay } from './attribute'
import { CalendarDay, ClientId, Id, IsoDateTime, RecordStamp } from './common'

export const AttributeValue = z.union([
  z.string().max(TEXT_VALUE_MAX_LENGTH),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(TEXT_VALUE_MAX_LENGTH)).max(100),
  z.null(),
])
export type AttributeValue = z.infer<typeof AttributeValue>

/**
 * An event's date: an ISO instant, or a bare `YYYY-MM-DD` which is read as noon UTC of that
 * day (the same calendar day in every zone from UTC-11 to UTC+11). Clients that know the
 * user's zone send an instant.
 */
export const EventDate = z
  .union([IsoDateTime, CalendarDay])
  .transform((value) =>
    value.length === 10 ? `${value}T12:00:00.000Z` : new Date(value).toISOString(),
  )

export const EventInput = z.object({
  id: ClientId,
  activityId: Id,
  eventDate: EventDate,
  attributes: z.record(Id, AttributeValue).default({}),
})
export type EventInput = z.input<typeof EventInput>
export const EventUpdateInput = EventInput
export type EventUpdateInput = z.input<typeof EventUpdateInput>

export const Event = z.object({
  ...RecordStamp,
  activityId: Id,
  eventDate: IsoDateTime,
  attributes: z.record(z.string(), AttributeValue),
})
export type Event = z.infer<typeof Event>

export const EventCount = z.object({
  activityId: Id,
  count: z.number().int(),
  lastEventAt: IsoDateTime.nullable(),
})
export type EventCount = z.infer<typeof EventCount>

function isEmpty(value: AttributeValue | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
}

/** Why `value` does not fit `attribute`, or null when it fits. Empty values always fit here. */
export function checkAttributeValue(attribute: Attribute, value: AttributeValue): string | null {
  if (isEmpty(value)) return null
  switch (attribute.type) {
    case 'text':
      if (typeof value !== 'string') return 'Must be text.'
      if (attribute.maxLength !== undefined && value.length > attribute.maxLength) {
        return `Must be ${attribute.maxLength} characters or less.`
      }
      return null
    case 'number':
      if (typeof value !== 'number') return 'Must be a number.'
      if (attribute.valueType === 'integer' && !Number.isInteger(value)) {
        return 'Must be a whole number.'
      }
      if (attribute.min !== undefined && value < attribute.min) {
        return `Must be at least ${attribute.min}.`
      }
      if (attribute.max !== undefined && value > attribute.max) {
        return `Must be at most ${attribute.max}.`
      }
      return null
    case 'rating':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'Must be a whole number.'
      if (value < attribute.min || value > attribute.max) {
        return `Must be between ${attribute.min} and ${attribute.max}.`
      }
      return null
    case 'duration':
      if (typeof value !== 'number' || value < 0) return 'Must be a duration of zero or more.'
      return null
    case 'select':
      if (typeof value !== 'string' || !attribute.options.includes(value)) {
        return 'Must be one of the options.'
      }
      return null
    case 'multiselect':
      if (!Array.isArray(value) || value.some((item) => !attribute.options.includes(item))) {
        return 'Must be among the options.'
      }
      return null
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Must be yes or no.'
    case 'date':
      return typeof value === 'string' && CalendarDay.safeParse(value).success
        ? null
        : 'Must be a date YYYY-MM-DD.'
    case 'time': {
      if (typeof value !== 'string' || !TimeOfDay.safeParse(value).success) {
        return 'Must be a time HH:mm.'
      }
      if (attribute.min !== undefined && value < attribute.min) {
        return `Must be ${attribute.min} or later.`
      }
      if (attribute.max !== undefined && value > attribute.max) {
        return `Must be ${attribute.max} or earlier.`
      }
      return null
    }
  }
}

/**
 * Checks an event's attribute values against the activity's live attribute definitions:
 * every key must name one of them, each value must fit its type, required ones must be set.
 * Returns field errors keyed `attributes.<id>`, empty when all is well.
 */
export function validateEventAttributes(
  values: Record<string, AttributeValue>,
  attributes: readonly Attribute[],
): Record<string, string> {
  const errors: Record<string, string> = {}
  const byId = new Map(attributes.map((attribute) => [attribute.id, attribute]))
  for (const [id, value] of Object.entries(values)) {
    const attribute = byId.get(id)
    if (!attribute) {
      errors[`attributes.${id}`] = 'Not an attribute of this activity.'
      continue
    }
    const problem = checkAttributeValue(attribute, value)
    if (problem) errors[`attributes.${id}`] = problem
  }
  for (const attribute of attributes) {
    if (attribute.required && isEmpty(values[attribute.id])) {
      errors[`attributes.${attribute.id}`] ??= 'Required.'
    }
  }
  return errors
}
