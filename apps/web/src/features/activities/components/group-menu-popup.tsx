import { ActionIcon, Button, Drawer, Menu, Stack } from '@mantine/core'
import { IconDots, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { t, useT } from '../../../lib/i18n'
import { useMounted } from '../../../lib/use-mounted'
import { GROUP_ACTION_TEXTS, type GroupAction } from './group-action'

/** The menus of the group menu (SPEC §2 Group menu), loaded on intent: Mantine's overlays. */

const ICONS: Record<GroupAction['label'], typeof IconPlus> = {
  'Add Activity': IconPlus,
  'View Group': IconEye,
  'Edit Group': IconPencil,
  'Delete Group': IconTrash,
}

function ActionIconOf({ action }: { action: GroupAction }) {
  const Icon = ICONS[action.label]
  return <Icon size={16} aria-hidden />
}

/** The mobile layout's bottom drawer of the group's actions. */
export function GroupMenuDrawer({
  title,
  actions,
  opened,
  onClose,
}: {
  title: string
  actions: readonly GroupAction[]
  opened: boolean
  onClose: () => void
}) {
  useT()
  const mounted = useMounted()
  return (
    <Drawer
      opened={mounted && opened}
      onClose={onClose}
      position="bottom"
      size={320}
      title={title}
      radius="md"
    >
      <Stack gap="xs" pb="md">
        {actions.map((action, index) => (
          <Button
            key={action.label}
            // The focus starts on the first action, as a menu's does, not on the close button.
            data-autofocus={index === 0 || undefined}
            variant="light"
            color={action.destructive ? 'red' : 'gray'}
            justify="flex-start"
            leftSection={<ActionIconOf action={action} />}
            size="md"
            onClick={() => {
              onClose()
              action.run()
            }}
          >
            {t(GROUP_ACTION_TEXTS[action.label])}
          </Button>
        ))}
      </Stack>
    </Drawer>
  )
}

/**
 * The wide layouts' dropdown, which wraps its own trigger: it takes the place of the stand-in
 * button that was pressed, keeping the focus it had, and opens at once.
 */
export function GroupMenuDropdown({
  label,
  actions,
  takeFocus,
}: {
  label: string
  actions: readonly GroupAction[]
  takeFocus: boolean
}) {
  useT()
  const mounted = useMounted()
  const [opened, setOpened] = useState(true)
  const target = useRef<HTMLButtonElement>(null)
  const focusOnMount = useRef(takeFocus)
  useEffect(() => {
    if (focusOnMount.current) target.current?.focus()
  }, [])
  return (
    <Menu opened={mounted && opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon ref={target} variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.label}
            leftSection={<ActionIconOf action={action} />}
            color={action.destructive ? 'red' : undefined}
            onClick={action.run}
          >
            {t(GROUP_ACTION_TEXTS[action.label])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
