import { toCalendarDay } from '@kindling/core'
import { Button } from '@mantine/core'
import { useEffect } from 'react'
import { useEvent } from '../../../api/event-pages'
import { useDeleteEvent, useUpdateEvent } from '../../../api/events'
import { Loading } from '../../../components/placeholders'
import { getAuthState } from '../../../lib/auth-state'
import type { FormProps } from '../../../lib/form-opener'
import { useT } from '../../../lib/i18n'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { EventForm, type EventFormValues } from '../components/event-form'
import { toEventInstant } from '../lib/event-date'

/** Update Event (SPEC §2, §5). Query: `eventId`; the event must exist. */
export default function UpdateEventForm({ search, onDone, onCancel }: FormProps) {
  const t = useT()
  const eventId = search.get('eventId') ?? ''
  const eventQuery = useEvent(eventId)
  const updateEvent = useUpdateEvent()
  const deleteEvent = useDeleteEvent()
  const event = eventQuery.data
  const missing = !eventId || eventQuery.isMissing

  // SPEC §8: logged only; the form closes (the page goes back) rather than show an empty form.
  useEffect(() => {
    if (!missing) return
    console.error('Event not found')
    onCancel()
  }, [missing, onCancel])

  if (!event) {
    return <Loading label={t('Loading event')} />
  }

  const timeZone = getDeviceTimeZone()
  const initialDay = toCalendarDay(event.eventDate, timeZone)

  function requireUser(): boolean {
    if (getAuthState().user) return true
    console.error('User is not authenticated')
    return false
  }

  function handleSubmit({ activityId, day, attributes }: EventFormValues) {
    if (!requireUser()) return
    if (!event) {
      console.error('Event not found')
      return
    }
    // Keep the event's own time when its day did not change.
    const eventDate =
      day === initialDay ? event.eventDate : toEventInstant(day, new Date(), timeZone)
    updateEvent.mutate({ id: event.id, activityId, eventDate, attributes }, { onSuccess: onDone })
  }

  function handleDelete() {
    if (!requireUser() || !event) return
    deleteEvent.mutate(event.id, { onSuccess: onDone })
  }

  return (
    <EventForm
      preferredActivityId={event.activityId}
      initialDay={initialDay}
      initialValues={event.attributes}
      submitting={updateEvent.isPending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
      extraActions={
        <Button color="red" variant="light" onClick={handleDelete} loading={deleteEvent.isPending}>
          {t('Delete')}
        </Button>
      }
    />
  )
}
