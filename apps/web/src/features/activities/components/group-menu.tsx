import type { Group } from '@kindling/core'
import { ActionIcon, Button, Drawer, Menu, Stack } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconDots, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useNavigate } from 'react-router'
import { useConfirmDeleteGroup } from '../../../components/group-delete'
import { useOpenForm } from '../../../lib/form-opener'
import { useIsMobile } from '../../../lib/layout'
import { paths } from '../../../lib/paths'
import { getPlatform, showActionSheet } from '../../../lib/platform'

/**
 * The group's actions (SPEC §2 Group menu): the system action sheet on iOS, a bottom drawer on
 * the mobile layout, a dropdown otherwise.
 */
export function GroupMenu({ group }: { group: Group }) {
  const isMobile = useIsMobile()
  const openForm = useOpenForm()
  const navigate = useNavigate()
  const { confirmDelete } = useConfirmDeleteGroup()
  const [drawerOpened, drawer] = useDisclosure(false)
  const label = `Group menu for ${group.name}`

  const actions = [
    {
      label: 'Add Activity',
      icon: <IconPlus size={16} aria-hidden />,
      run: () => openForm(paths.addActivity({ groupId: group.id })),
    },
    {
      label: 'View Group',
      icon: <IconEye size={16} aria-hidden />,
      run: () => navigate(paths.group(group.id)),
    },
    {
      label: 'Edit Group',
      icon: <IconPencil size={16} aria-hidden />,
      run: () => openForm(paths.updateGroup({ groupId: group.id })),
    },
    {
      label: 'Delete Group',
      icon: <IconTrash size={16} aria-hidden />,
      color: 'red',
      run: () => confirmDelete(group),
    },
  ]

  const trigger = (props: { onClick?: () => void }) => (
    <ActionIcon variant="subtle" color="gray" aria-label={label} {...props}>
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  )

  if (getPlatform() === 'ios') {
    const openActionSheet = async () => {
      const index = await showActionSheet(
        group.name,
        actions.map((action) => ({ title: action.label, destructive: action.color === 'red' })),
      )
      if (index !== null) actions[index]?.run()
    }
    return trigger({ onClick: () => void openActionSheet() })
  }

  if (isMobile) {
    return (
      <>
        {trigger({ onClick: drawer.open })}
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          position="bottom"
          size={320}
          title={group.name}
          radius="md"
        >
          <Stack gap="xs" pb="md">
            {actions.map((action) => (
              <Button
                key={action.label}
                variant="light"
                color={action.color ?? 'gray'}
                justify="flex-start"
                leftSection={action.icon}
                size="md"
                onClick={() => {
                  drawer.close()
                  action.run()
                }}
              >
                {action.label}
              </Button>
            ))}
          </Stack>
        </Drawer>
      </>
    )
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{trigger({})}</Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.label}
            leftSection={action.icon}
            color={action.color}
            onClick={action.run}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
