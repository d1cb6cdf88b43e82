import { PRODUCT_NAME } from '@kindling/core'
import { Box } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { lazy, Suspense, startTransition, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { ErrorBoundary } from '../../components/error-boundary'
import { useAuthState } from '../../lib/auth-state'
import { FOOTER_HEIGHT_PX, HEADER_HEIGHT_PX } from '../../lib/constants'
import { useDialogHostWanted, useDialogOpen } from '../../lib/dialog-state'
import { useT } from '../../lib/i18n'
import { afterPress, idleTurn, inTurns } from '../../lib/idle'
import { isTextEntry, setKeyboardShown, useKeyboardShown } from '../../lib/keyboard'
import { useIsMobile } from '../../lib/layout'
import { whenFilesHeldOffline } from '../../lib/offline-files'
import { isNativePlatform, listenToKeyboard } from '../../lib/platform'
import { FirstDrawingGate, whenSynced } from '../../lib/sync/store'
import { prepareFirstDrawing } from '../first-drawing'
import { FormOpenerProvider } from '../form-opener-provider'
import { loadWebDialogs, ON_INTENT } from '../on-intent'
import { useRouteHandle } from '../route-handle'
import { SpotlightLauncher } from '../spotlight/spotlight-launcher'
import { AppHeader } from './app-header'
import { BootScreen, PageLoading } from './boot-screen'
import { HeaderState } from './header-state'
import { RouteAnnouncer } from './route-announcer'
import { ScreenStack } from './screen-stack'
import { TabBar } from './tab-bar'

/** The native shells' local notifications: loaded there only, once a verified user is in. */
const NativeReminderPlanner = lazy(() =>
  import('../../features/reminders/components/native-reminder-planner').then((module) => ({
    default: module.NativeReminderPlanner,
  })),
)

/** The native shells' return from single sign-on in the system browser: loaded there only. */
const NativeSignInReturn = lazy(() =>
  import('../../features/auth/components/native-sign-in-return').then((module) => ({
    default: module.NativeSignInReturn,
  })),
)

/** The side menu: fetched on intent (hover or focus on its button) and shown once opened. */
const loadNavDrawer = () => import('./nav-drawer')
const NavDrawer = lazy(() => loadNavDrawer().then((module) => ({ default: module.NavDrawer })))

/** The web's confirm and action-sheet dialogs: mounted once first asked for. */
const WebDialogHost = lazy(() =>
  loadWebDialogs().then((module) => ({ default: module.WebDialogHost })),
)

/** Widest the content grows on wide layouts: three detail columns still read comfortably. */
const CONTENT_MAX_WIDTH = 1200

/** The root route: dialogs and the form opener inside the router (their content navigates), then the shell. */
export function AppLayout() {
  const dialogHostWanted = useDialogHostWanted()
  return (
    <FormOpenerProvider>
      <SpotlightLauncher>
        <AuthGate />
      </SpotlightLauncher>
      {dialogHostWanted && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <WebDialogHost />
          </Suspense>
        </ErrorBoundary>
      )}
    </FormOpenerProvider>
  )
}

/**
 * What the first screen does not draw but a tap may need (the modal, dialog and toast code, the
 * write schemas, and what a write shows: the sync sign and the words about a refused change,
 * decision 163), fetched on the first sign of a user at work: a pointer or a key pressed
 * anywhere. Not before: on a new device it would compete with the page's own data and drawing.
 * Nor during the press: it starts once the press is over and its frame drawn, a module per idle
 * period, so that the tap that announced it shows at once, what it started (a form page drawing)
 * goes first (issue 55) and later presses come between. Where no service worker will hold every
 * file (http on a LAN name), it also comes at idle once the page's data has: a user who goes
 * offline before a first tap would find its code unfetchable. (A screen whose tap opens a form
 * to log warms that form ahead: `useWarmForms`.)
 */
function usePreloadOnIntent() {
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const
    let stopped = false
    let cancelPress = () => {}
    let cancelPreload = () => {}
    // A module per idle period: what the press started (a form page drawing) goes first.
    const preload = () => {
      cancelPreload = inTurns(ON_INTENT, idleTurn)
    }
    const onIntent = () => {
      stopWaiting()
      cancelPress = afterPress(preload)
    }
    const cancelWait = whenSynced(() => {
      whenFilesHeldOffline().then((held) => {
        if (held || stopped) return
        stopWaiting()
        preload()
      })
    })
    function stopWaiting() {
      stopped = true
      for (const type of events) window.removeEventListener(type, onIntent, true)
      cancelWait()
    }
    for (const type of events) window.addEventListener(type, onIntent, true)
    return () => {
      stopWaiting()
      cancelPress()
      cancelPreload()
    }
  }, [])
}

/** Nothing but the boot screen until the first auth check has completed (SPEC §2 Layout). */
function AuthGate() {
  const hasCheckedAuth = useAuthState((auth) => auth.hasCheckedAuth)
  // Latched: signing out clears the flag again, but the shell stays up meanwhile. The first
  // drawing of the shell and its page is a transition: React draws it in slices that leave
  // the main thread free in between, where a store's update would draw it all in one go.
  const [ready, setReady] = useState(hasCheckedAuth)
  useEffect(() => {
    if (hasCheckedAuth) startTransition(() => setReady(true))
  }, [hasCheckedAuth])
  if (!ready) return <BootScreen />
  return (
    <FirstDrawingGate prepare={prepareFirstDrawing}>
      <Shell />
    </FirstDrawingGate>
  )
}

/**
 * The keyboard flag that hides the tab bar: native reports it from the keyboard plugin; the web
 * infers it from focus in a text field on the mobile layout.
 */
function useTrackKeyboard(isMobile: boolean) {
  useEffect(() => {
    if (!isNativePlatform()) return
    const stop = listenToKeyboard(setKeyboardShown)
    return () => {
      stop()
      setKeyboardShown(false)
    }
  }, [])
  useEffect(() => {
    if (!isMobile || isNativePlatform()) return
    const update = () => setKeyboardShown(isTextEntry(document.activeElement))
    // A tap outside a field blurs it on the press: the tab bar coming back then would move
    // the page under the finger before its click lands, so it waits for the release.
    let pressed = false
    const onPress = () => {
      pressed = true
    }
    const onRelease = () => {
      if (!pressed) return
      pressed = false
      window.setTimeout(update, 0)
    }
    const onFocusOut = () => {
      if (!pressed) window.setTimeout(update, 0)
    }
    document.addEventListener('focusin', update)
    document.addEventListener('focusout', onFocusOut)
    document.addEventListener('pointerdown', onPress, true)
    document.addEventListener('pointerup', onRelease, true)
    document.addEventListener('pointercancel', onRelease, true)
    return () => {
      document.removeEventListener('focusin', update)
      document.removeEventListener('focusout', onFocusOut)
      document.removeEventListener('pointerdown', onPress, true)
      document.removeEventListener('pointerup', onRelease, true)
      document.removeEventListener('pointercancel', onRelease, true)
      setKeyboardShown(false)
    }
  }, [isMobile])
}

function Shell() {
  const location = useLocation()
  const handle = useRouteHandle()
  const isMobile = useIsMobile()
  const signedIn = useAuthState((auth) => Boolean(auth.user?.emailVerified))
  const signedInUid = useAuthState((auth) => (auth.user?.emailVerified ? auth.user.uid : null))
  const [drawerOpened, drawer] = useDisclosure(false)
  // Mounted from the first opening on, so it can play its closing transition.
  const [drawerMounted, setDrawerMounted] = useState(false)
  const keyboardShown = useKeyboardShown()
  const dialogOpen = useDialogOpen()
  useTrackKeyboard(isMobile)
  usePreloadOnIntent()

  const t = useT()
  const title = handle ? t(handle.title) : PRODUCT_NAME
  const documentTitle = handle?.documentTitle ? t(handle.documentTitle) : undefined

  const pathname = location.pathname

  const showTabBar = isMobile && signedIn && !keyboardShown && !dialogOpen

  return (
    <HeaderState
      header={({ recordTitle, actionsRef }) => (
        <>
          <DocumentTitle title={recordTitle ?? documentTitle ?? title} />
          <RouteAnnouncer pathname={pathname} title={recordTitle ?? documentTitle ?? title} />
          <AppHeader
            title={title}
            topLevel={handle?.topLevel ?? false}
            isMobile={isMobile}
            signedIn={signedIn}
            onOpenMenu={() => {
              setDrawerMounted(true)
              drawer.open()
            }}
            onMenuIntent={() => void loadNavDrawer()}
            actionsRef={actionsRef}
          />
        </>
      )}
    >
      {drawerMounted && (
        <Suspense fallback={null}>
          <NavDrawer opened={drawerOpened} signedIn={signedIn} onClose={drawer.close} />
        </Suspense>
      )}
      <Box
        component="main"
        mx="auto"
        maw={CONTENT_MAX_WIDTH}
        style={{
          paddingLeft: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-left))',
          paddingRight: 'calc(var(--mantine-spacing-md) + env(safe-area-inset-right))',
          paddingTop: `calc(${HEADER_HEIGHT_PX}px + env(safe-area-inset-top) + var(--mantine-spacing-md))`,
          paddingBottom: isMobile
            ? `calc(${FOOTER_HEIGHT_PX}px + env(safe-area-inset-bottom) + var(--mantine-spacing-md))`
            : 'var(--mantine-spacing-xl)',
        }}
      >
        <ErrorBoundary resetKey={pathname}>
          {/* While a screen's code loads the first time, the shell draws with an empty page. */}
          <Suspense fallback={<PageLoading />}>
            <ScreenStack />
          </Suspense>
        </ErrorBoundary>
      </Box>
      {showTabBar && <TabBar />}
      {signedInUid && isNativePlatform() ? (
        <Suspense fallback={null}>
          <NativeReminderPlanner uid={signedInUid} />
        </Suspense>
      ) : null}
      {isNativePlatform() ? (
        <Suspense fallback={null}>
          <NativeSignInReturn />
        </Suspense>
      ) : null}
    </HeaderState>
  )
}

function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} - ${PRODUCT_NAME}`
  }, [title])
  return null
}
