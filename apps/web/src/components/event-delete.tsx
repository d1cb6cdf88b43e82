import type { Event } from '@kindling/core'
import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useCallback } from 'react'
import { useCreateEvent, useDeleteEvent } from '../api/events'
import { getAuthState } from '../lib/auth-state'
import { t } from '../lib/i18n'

/** How long the 'Deleted event' message offers 'Undo'. */
export const UNDO_MS = 8000

/**
 * Deletes an event at once (SPEC: one tap, then back), and shows 'Deleted event' with 'Undo' for
 * a few seconds (issue 51). Undo logs the same event again, date and values, as a new record
 * through the outbox: offline too, and on every device, since a deletion is never taken back
 * (decision 146). Resolves once the deletion is in the outbox.
 */
export function useDeleteEventWithUndo() {
  const { mutateAsync: remove, isPending } = useDeleteEvent()
  const { mutateAsync: create } = useCreateEvent()
  const deleteEvent = useCallback(
    async (event: Event): Promise<boolean> => {
      if (!getAuthState().user) {
        console.error('User is not authenticated')
        return false
      }
      try {
        await remove(event.id)
      } catch (error) {
        notifications.show({
          color: 'red',
          title: t('Not deleted'),
          message: error instanceof Error ? error.message : String(error),
        })
        return false
      }
      const id = `deleted-event-${event.id}`
      const undo = () => {
        notifications.hide(id)
        create({
          activityId: event.activityId,
          eventDate: event.eventDate,
          attributes: event.attributes,
        }).then(
          () => notifications.show({ message: t('Restored event'), color: 'orange' }),
          (error: unknown) =>
            notifications.show({
              color: 'red',
              title: t('Not restored'),
              message: error instanceof Error ? error.message : String(error),
            }),
        )
      }
      notifications.show({
        id,
        color: 'orange',
        autoClose: UNDO_MS,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{t('Deleted event')}</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              // A toast lets taps through to the page (decision 105), but for its action.
              className="kindling-toast-action"
              onClick={undo}
            >
              {t('Undo')}
            </Button>
          </Group>
        ),
      })
      return true
    },
    [remove, create],
  )
  return { deleteEvent, isPending }
}
