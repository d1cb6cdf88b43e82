import { z } from 'zod'
import { DESCRIPTION_MAX_LENGTH, GROUP_NAME_MAX_LENGTH } from '../constants'
import {
  ClientId,
  HexColor,
  Id,
  IsoDateTime,
  OrderPosition,
  RecordStamp,
  trimmedText,
} from './common'

const uniqueIds = z
  .array(Id)
  .max(500)
  .transform((ids) => [...new Set(ids)])

export const GroupInput = z.object({
  id: ClientId,
  name: trimmedText('Name', GROUP_NAME_MAX_LENGTH).min(1, 'Name is required.'),
  description: trimmedText('Description', DESCRIPTION_MAX_LENGTH).default(''),
  color: HexColor.optional(),
  activities: uniqueIds.default([]),
  position: OrderPosition.default(null),
})
export type GroupInput = z.input<typeof GroupInput>

/** SPEC §5: a group update needs a name and at least one activity. */
export const GroupUpdateInput = GroupInput.extend({
  activities: uniqueIds.refine((ids) => ids.length > 0, 'Choose at least one activity.'),
})
export type GroupUpdateInput = z.input<typeof GroupUpdateInput>

export const Group = z.object({
  ...RecordStamp,
  name: z.string(),
  description: z.string(),
  color: z.string(),
  activities: z.array(Id),
  position: z.string().nullable(),
  updatedAt: IsoDateTime.nullable(),
})
export type Group = z.infer<typeof Group>
