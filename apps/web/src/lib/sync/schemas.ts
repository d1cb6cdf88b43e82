/**
 * The write schemas of the synced copy, loaded on the first write so that zod stays out of
 * the first screen's JavaScript.
 */
export {
  ActivityInput,
  ActivityUpdateInput,
  AttributeInput,
  AttributeUpdateInput,
  BreakInput,
  BreakUpdateInput,
  EventInput,
  EventUpdateInput,
  GoalInput,
  GoalUpdateInput,
  GroupInput,
  GroupUpdateInput,
  validateEventAttributes,
} from '@kindling/core'
