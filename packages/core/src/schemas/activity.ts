import { z } from 'zod'
import { ACTIVITY_NAME_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '../constants'
import {
  ClientId,
  HexColor,
  Id,
  IsoDateTime,
  OrderPosition,
  RecordStamp,
  trimmedText,
  Visibility,
} from './common'
import { Schedule, StoredSchedule } from './schedule'

export const ACTIVITY_NAME_TOO_LONG = `Name must be ${ACTIVITY_NAME_MAX_LENGTH} characters or less.`

export const ActivityName = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(ACTIVITY_NAME_MAX_LENGTH, ACTIVITY_NAME_TOO_LONG)

/**
 * What a client may send to create an activity. Missing optional fields take SPEC §9 defaults;
 * `color` stays undefined when absent so the server can pick a random one.
 */
export const ActivityInput = z.object({
  id: ClientId,
  name: ActivityName,
  description: trimmedText('Description', DESCRIPTION_MAX_LENGTH).default(''),
  color: HexColor.optional(),
  attributes: z.array(Id).max(100).default([]),
  visibility: Visibility.default('private'),
  schedule: Schedule.default({ type: 'Daily' }),
  archived: z
    .boolean()
    .default(false)
    .describe('Archived: out of every list, the schedule, goals and reminders; history kept.'),
  position: OrderPosition.default(null),
})
export type ActivityInput = z.input<typeof ActivityInput>

/**
 * PUT replaces the editable fields; the server merges the stored record under the body first.
 * `attributes` is the server's (kept by the attribute rules): an update's value is dropped.
 */
export const ActivityUpdateInput = ActivityInput.omit({ attributes: true })
export type ActivityUpdateInput = z.input<typeof ActivityUpdateInput>

/** A stored activity as the API answers it; transform-free, so responses can be encoded. */
export const Activity = z.object({
  ...RecordStamp,
  name: z.string(),
  description: z.string(),
  color: z.string(),
  attributes: z.array(Id),
  visibility: Visibility,
  schedule: StoredSchedule,
  archived: z.boolean(),
  position: z.string().nullable(),
  updatedAt: IsoDateTime.nullable(),
})
export type Activity = z.infer<typeof Activity>
