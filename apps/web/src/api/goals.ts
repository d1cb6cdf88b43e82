import type { GoalInput, GoalUpdateInput } from '@kindling/core'
import { createResource, newestFirst } from '../lib/resource'
import { unknownActivity } from './checks'

/** Daily, weekly and monthly goals, newest first. */
export const goals = createResource<'goals', GoalInput, GoalUpdateInput>('goals', {
  schemas: (lib) => ({ create: lib.GoalInput, update: lib.GoalUpdateInput }),
  compare: newestFirst,
  check: (input, view) => unknownActivity(String(input.activityId), view),
})

export const useGoals = goals.useList
export const useGoal = goals.useOne
export const useCreateGoal = goals.useCreate
export const useUpdateGoal = goals.useUpdate
export const useDeleteGoal = goals.useDelete
