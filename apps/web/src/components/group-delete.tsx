import type { Group } from '@kindling/core'
import { useCallback } from 'react'
import { useDeleteGroup } from '../api/groups'
import { confirmDelete as confirmDeleteRecord } from '../lib/confirm-delete'
import { t } from '../lib/i18n'

/**
 * Deleting a group after a confirmation (SPEC §8 'Are you sure you want to delete this group?'),
 * then the toast 'Deleted group {name}'. Shared by the group menu and the group page.
 */
export function useConfirmDeleteGroup() {
  const deleteGroup = useDeleteGroup()
  // mutateAsync: the menu that asked is unmounted as soon as the group leaves the list
  // (optimistically), and per-call callbacks of `mutate` would then never run.
  const { mutateAsync } = deleteGroup
  const confirmDelete = useCallback(
    (group: Group, onDeleted?: () => void) =>
      void confirmDeleteRecord({
        question: t('Are you sure you want to delete this group?'),
        name: group.name,
        deleted: t('Deleted group {name}', { name: group.name }),
        remove: () => mutateAsync(group.id),
        onDeleted,
      }),
    [mutateAsync],
  )
  return { confirmDelete, isPending: deleteGroup.isPending }
}
