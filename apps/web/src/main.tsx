// Mantine's global styles; each component's own come with it (mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import './app/theme-variables.css'
import './app/contrast.css'
import './app/direction.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppRouter } from './app/app-router'
import { connectSync } from './app/connect-sync'
import { whenFirstDrawingReady } from './app/first-drawing'
import { AppProviders } from './app/providers'
import { startPhonesAtSchedule } from './app/route-guards'
import { AppRoutes, preloadScreen } from './app/router'
import { ErrorBoundary } from './components/error-boundary'
import { startAuth } from './features/auth/auth-session'
import { setRetryOnAuthFailure } from './lib/api-client'
import { applyAppStyles } from './lib/app-styles'
import { setAuthState } from './lib/auth-state'
import { whenFirstScreenShown } from './lib/first-screen'
import { activateLanguage, initialLanguage } from './lib/i18n'
import { registerServiceWorker } from './lib/offline-files'
import { isNativePlatform } from './lib/platform'
import { loadServerChoice } from './lib/server-choice'
import { getDeviceLanguage } from './lib/time-zone'

// SPEC §7: native force-refreshes the token and retries once on 401/403.
setRetryOnAuthFailure(isNativePlatform())
// SPEC §8: a missing device language is warned about once, at start.
document.documentElement.lang = getDeviceLanguage()
// The web talks to its own origin, a shell to the server fixed at build time or chosen on this
// device (issue 53), read from the app's storage first. A shell without one asks nobody who is
// signed in: it shows 'Your Kindling server'.
const signedIn = loadServerChoice().then(({ url }) => {
  if (url === null) {
    setAuthState({ hasCheckedAuth: true })
    return
  }
  connectSync()
  // A repeat visit's first screen is drawn from the device's copy before the server is asked.
  return startAuth(whenFirstScreenShown)
})
// '/' on a phone is the schedule from the start: the router's first location, and the code fetched.
startPhonesAtSchedule()
// In a task of its own: matching the routes and asking for the screen's modules is a third of
// the entry's evaluation at 4x CPU, and the page's HTML announces those modules already (decision
// 103); the first drawing waits for the stylesheet anyway.
setTimeout(() => preloadScreen(window.location.pathname))
// A device without a language of its own speaks the account's (issue 54), checked once the first
// screen is drawn.
void whenFirstScreenShown()
  .then(() => import('./features/language/api/account-language'))
  .then((module) => module.followAccountLanguage())

// The offline shell (issue 13); the native shells carry their files already.
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('No #root element in index.html')

// The app's stylesheet in force first (index.html only preloads it, for the boot screen), the
// language's catalog (none for English) fetched beside it, and on the web who is signed in when
// index.html's answer is in and, on a repeat visit, their copy read and its days built (a shell
// reads its server from storage: not waited for). Then a transition: React draws the first
// screen in slices instead of one long task (issue 19); until it commits, the boot screen of
// index.html stays.
const language = activateLanguage(initialLanguage()).catch(() => undefined)
const signedInKnown = isNativePlatform()
  ? undefined
  : signedIn.then(whenFirstDrawingReady).catch(() => undefined)
void Promise.all([applyAppStyles(), language, signedInKnown]).then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <AppRouter>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </AppRouter>
        </AppProviders>
      </StrictMode>,
    )
  }),
)
