import type { AttributeInput } from '@kindling/core'
import { useAttribute, useUpdateAttribute } from '../../../api/attributes'
import { Gone, Loading } from '../../../components/placeholders'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { AttributeForm } from '../components/attribute-form'
import { draftFromAttribute } from '../lib/attribute-draft'

/** Update Attribute (SPEC §2). Query `attributeId`. */
export default function UpdateAttributeForm({ search, onDone, onCancel }: FormProps) {
  const t = useT()
  const attributeId = search.get('attributeId') ?? ''
  const attributeQuery = useAttribute(attributeId)
  const updateAttribute = useUpdateAttribute()
  const attribute = attributeQuery.data

  if (attributeQuery.isLoading) {
    return <Loading label={t('Loading attribute')} />
  }
  if (!attribute) {
    return <Gone>{t('This attribute no longer exists.')}</Gone>
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
