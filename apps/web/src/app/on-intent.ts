import { loadSyncBadge } from '../components/sync-status'
import { isMobileNow } from '../lib/layout'
import { loadRefusalMessages } from '../lib/sync/engine'
import { loadWriteSchemas } from '../lib/sync/load-schemas'
import { loadFormModal } from './form-opener-provider'
import { loadToasts } from './toasts'

/** The web's confirm and action-sheet dialogs (lib/web-dialogs): mounted once first asked for. */
export const loadWebDialogs = () => import('../lib/web-dialogs')

/**
 * What the first screen does not draw but a tap may need at once, in the order of need, a module
 * graph each: the write schemas, the toasts, the form modal (a phone opens forms as pages), the
 * dialogs, and what a write shows (the sync sign, the words about a refused change).
 */
export const ON_INTENT: readonly (() => Promise<unknown>)[] = [
  loadWriteSchemas,
  loadToasts,
  () => (isMobileNow() ? Promise.resolve() : loadFormModal()),
  loadWebDialogs,
  loadSyncBadge,
  loadRefusalMessages,
]
