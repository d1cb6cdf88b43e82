import { MantineProvider } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import type { ReactNode } from 'react'
import { useFollowDeviceTimeZone } from '../features/reminders/api/time-zone'
import { DEFAULT_LOCALE, WEEK_START_DAY } from '../lib/constants'
import { theme } from './theme'
import { Toasts } from './toasts'

/**
 * Everything the app needs above the router: Mantine (dark, orange), toasts and the date settings
 * (locale en, weeks start Monday). Modals live inside the router (see AppLayout) so their content
 * can navigate. The query cache needs no provider: its hooks are handed it (lib/query-client.ts).
 * The panels one feature shows in another's screen come with that screen (app/routes/habit.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // The theme's CSS variables are a stylesheet (theme-variables.css), not drawn at every start.
    <MantineProvider
      theme={theme}
      forceColorScheme="dark"
      defaultColorScheme="dark"
      withCssVariables={false}
    >
      <DatesProvider settings={{ locale: DEFAULT_LOCALE, firstDayOfWeek: WEEK_START_DAY }}>
        <Toasts />
        <DeviceTimeZone />
        {children}
      </DatesProvider>
    </MantineProvider>
  )
}

/** The server learns this device's time zone, which reminders follow (issue 18). */
function DeviceTimeZone() {
  useFollowDeviceTimeZone()
  return null
}
