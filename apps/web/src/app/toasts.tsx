import {
  type NotificationData,
  notificationsStore,
  updateNotificationsState,
  useNotifications,
} from '@mantine/notifications'
import { lazy, Suspense, useEffect, useState } from 'react'
import { ErrorBoundary } from '../components/error-boundary'
import { useIsMobile } from '../lib/layout'

/** Mantine's toast container and its transitions: loaded with the first toast or press. */
export const loadToasts = () => import('./toast-container')
const ToastContainer = lazy(() =>
  loadToasts().then((module) => ({ default: module.ToastContainer })),
)

/**
 * The toasts: `notifications.show` keeps them in Mantine's store, which this container draws
 * from once mounted, so a toast shown before its code arrived still appears.
 */
export function Toasts() {
  const state = useNotifications()
  const shown = state.notifications.length > 0
  const isMobile = useIsMobile()
  const count = state.notifications.length + state.queue.length
  // On a phone one snackbar at a time, the newest (issue 51: four 'Added event' stacked over the
  // calendar): a new toast takes the place of the one shown.
  useEffect(() => {
    if (isMobile && count > 1) updateNotificationsState(notificationsStore, keepNewest)
  }, [isMobile, count])
  // Mounted from the first toast on, so later ones animate in and out.
  const [mounted, setMounted] = useState(shown)
  if (shown && !mounted) setMounted(true)
  if (!mounted) return null
  // Code that cannot be fetched (offline before the service worker holds it) shows no toast
  // rather than taking the app down.
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <ToastContainer isMobile={isMobile} />
      </Suspense>
    </ErrorBoundary>
  )
}

/** The newest toast alone (Mantine numbers them as they are shown). */
function keepNewest(list: NotificationData[]): NotificationData[] {
  const sequence = (item: NotificationData) => (item as { __sequence?: number }).__sequence ?? 0
  const newest = list.reduce<NotificationData | undefined>(
    (best, item) => (best && sequence(best) > sequence(item) ? best : item),
    undefined,
  )
  return newest ? [newest] : []
}
