import { useState } from 'react'
import { useCreateEvent } from '../../../api/events'
import { toastAdded } from '../../../lib/added-toast'
import { getAuthState } from '../../../lib/auth-state'
import { STORAGE_KEYS } from '../../../lib/constants'
import type { FormProps } from '../../../lib/form-opener'
import { t } from '../../../lib/i18n'
import { readStoredString, writeStoredString } from '../../../lib/stored-string'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { EventForm, type EventFormValues } from '../components/event-form'
import { resolveDefaultDay, toEventInstant } from '../lib/event-date'

/**
 * Add Event (SPEC §2, §5). Query: `activityId` (else the last used activity), `defaultDate`
 * (`YYYY-MM-DD`, ignored when invalid; else today in the device zone).
 */
export default function AddEventForm({ search, onDone, onCancel }: FormProps) {
  const createEvent = useCreateEvent()
  const [initialDay] = useState(() =>
    resolveDefaultDay(search.get('defaultDate'), new Date(), getDeviceTimeZone()),
  )
  const [preferredActivityId] = useState(
    () => search.get('activityId') || readStoredString(STORAGE_KEYS.lastActivityId),
  )

  function handleSubmit({ activityId, day, attributes }: EventFormValues) {
    if (!getAuthState().user) {
      console.error('User is not authenticated')
      return
    }
    createEvent.mutate(
      {
        activityId,
        eventDate: toEventInstant(day, new Date(), getDeviceTimeZone()),
        attributes,
      },
      {
        onSuccess: () => {
          writeStoredString(STORAGE_KEYS.lastActivityId, activityId)
          onDone()
          toastAdded(t('Added event'))
        },
      },
    )
  }

  return (
    <EventForm
      preferredActivityId={preferredActivityId}
      initialDay={initialDay}
      submitting={createEvent.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    />
  )
}
