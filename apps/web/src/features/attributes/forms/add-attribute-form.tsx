import type { AttributeInput } from '@kindling/core'
import { useState } from 'react'
import { useActiveActivities } from '../../../api/activities'
import { useCreateAttribute } from '../../../api/attributes'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { AttributeForm } from '../components/attribute-form'
import { createDraft } from '../lib/attribute-draft'

/**
 * Add Attribute (SPEC §2). Query `activityId`; without it the form offers the habits to pick
 * from, and saving with none chosen logs 'No activity selected' (SPEC §5).
 */
export default function AddAttributeForm({ search, onDone, onCancel }: FormProps) {
  const createAttribute = useCreateAttribute()
  const queryActivityId = search.get('activityId') || null
  const activitiesQuery = useActiveActivities()
  const [initialDraft] = useState(() => createDraft(queryActivityId))

  function handleSubmit(payload: AttributeInput) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    createAttribute.mutate(payload, { onSuccess: onDone })
  }

  return (
    <AttributeForm
      initialDraft={initialDraft}
      activities={queryActivityId ? undefined : (activitiesQuery.data ?? [])}
      saving={createAttribute.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
