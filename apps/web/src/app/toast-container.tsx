// The one module the toasts' lazy import names: `import('@mantine/notifications')` itself would
// make the whole package part of the first screen's script, beside the store that shows toasts.
import { Notifications } from '@mantine/notifications'
import { FOOTER_HEIGHT_PX } from '../lib/constants'
import classes from './toasts.module.css'

/**
 * Mantine's toast container. On wide layouts at the top; on a phone a snackbar just above the tab
 * bar, without a close button: under the header it covered the page's first controls (the
 * schedule's filter), and its close button took the taps meant for them.
 */
export function ToastContainer({ isMobile }: { isMobile: boolean }) {
  return (
    <Notifications
      position={isMobile ? 'bottom-center' : 'top-center'}
      className={isMobile ? `${classes.root} ${classes.phone}` : classes.root}
      style={
        isMobile
          ? {
              bottom: `calc(${FOOTER_HEIGHT_PX}px + env(safe-area-inset-bottom) + var(--mantine-spacing-xs))`,
            }
          : undefined
      }
    />
  )
}
