// The one module the toasts' lazy import names: `import('@mantine/notifications')` itself would
// make the whole package part of the first screen's script, beside the store that shows toasts.
export { Notifications } from '@mantine/notifications'
