import { Box, Group, Text, UnstyledButton } from '@mantine/core'
import { IconCalendarCheck, IconFlame, IconHistory } from '@tabler/icons-react'
import { NavLink } from 'react-router'
import { FOOTER_HEIGHT_PX } from '../../lib/constants'
import { msg, useT } from '../../lib/i18n'
import { paths } from '../../lib/paths'

const TABS = [
  { label: msg('Schedule'), to: paths.schedule(), icon: IconCalendarCheck },
  { label: msg('Habits'), to: paths.activities(), icon: IconFlame },
  { label: msg('Events'), to: paths.events(), icon: IconHistory },
] as const

/** The mobile bottom tab bar (SPEC §2 Layout). */
export function TabBar() {
  const t = useT()
  return (
    <Box
      component="nav"
      aria-label={t('Tabs')}
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      // The home indicator area sits below the 90 px bar, not inside it.
      h={`calc(${FOOTER_HEIGHT_PX}px + env(safe-area-inset-bottom))`}
      style={{
        zIndex: 100,
        paddingBottom: 'env(safe-area-inset-bottom)',
        paddingLeft: 'env(safe-area-inset-left)',
        paddingRight: 'env(safe-area-inset-right)',
        background: 'var(--mantine-color-dark-7)',
        borderTop: '1px solid var(--mantine-color-dark-4)',
      }}
    >
      <Group h="100%" grow gap={0} wrap="nowrap">
        {TABS.map(({ label, to, icon: Icon }) => (
          <UnstyledButton
            key={to}
            component={NavLink}
            to={to}
            h="100%"
            style={({ isActive }: { isActive: boolean }) => ({
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 4,
              color: isActive ? 'var(--mantine-color-orange-4)' : 'var(--mantine-color-dark-0)',
            })}
          >
            <Icon size={26} aria-hidden />
            <Text size="sm" inherit fw={500}>
              {t(label)}
            </Text>
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  )
}
