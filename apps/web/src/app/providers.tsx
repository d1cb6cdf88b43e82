import { MantineProvider } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { ActivityPanelsProvider } from '../features/activities/panels'
import { useFollowDeviceTimeZone } from '../features/reminders/api/reminders'
import { getAuthState, useAuthState } from '../lib/auth-state'
import { DEFAULT_LOCALE, WEEK_START_DAY } from '../lib/constants'
import { activityPanels } from './activity-panels'
import { createQueryClient } from './query-client'
import { theme } from './theme'
import { Toasts } from './toasts'

/**
 * Everything the app needs above the router: Mantine (dark, orange), the query cache, toasts,
 * the date settings (locale en, weeks start Monday) and the panels one feature shows in another's
 * screen. Modals live inside the router (see AppLayout) so their content can navigate.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  const uid = useAuthState((auth) => auth.user?.uid ?? null)

  // One user's cached records must never show for the next one.
  useEffect(() => {
    if (uid === null && !getAuthState().user) queryClient.clear()
  }, [uid, queryClient])

  return (
    <MantineProvider theme={theme} forceColorScheme="dark" defaultColorScheme="dark">
      <QueryClientProvider client={queryClient}>
        <DatesProvider settings={{ locale: DEFAULT_LOCALE, firstDayOfWeek: WEEK_START_DAY }}>
          <Toasts />
          <DeviceTimeZone />
          <ActivityPanelsProvider value={activityPanels}>{children}</ActivityPanelsProvider>
        </DatesProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}

/** The server learns this device's time zone, which reminders follow (issue 18). */
function DeviceTimeZone() {
  useFollowDeviceTimeZone()
  return null
}
