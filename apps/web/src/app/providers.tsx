import { isRightToLeft } from '@kindling/core'
import { DirectionContext } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import { type ReactNode, useMemo } from 'react'
import { useFollowDeviceTimeZone } from '../features/reminders/api/time-zone'
import { WEEK_START_DAY } from '../lib/constants'
import { t, useLanguage } from '../lib/i18n'
import { MantineRoot } from './mantine-root'
import { themeClosingWith } from './theme'
import { Toasts } from './toasts'

/**
 * Everything the app needs above the router: Mantine (dark, orange), toasts and the date settings
 * (the active language, weeks start Monday). Modals live inside the router (see AppLayout) so their content
 * can navigate. The query cache needs no provider: its hooks are handed it (lib/query-client.ts).
 * The panels one feature shows in another's screen come with that screen (app/routes/habit.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useLanguage()
  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Close' is the language's.
  const theme = useMemo(() => themeClosingWith(t('Close')), [language])
  return (
    // Right to left in Arabic (issue 54): the language says so to Mantine's components, as its
    // DirectionProvider would (without watching `<html dir>`: the language sets that too).
    <DirectionContext value={isRightToLeft(language) ? RTL : LTR}>
      {/* The theme's CSS variables are a stylesheet (theme-variables.css), not drawn at every start. */}
      <MantineRoot theme={theme}>
        <DatesProvider settings={{ locale: language, firstDayOfWeek: WEEK_START_DAY }}>
          <Toasts />
          <DeviceTimeZone />
          {children}
        </DatesProvider>
      </MantineRoot>
    </DirectionContext>
  )
}

/** The server learns this device's time zone, which reminders follow (issue 18). */
function DeviceTimeZone() {
  useFollowDeviceTimeZone()
  return null
}

const noop = () => {}
// Mantine's direction; the app changes it by its language, never by Mantine.
const LTR = { dir: 'ltr', toggleDirection: noop, setDirection: noop } as const
const RTL = { dir: 'rtl', toggleDirection: noop, setDirection: noop } as const
