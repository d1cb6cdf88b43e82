import type { AttributeInput, AttributeUpdateInput } from '@kindling/core'
import { createResource, newestFirst } from '../lib/resource'
import { unknownActivity } from './checks'

/** Attributes of activities, newest first; each is listed on its activity's `attributes`. */
export const attributes = createResource<'attributes', AttributeInput, AttributeUpdateInput>(
  'attributes',
  {
    schemas: (lib) => ({ create: lib.AttributeInput, update: lib.AttributeUpdateInput }),
    compare: newestFirst,
    check: (input, view) => unknownActivity(String(input.activityId), view),
  },
)

export const useAttributes = attributes.useList
export const useAttribute = attributes.useOne
export const useCreateAttribute = attributes.useCreate
export const useUpdateAttribute = attributes.useUpdate
export const useDeleteAttribute = attributes.useDelete
