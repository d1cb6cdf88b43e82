import { z } from 'zod'
import { NOT_AN_ATTRIBUTE } from '../field-errors'
import type { Attribute } from './attribute'
import { AttributeValue, checkAttributeValue, isEmptyValue } from './attribute'
import { CalendarDay, ClientId, Id, IsoDateTime, RecordStamp } from './common'

/**
 * An event's date: an ISO instant, or a bare `YYYY-MM-DD` which is read as noon UTC of that
 * day (the same calendar day in every zone from UTC-11 to UTC+11). Clients that know the
 * user's zone send an instant.
 */
export const EventDate = z
  .union([IsoDateTime, CalendarDay], {
    error: 'Must be a date-time with its offset or a day YYYY-MM-DD, from the year 1 on.',
  })
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
  updatedAt: IsoDateTime.nullable().describe(
    'When the event was last edited; null while it is as logged. A device whose history counts an old event learns from it that the count moved.',
  ),
})
export type Event = z.infer<typeof Event>

export const EventCount = z.object({
  activityId: Id,
  count: z.number().int(),
  lastEventAt: IsoDateTime.nullable(),
})
export type EventCount = z.infer<typeof EventCount>

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
      errors[`attributes.${id}`] = NOT_AN_ATTRIBUTE
      continue
    }
    const problem = checkAttributeValue(attribute, value)
    if (problem) errors[`attributes.${id}`] = problem
  }
  for (const attribute of attributes) {
    if (attribute.required && isEmptyValue(values[attribute.id])) {
      errors[`attributes.${attribute.id}`] ??= 'Required.'
    }
  }
  return errors
}
