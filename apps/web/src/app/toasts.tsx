import { useNotifications } from '@mantine/notifications'
import { lazy, Suspense, useState } from 'react'
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
  const shown = useNotifications().notifications.length > 0
  const isMobile = useIsMobile()
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
