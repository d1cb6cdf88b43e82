import type { Activity, ActivityInput } from '@kindling/core'
import { createResource } from '../lib/resource'

/** Activities (shown as Habits): list, one, and optimistic add/update/delete. */
export const activities = createResource<Activity, ActivityInput>('activities')

export const useActivities = activities.useList
export const useActivity = activities.useOne
export const useCreateActivity = activities.useCreate
export const useUpdateActivity = activities.useUpdate
export const useDeleteActivity = activities.useDelete
