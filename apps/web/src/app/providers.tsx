import { MantineProvider } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import type { ReactNode } from 'react'
import { ActivityPanelsProvider } from '../features/activities/panels'
import { useFollowDeviceTimeZone } from '../features/reminders/api/time-zone'
import { DEFAULT_LOCALE, WEEK_START_DAY } from '../lib/constants'
import { activityPanels } from './activity-panels'
import { theme } from './theme'
import { Toasts } from './toasts'

/**
 * Everything the app needs above the router: Mantine (dark, orange), toasts, the date settings
 * (locale en, weeks start Monday) and the panels one feature shows in another's screen. Modals
 * live inside the router (see AppLayout) so their content can navigate. The query cache needs no
 * provider: its hooks are handed it (app/query-client.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" defaultColorScheme="dark">
      <DatesProvider settings={{ locale: DEFAULT_LOCALE, firstDayOfWeek: WEEK_START_DAY }}>
        <Toasts />
        <DeviceTimeZone />
        <ActivityPanelsProvider value={activityPanels}>{children}</ActivityPanelsProvider>
      </DatesProvider>
    </MantineProvider>
  )
}

/** The server learns this device's time zone, which reminders follow (issue 18). */
function DeviceTimeZone() {
  useFollowDeviceTimeZone()
  return null
}
