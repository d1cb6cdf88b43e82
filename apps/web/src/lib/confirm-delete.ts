import { notifications } from '@mantine/notifications'
import { getAuthState } from './auth-state'
import { t } from './i18n'
import { confirm } from './platform-actions'

export interface ConfirmDeleteOptions {
  /** SPEC §8's question, e.g. 'Are you sure you want to delete this group?'. */
  question: string
  /** The record's name, in the dialog's title. */
  name: string
  /** The toast once it is gone, e.g. 'Deleted group Body'. */
  deleted: string
  remove: () => Promise<unknown>
  onDeleted?: () => void
}

/**
 * Deletes a record once the user confirms: the system dialog on native, a Mantine confirm modal
 * on the web (lib/platform), then a toast. A failed delete was already logged and rolled back by
 * the data layer (SPEC §8); nothing more is said here.
 */
export async function confirmDelete(options: ConfirmDeleteOptions): Promise<void> {
  const confirmed = await confirm(options.question, {
    title: t('Delete {name}', { name: options.name }),
    confirmLabel: t('Delete'),
    destructive: true,
  })
  if (!confirmed) return
  if (!getAuthState().user) {
    console.error('User is not authenticated')
    return
  }
  try {
    await options.remove()
  } catch {
    return
  }
  notifications.show({ message: options.deleted, color: 'orange' })
  options.onDeleted?.()
}
