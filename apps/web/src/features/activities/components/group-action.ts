/** One action of a group's menu (SPEC §2 Group menu): built by the menu, shown by its popup. */
export interface GroupAction {
  label: 'Add Activity' | 'View Group' | 'Edit Group' | 'Delete Group'
  destructive?: boolean
  run: () => void
}
