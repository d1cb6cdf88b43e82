import type { Group } from '@kindling/core'
import { notifications } from '@mantine/notifications'
import { useCallback } from 'react'
import { useDeleteGroup } from '../api/groups'
import { getAuthState } from '../lib/auth-state'
import { confirm } from '../lib/platform'

/**
 * Deleting a group after a confirmation (SPEC §8 'Are you sure you want to delete this group?'),
 * then the toast 'Deleted group {name}'. Shared by the group menu and the group page.
 * Native asks with the system dialog, the web with a Mantine confirm modal (lib/platform).
 */
export function useConfirmDeleteGroup() {
  const deleteGroup = useDeleteGroup()
  // mutateAsync: the menu that asked is unmounted as soon as the group leaves the list
  // (optimistically), and per-call callbacks of `mutate` would then never run.
  const { mutateAsync } = deleteGroup
  const confirmDelete = useCallback(
    (group: Group, onDeleted?: () => void) => {
      void confirm('Are you sure you want to delete this group?', {
        title: `Delete ${group.name}`,
        confirmLabel: 'Delete',
        destructive: true,
      }).then((confirmed) => {
        if (!confirmed) return
        if (!getAuthState().user) {
          console.error('User is not authenticated')
          return
        }
        return mutateAsync(group.id).then(
          () => {
            notifications.show({ message: `Deleted group ${group.name}`, color: 'orange' })
            onDeleted?.()
          },
          // Already logged and rolled back by the data layer (SPEC §8).
          () => undefined,
        )
      })
    },
    [mutateAsync],
  )
  return { confirmDelete, isPending: deleteGroup.isPending }
}
