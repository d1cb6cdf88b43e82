// The one module the toasts' lazy import names: `import('@mantine/notifications')` itself would
// make the whole package part of the first screen's script, beside the store that shows toasts.
import { Notifications } from '@mantine/notifications'
import { HEADER_HEIGHT_PX } from '../lib/constants'
import classes from './toasts.module.css'

/**
 * Mantine's toast container, at the top. On a phone the header is the width of the screen: the
 * toasts go under it, so the page's own buttons stay in view.
 */
export function ToastContainer({ isMobile }: { isMobile: boolean }) {
  return (
    <Notifications
      position="top-center"
      className={classes.root}
      style={
        isMobile
          ? {
              top: `calc(${HEADER_HEIGHT_PX}px + env(safe-area-inset-top) + var(--mantine-spacing-xs))`,
            }
          : undefined
      }
    />
  )
}
