import { z } from 'zod'
import { Cadence, Id, RecordStamp } from './common'

export const GoalInput = z.object({
  activityId: Id.describe('The activity this goal is about; it must exist and be yours.'),
  cadence: Cadence,
})
export type GoalInput = z.input<typeof GoalInput>
export const GoalUpdateInput = GoalInput
export type GoalUpdateInput = z.input<typeof GoalUpdateInput>

export const Goal = z.object({
  ...RecordStamp,
  activityId: Id,
  cadence: Cadence,
})
export type Goal = z.infer<typeof Goal>
