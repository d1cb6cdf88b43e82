import { ActionIcon, Anchor, Box, Group, Title } from '@mantine/core'
import { useFullscreenDocument } from '@mantine/hooks'
import {
  IconArrowLeft,
  IconMaximize,
  IconMenu2,
  IconMinimize,
  IconSearch,
} from '@tabler/icons-react'
import { Link } from 'react-router'
import { SyncStatus } from '../../components/sync-status'
import { HEADER_HEIGHT_PX } from '../../lib/constants'
import { useT } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { useOpenSpotlight } from '../spotlight/spotlight-launcher'
import { useGoBack } from '../use-go-back'

interface AppHeaderProps {
  title: string
  topLevel: boolean
  isMobile: boolean
  signedIn: boolean
  onOpenMenu: () => void
  /** The pointer or the focus is on the menu button: a good moment to fetch the menu. */
  onMenuIntent: () => void
  /** Receives the element page actions render into (HeaderActions). */
  actionsRef: (element: HTMLDivElement | null) => void
}

/** The fixed header (SPEC §2 Layout): menu or back, the route's title, page actions, search. */
export function AppHeader({
  title,
  topLevel,
  isMobile,
  signedIn,
  onOpenMenu,
  onMenuIntent,
  actionsRef,
}: AppHeaderProps) {
  const t = useT()
  const goBack = useGoBack()
  const openSpotlight = useOpenSpotlight()
  const { toggle: toggleFullscreen, fullscreen } = useFullscreenDocument()

  return (
    <Box
      component="header"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      // The status bar / notch area sits above the 75 px bar, not inside it (native, viewport-fit).
      h={`calc(${HEADER_HEIGHT_PX}px + env(safe-area-inset-top))`}
      style={{
        zIndex: 100,
        paddingTop: 'env(safe-area-inset-top)',
        paddingLeft: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-left))',
        paddingRight: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-right))',
        background: 'var(--mantine-color-dark-7)',
        borderBottom: '1px solid var(--mantine-color-dark-4)',
      }}
    >
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        {/* The title's side takes the room the actions leave, and is the container its title's
            font size is measured against (below). */}
        <Group
          gap="sm"
          wrap="nowrap"
          style={{ minWidth: 0, flex: '1 1 0', containerType: 'inline-size' }}
        >
          {topLevel ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('Open menu')}
              onClick={onOpenMenu}
              onPointerEnter={onMenuIntent}
              onFocus={onMenuIntent}
            >
              <IconMenu2 aria-hidden />
            </ActionIcon>
          ) : (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('Back')}
              onClick={goBack}
            >
              <IconArrowLeft aria-hidden className="mirror-in-rtl" />
            </ActionIcon>
          )}
          {/* A long single word ('Gewohnheiten', 'Estadísticas', about 8.2 em wide in bold) in a
              phone's header beside three actions shrinks rather than being cut off: the size
              follows the room the button beside it leaves (container units), about 8.8 em, down
              to 1rem, and never grows past the h3 size. Measured in CSS: a script fitting the
              text would grow the first screen's script. */}
          <Title
            order={1}
            size="h3"
            lineClamp={1}
            style={{
              fontSize: 'clamp(1rem, calc((100cqi - 46px) / 8.8), var(--mantine-h3-font-size))',
            }}
          >
            {isMobile ? (
              title
            ) : (
              // Wide layouts have no tab bar: the title leads home (issue 15).
              <Anchor component={Link} to={paths.home()} inherit c="inherit" underline="never">
                {title}
              </Anchor>
            )}
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {signedIn && <SyncStatus compact={isMobile} />}
          <Group gap="xs" wrap="nowrap" ref={actionsRef} />
          {signedIn && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('Search')}
              onClick={openSpotlight}
            >
              <IconSearch aria-hidden />
            </ActionIcon>
          )}
          {!isMobile && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('Toggle fullscreen')}
              aria-pressed={fullscreen}
              onClick={() => void toggleFullscreen()}
            >
              {fullscreen ? <IconMinimize aria-hidden /> : <IconMaximize aria-hidden />}
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Box>
  )
}
