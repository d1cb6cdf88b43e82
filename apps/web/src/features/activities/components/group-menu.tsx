import type { Group } from '@kindling/core'
import { ActionIcon } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import { type ComponentProps, lazy, Suspense, useState } from 'react'
import { ErrorBoundary } from '../../../components/error-boundary'
import { useConfirmDeleteGroup } from '../../../components/group-delete'
import { useOpenForm } from '../../../lib/form-opener'
import { t, useT } from '../../../lib/i18n'
import { useIsMobile } from '../../../lib/layout'
import { useNavigateTo } from '../../../lib/navigate'
import { paths } from '../../../lib/paths'
import { getPlatform } from '../../../lib/platform'
import { showActionSheet } from '../../../lib/platform-actions'
import { GROUP_ACTION_TEXTS, type GroupAction } from './group-action'

// The drawer and dropdown (Mantine's overlays, a dozen chunks) load on intent: hovering or
// focusing the button fetches them, pressing it shows them. The habits page draws without them.
const loadPopup = () => import('./group-menu-popup')
const preload = () => void loadPopup().catch(() => undefined)
const GroupMenuDrawer = lazy(() =>
  loadPopup().then((module) => ({ default: module.GroupMenuDrawer })),
)
const GroupMenuDropdown = lazy(() =>
  loadPopup().then((module) => ({ default: module.GroupMenuDropdown })),
)

/**
 * The group's actions (SPEC §2 Group menu): the system action sheet on iOS, a bottom drawer on
 * the mobile layout, a dropdown otherwise.
 */
export function GroupMenu({ group }: { group: Group }) {
  const isMobile = useIsMobile()
  const openForm = useOpenForm()
  const navigateTo = useNavigateTo()
  const { confirmDelete } = useConfirmDeleteGroup()
  useT()
  const label = t('Group menu for {name}', { name: group.name })
  // The drawer: mounted from the first opening on, so it can play its closing transition.
  const [drawer, setDrawer] = useState({ mounted: false, opened: false })
  // The dropdown, once pressed: it replaces the stand-in button, with the focus it had.
  const [dropdown, setDropdown] = useState<{ focused: boolean } | null>(null)

  const actions: GroupAction[] = [
    { label: 'Add Activity', run: () => openForm(paths.addActivity({ groupId: group.id })) },
    { label: 'View Group', run: () => navigateTo(paths.group(group.id)) },
    { label: 'Edit Group', run: () => openForm(paths.updateGroup({ groupId: group.id })) },
    { label: 'Delete Group', destructive: true, run: () => confirmDelete(group) },
  ]

  const trigger = (props: Omit<ComponentProps<'button'>, 'color' | 'style'>) => (
    <ActionIcon variant="subtle" color="gray" aria-label={label} {...props}>
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  )

  if (getPlatform() === 'ios') {
    const openActionSheet = async () => {
      const index = await showActionSheet(
        group.name,
        actions.map((action) => ({
          title: t(GROUP_ACTION_TEXTS[action.label]),
          destructive: action.destructive,
        })),
      )
      if (index !== null) actions[index]?.run()
    }
    return trigger({ onClick: () => void openActionSheet() })
  }

  if (isMobile) {
    return (
      <>
        {trigger({
          onPointerEnter: preload,
          onFocus: preload,
          onClick: () => setDrawer({ mounted: true, opened: true }),
        })}
        {drawer.mounted && (
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}>
              <GroupMenuDrawer
                title={group.name}
                actions={actions}
                opened={drawer.opened}
                onClose={() => setDrawer({ mounted: true, opened: false })}
              />
            </Suspense>
          </ErrorBoundary>
        )}
      </>
    )
  }

  const standIn = trigger({
    onPointerEnter: preload,
    onFocus: preload,
    onClick: (event) => setDropdown({ focused: document.activeElement === event.currentTarget }),
  })
  if (!dropdown) return standIn
  return (
    <ErrorBoundary fallback={standIn}>
      <Suspense fallback={standIn}>
        <GroupMenuDropdown label={label} actions={actions} takeFocus={dropdown.focused} />
      </Suspense>
    </ErrorBoundary>
  )
}
