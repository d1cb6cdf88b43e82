import { z } from 'zod'
import { Cadence, ClientId, Id, RecordStamp } from './common'

export const GOAL_COMPARISONS = ['atLeast', 'atMost'] as const
export const GoalComparison = z.enum(GOAL_COMPARISONS)
export type GoalComparison = z.infer<typeof GoalComparison>

export const GOAL_TARGET_COUNT_MAX = 1000

/** "3 times a week": at least `count` events in each period of the goal's cadence. */
export const CountTarget = z.object({
  kind: z.literal('count'),
  count: z.number().int().min(1).describe('How many events each period asks for.'),
})

const amountFields = {
  attributeId: Id.describe('A number or duration attribute of the same activity.'),
  comparison: GoalComparison.describe(
    '`atLeast`: done once the total reaches `value`; `atMost` (a limit): done while it stays at or under it.',
  ),
  value: z.number().finite().min(0, 'Must be zero or more.'),
}

/**
 * An amount a goal asks for in each period of its cadence: the sum of a number (or duration)
 * attribute over the period's events must be at least, or at most, `value` ("20 pages a day",
 * "at most 2 cups a day"). Loop Habit Tracker's numerical habits import as such goals.
 */
export const AmountTarget = z.object({ kind: z.literal('amount'), ...amountFields })

/** A goal's target as the API answers it. */
export const GoalTarget = z.union([CountTarget, AmountTarget])
export type GoalTarget = z.infer<typeof GoalTarget>

const countField = z
  .number()
  .int('Times must be a whole number.')
  .min(1, 'Times must be 1 or more.')
  .max(GOAL_TARGET_COUNT_MAX, `Times must be ${GOAL_TARGET_COUNT_MAX} or less.`)

/**
 * A target as a client may send it: `{ kind: 'count', count }` or `{ kind: 'amount', attributeId,
 * comparison, value }`; `kind` may be left out of an amount target, the shape the API took before
 * counts existed (decision 061), which is answered with `kind: 'amount'`. A missing or invalid
 * field is named (`target.count`, `target.attributeId`, ...).
 */
export const GoalTargetInput = z
  .object({
    kind: z.enum(['count', 'amount']).default('amount'),
    count: countField.optional().describe('With `kind: count`: events each period asks for.'),
    attributeId: amountFields.attributeId.optional(),
    comparison: amountFields.comparison.optional(),
    value: amountFields.value.optional(),
  })
  .superRefine((target, context) => {
    const required = target.kind === 'count' ? ['count'] : ['attributeId', 'comparison', 'value']
    for (const key of required) {
      if (target[key as keyof typeof target] === undefined) {
        context.addIssue({ code: 'custom', path: [key], message: 'Required.' })
      }
    }
  })
  .transform(
    (target): GoalTarget =>
      target.kind === 'count'
        ? { kind: 'count', count: target.count as number }
        : {
            kind: 'amount',
            attributeId: target.attributeId as string,
            comparison: target.comparison as GoalComparison,
            value: target.value as number,
          },
  )

export const GoalInput = z.object({
  id: ClientId,
  activityId: Id.describe('The activity this goal is about; it must exist and be yours.'),
  cadence: Cadence,
  target: GoalTargetInput.nullable()
    .default(null)
    .describe(
      'What each period asks for: a number of events (`kind: count`) or a total of an attribute (`kind: amount`); absent or null: one event in the period is enough.',
    ),
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
