import { z } from 'zod'
import { Cadence, ClientId, Id, RecordStamp } from './common'

export const GOAL_COMPARISONS = ['atLeast', 'atMost'] as const
export const GoalComparison = z.enum(GOAL_COMPARISONS)
export type GoalComparison = z.infer<typeof GoalComparison>

/**
 * An amount a goal asks for in each period of its cadence: the sum of a number (or duration)
 * attribute over the period's events must be at least, or at most, `value`. Loop Habit
 * Tracker's numerical habits ("at least 5 km per week") import as such goals.
 */
export const GoalTarget = z.object({
  attributeId: Id.describe('A number or duration attribute of the same activity.'),
  comparison: GoalComparison,
  value: z.number().finite().min(0, 'Must be zero or more.'),
})
export type GoalTarget = z.infer<typeof GoalTarget>

export const GoalInput = z.object({
  id: ClientId,
  activityId: Id.describe('The activity this goal is about; it must exist and be yours.'),
  cadence: Cadence,
  target: GoalTarget.nullable()
    .default(null)
    .describe('Optional amount per period; absent or null: one event in the period is enough.'),
})
export type GoalInput = z.input<typeof GoalInput>
export const GoalUpdateInput = GoalInput
export type GoalUpdateInput = z.input<typeof GoalUpdateInput>

export const Goal = z.object({
  ...RecordStamp,
  activityId: Id,
  cadence: Cadence,
  target: GoalTarget.nullable(),
})
export type Goal = z.infer<typeof Goal>
