import { Drawer, NavLink as MantineNavLink, Stack, Text } from '@mantine/core'
import {
  IconCalendarCheck,
  IconChartBar,
  IconFlame,
  IconHistory,
  IconHome,
  IconLogin,
  IconShieldLock,
  IconTarget,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { NavLink, useLocation } from 'react-router'
import { useAuthState } from '../../lib/auth-state'
import { msg, useT } from '../../lib/i18n'
import { paths } from '../../lib/paths'
import { isNativePlatform } from '../../lib/platform'
import { type AppInfo, getAppInfo } from '../../lib/platform-actions'
import { useMounted } from '../../lib/use-mounted'
import { ServerSection } from './server-section'

interface NavDrawerProps {
  opened: boolean
  signedIn: boolean
  onClose: () => void
}

const SIGNED_IN = [
  { label: msg('Home'), to: paths.home(), icon: IconHome },
  { label: msg('Schedule'), to: paths.schedule(), icon: IconCalendarCheck },
  { label: msg('Habits'), to: paths.activities(), icon: IconFlame },
  { label: msg('Events'), to: paths.events(), icon: IconHistory },
  { label: msg('Goals'), to: paths.goals(), icon: IconTarget },
  { label: msg('Statistics'), to: paths.stats(), icon: IconChartBar },
  { label: msg('Me'), to: paths.me(), icon: IconUser },
]

/** Only for the server's admins (issue 53). */
const ADMIN = { label: msg('Admin'), to: paths.admin(), icon: IconShieldLock }

const SIGNED_OUT = [
  { label: msg('Sign In'), to: paths.signIn(), icon: IconLogin },
  { label: msg('Create Account'), to: paths.createAccount(), icon: IconUserPlus },
]

/** The side menu (SPEC §2 Layout). */
export function NavDrawer({ opened, signedIn, onClose }: NavDrawerProps) {
  const location = useLocation()
  const isAdmin = useAuthState((auth) => auth.isAdmin)
  const items = signedIn ? (isAdmin ? [...SIGNED_IN, ADMIN] : SIGNED_IN) : SIGNED_OUT
  const appInfo = useAppInfo()
  const mounted = useMounted()
  const t = useT()
  return (
    <Drawer
      opened={mounted && opened}
      onClose={onClose}
      title="Kindling"
      size={280}
      closeButtonProps={{ 'aria-label': t('Close menu') }}
      styles={{
        // Clear of the status bar and the notch on native (viewport-fit=cover).
        header: {
          paddingTop: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-top))',
          paddingLeft: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-left))',
        },
        body: {
          paddingLeft: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-left))',
          paddingBottom: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-bottom))',
        },
      }}
    >
      <Stack component="nav" aria-label={t('Menu')} gap={4}>
        {items.map(({ label, to, icon: Icon }) => (
          <MantineNavLink
            key={to}
            component={NavLink}
            to={to}
            label={t(label)}
            active={location.pathname === to}
            leftSection={<Icon size={20} aria-hidden />}
            onClick={onClose}
          />
        ))}
      </Stack>
      {isNativePlatform() && <ServerSection signedIn={signedIn} />}
      {appInfo && (
        <Text size="sm" c="dimmed" mt="xl" px="sm" data-testid="app-version">
          {t('Version {version} (build {build})', { ...appInfo })}
        </Text>
      )}
    </Drawer>
  )
}

/** The native app's version and build (SPEC §1); null on the web, which shows none. */
function useAppInfo(): AppInfo | null {
  const [appInfo, setAppInfo] = useState<AppInfo | null>(null)
  useEffect(() => {
    let active = true
    void getAppInfo().then((info) => {
      if (active) setAppInfo(info)
    })
    return () => {
      active = false
    }
  }, [])
  return appInfo
}
