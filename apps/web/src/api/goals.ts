import type { Goal, GoalInput } from '@kindling/core'
import { createResource } from '../lib/resource'

export const goals = createResource<Goal, GoalInput>('goals')

export const useGoals = goals.useList
export const useGoal = goals.useOne
export const useCreateGoal = goals.useCreate
export const useUpdateGoal = goals.useUpdate
export const useDeleteGoal = goals.useDelete
