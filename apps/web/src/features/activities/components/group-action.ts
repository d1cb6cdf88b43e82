import { type MessageKey, msg } from '../../../lib/i18n'

/** One action of a group's menu (SPEC §2 Group menu): built by the menu, shown by its popup. */
export interface GroupAction {
  label: 'Add Activity' | 'View Group' | 'Edit Group' | 'Delete Group'
  destructive?: boolean
  run: () => void
}

/** Each action's English label as a message, drawn through `t`. */
export const GROUP_ACTION_TEXTS: Record<GroupAction['label'], MessageKey> = {
  'Add Activity': msg('Add Activity'),
  'View Group': msg('View Group'),
  'Edit Group': msg('Edit Group'),
  'Delete Group': msg('Delete Group'),
}
