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
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
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
          <Title order={1} size="h3" lineClamp={1}>
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
