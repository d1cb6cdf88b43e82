import type { Attribute, AttributeInput } from '@kindling/core'
import { createResource } from '../lib/resource'

/** Attribute writes also change the owning activity's `attributes` list on the server. */
export const attributes = createResource<Attribute, AttributeInput>('attributes', {
  alsoInvalidates: [['activities']],
})

export const useAttributes = attributes.useList
export const useAttribute = attributes.useOne
export const useCreateAttribute = attributes.useCreate
export const useUpdateAttribute = attributes.useUpdate
export const useDeleteAttribute = attributes.useDelete
