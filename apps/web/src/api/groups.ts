import type { GroupInput, GroupUpdateInput } from '@kindling/core'
import { compareCodeUnits } from '@kindling/core'
import { createResource, latestEdit } from '../lib/resource'
import { missingActivities } from './checks'

/** Groups of activities (each activity in one at most), most recently edited first. */
export const groups = createResource<'groups', GroupInput, GroupUpdateInput>('groups', {
  schemas: (lib) => ({ create: lib.GroupInput, update: lib.GroupUpdateInput }),
  compare: (a, b) => compareCodeUnits(latestEdit(b), latestEdit(a)),
  check: (input, view) => missingActivities(input.activities as string[], view),
})

export const useGroups = groups.useList
export const useGroup = groups.useOne
export const useCreateGroup = groups.useCreate
export const useUpdateGroup = groups.useUpdate
export const useDeleteGroup = groups.useDelete
