import type { AttributeInput } from '@kindling/core'
import { Center, Loader, Text } from '@mantine/core'
import { useAttribute, useUpdateAttribute } from '../../../api/attributes'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { AttributeForm } from '../components/attribute-form'
import { draftFromAttribute } from '../lib/attribute-draft'

/** Update Attribute (SPEC §2). Query `attributeId`. */
export default function UpdateAttributeForm({ search, onDone, onCancel }: FormProps) {
  const attributeId = search.get('attributeId') ?? ''
  const attributeQuery = useAttribute(attributeId)
  const updateAttribute = useUpdateAttribute()
  const attribute = attributeQuery.data

  if (attributeQuery.isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading attribute" />
      </Center>
    )
  }
  if (!attribute) {
    return (
      <Text c="gray.5" ta="center" py="xl">
        This attribute no longer exists.
      </Text>
    )
  }

  function handleSubmit(payload: AttributeInput) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    updateAttribute.mutate({ ...payload, id: attributeId }, { onSuccess: onDone })
  }

  return (
    <AttributeForm
      key={attribute.id}
      initialDraft={draftFromAttribute(attribute)}
      saving={updateAttribute.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
