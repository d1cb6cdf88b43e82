import type { Group, GroupInput } from '@kindling/core'
import { createResource } from '../lib/resource'

export const groups = createResource<Group, GroupInput>('groups')

export const useGroups = groups.useList
export const useGroup = groups.useOne
export const useCreateGroup = groups.useCreate
export const useUpdateGroup = groups.useUpdate
export const useDeleteGroup = groups.useDelete
