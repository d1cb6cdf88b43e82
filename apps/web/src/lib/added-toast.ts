import { notifications } from '@mantine/notifications'
import { onIdle } from './idle'

/**
 * Says what a form added ('Added event'), once the screen the form goes back to is drawn:
 * mounting a toast lays the page out (it measures itself), which was a third of logging's Save
 * at 4x CPU when it came before the way back (issue 55).
 */
export function toastAdded(message: string): void {
  onIdle(() => notifications.show({ message, color: 'orange' }))
}
