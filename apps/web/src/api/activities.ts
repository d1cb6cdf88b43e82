import type { ActivityInput, ActivityUpdateInput } from '@kindling/core'
import { compareCodeUnits, isActive, randomColor } from '@kindling/core'
import { createResource, latestEdit } from '../lib/resource'
import { useSynced } from '../lib/sync/store'

/** Activities (shown as Habits), most recently edited first, from the synced copy. */
export const activities = createResource<'activities', ActivityInput, ActivityUpdateInput>(
  'activities',
  {
    schemas: (lib) => ({ create: lib.ActivityInput, update: lib.ActivityUpdateInput }),
    compare: (a, b) => compareCodeUnits(latestEdit(b), latestEdit(a)),
    // Every device must show the same colour: it is picked once, here.
    prepare: (input) => ({ ...input, color: input.color ?? randomColor() }),
  },
)

export const useActivities = activities.useList
export const useActivity = activities.useOne
export const useCreateActivity = activities.useCreate
export const useUpdateActivity = activities.useUpdate
export const useDeleteActivity = activities.useDelete

/**
 * The habits the user works with: neither deleted nor archived (issue 49), for lists, pickers and
 * search. An archived habit keeps its page, history and statistics.
 */
export function useActiveActivities() {
  return useSynced((view) => activities.list(view).filter(isActive), [])
}
