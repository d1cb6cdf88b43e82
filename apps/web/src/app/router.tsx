import { type ComponentType, lazy, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import {
  matchRoutes,
  Navigate,
  type RouteMatch,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router'
import { firstScreenDrawn } from '../lib/first-screen'
import { msg } from '../lib/i18n'
import { paths } from '../lib/paths'
import { useServerChoice } from '../lib/server-choice'
import { whenLoaded } from '../lib/sync/store'
import { forms } from './forms'
import { AppLayout } from './layout/app-layout'
import { PageLoading } from './layout/boot-screen'
import { PhonesToSchedule, PublicOnly, RequireAuth, RequireSignIn } from './route-guards'
import { type RouteHandle, RouteHandleContext } from './route-handle'
import { useWarmForms } from './warm-forms'

/*
 * React Router's declarative routes: the app needs matching, nesting and navigation, not the
 * data APIs (loaders, actions), whose code doubled the router's share of the first screen's
 * script (decision 098).
 */

type ScreenModule = { Component: ComponentType }

/** A module being fetched, and how that ended so far (read synchronously while rendering). */
interface Fetch<T> {
  promise: Promise<T>
  status: 'pending' | 'fulfilled' | 'rejected'
  value?: T
  reason?: unknown
}

function fetchOf<T>(promise: Promise<T>): Fetch<T> {
  const fetch: Fetch<T> = { promise, status: 'pending' }
  promise.then(
    (value) => {
      fetch.status = 'fulfilled'
      fetch.value = value
    },
    (reason: unknown) => {
      fetch.status = 'rejected'
      fetch.reason = reason
    },
  )
  return fetch
}

/** A screen's handle: what the shell shows for it, and its module (fetched early at start). */
interface ScreenHandle extends RouteHandle {
  load: () => Promise<ScreenModule>
}

/**
 * Beside a screen: once the screen is in and the device's copy read (its readers draw it at
 * once), the first screen is drawn, and what the app asks the server at start may go.
 */
function FirstScreenDrawn() {
  useEffect(() => whenLoaded(firstScreenDrawn), [])
  return null
}

/** Whether a screen has been drawn since the page loaded. */
let screenShown = false

/**
 * A screen whose code loads on first visit. A navigation to a screen not yet loaded suspends
 * (`lazy`): the old screen stays until the new one's code is in. The page's first screen instead
 * draws an empty page and then itself, without suspending: React holds back content that
 * suspended for 300 ms after its fallback showed, and on a repeat visit the first screen's code
 * and data are usually in well before that (issue 19). A screen whose code is in draws at once.
 */
export function screen(
  title: string,
  load: () => Promise<ScreenModule>,
  extra: Omit<RouteHandle, 'title'> = {},
): Pick<RouteObject, 'element' | 'handle'> {
  let fetched: Fetch<ScreenModule> | undefined
  const fetchOnce = () => {
    fetched ??= fetchOf(load())
    return fetched
  }
  const loadOnce = () => fetchOnce().promise
  const Lazy = lazy(() => loadOnce().then((module) => ({ default: module.Component })))
  const subscribe = (onSettled: () => void) => {
    loadOnce().then(onSettled, onSettled)
    return () => {}
  }
  const isSettled = () => fetchOnce().status !== 'pending'
  function FirstScreen() {
    const settled = useSyncExternalStore(subscribe, isSettled, isSettled)
    const { status, value, reason } = fetchOnce()
    if (!settled) return <PageLoading />
    // A failure is the error boundary's to show ('Try again' reloads the page).
    if (status === 'rejected' || !value) throw reason
    return (
      <>
        <value.Component />
        <FirstScreenDrawn />
      </>
    )
  }
  function Screen() {
    // Decided once per mount: switching later would mount the screen anew. Code already here
    // draws at once: `lazy` would suspend its first drawing all the same, and React holds
    // content back for 300 ms after a fallback showed.
    const [mode] = useState(() => {
      if (fetchOnce().status === 'fulfilled') return 'loaded'
      return screenShown ? 'lazy' : 'first'
    })
    // Once committed, not while rendering: a drawing React throws away and starts again (a
    // transition interrupted by an update) must decide as the first one did.
    useEffect(() => {
      screenShown = true
    }, [])
    const { value } = fetchOnce()
    if (mode === 'loaded' && value)
      return (
        <>
          <value.Component />
          <FirstScreenDrawn />
        </>
      )
    return mode === 'lazy' ? <Lazy /> : <FirstScreen />
  }
  const handle: ScreenHandle = { title, ...extra, load: loadOnce }
  return { element: <Screen />, handle }
}

function screenHandle(route: RouteObject): ScreenHandle | undefined {
  return route.handle as ScreenHandle | undefined
}

const formRoutes: RouteObject[] = Object.entries(forms).map(([path, entry]) => ({
  path,
  ...screen(entry.title, () => import('./form-page')),
}))

/**
 * The form a habit's log button opens, warmed where that button is the screen's tap (the habits,
 * a habit's page): the schedule logs in place (decision 173).
 */
const LOG_FORMS = ['/add-event']

/** Every route of SPEC §2; screens load on first visit. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            path: '/signin',
            ...screen(msg('Sign In'), () => import('../features/auth/routes/sign-in'), {
              topLevel: true,
            }),
          },
          {
            // Issue 53's name for the page: the same page, its query (an invitation) kept.
            path: '/signup',
            element: <SignUpAlias />,
          },
          {
            path: '/create-account',
            ...screen(
              msg('Create Account'),
              () => import('../features/auth/routes/create-account'),
              {
                topLevel: true,
              },
            ),
          },
          {
            path: '/forgot-password',
            ...screen(
              msg('Forgot Password'),
              () => import('../features/auth/routes/forgot-password'),
            ),
          },
          {
            path: '/server',
            ...screen(
              msg('Your Kindling server'),
              () => import('../features/server/routes/server'),
              {
                topLevel: true,
              },
            ),
          },
        ],
      },
      {
        // Not only for the signed out: the link may open where someone is signed in.
        path: '/reset-password',
        ...screen(msg('Reset Password'), () => import('../features/auth/routes/reset-password'), {
          topLevel: true,
        }),
      },
      {
        path: '/confirm-email',
        ...screen(msg('Confirm Email'), () => import('../features/auth/routes/confirm-email'), {
          topLevel: true,
        }),
      },
      {
        element: <RequireSignIn />,
        children: [
          {
            path: '/me',
            ...screen(msg('Account'), () => import('./routes/me'), { topLevel: true }),
          },
        ],
      },
      {
        // Before the auth check: '/' on a phone goes to the schedule signed in or not.
        element: <PhonesToSchedule />,
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                index: true,
                ...screen('Kindling', () => import('./routes/home'), {
                  documentTitle: msg('Home'),
                  topLevel: true,
                }),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/schedule',
            ...screen(msg('Schedule'), () => import('../features/schedule/routes/schedule'), {
              topLevel: true,
            }),
          },
          {
            path: '/activities',
            ...screen(msg('Habits'), () => import('../features/activities/routes/activities'), {
              topLevel: true,
              warm: LOG_FORMS,
            }),
          },
          {
            path: '/activities/:activityId',
            ...screen(msg('Habit'), () => import('./routes/habit'), { warm: LOG_FORMS }),
          },
          {
            path: '/events',
            ...screen(msg('History'), () => import('../features/events/routes/events'), {
              topLevel: true,
            }),
          },
          {
            path: '/log/:activityId',
            ...screen(msg('Log'), () => import('../features/events/routes/log-event')),
          },
          {
            path: '/events/:eventId',
            ...screen(msg('Event'), () => import('../features/events/routes/event-detail')),
          },
          {
            path: '/goals',
            ...screen(msg('Goals'), () => import('../features/goals/routes/goals'), {
              topLevel: true,
            }),
          },
          {
            path: '/admin',
            ...screen(msg('Admin'), () => import('../features/admin/routes/admin'), {
              topLevel: true,
            }),
          },
          {
            path: '/stats',
            ...screen(msg('Statistics'), () => import('../features/stats/routes/stats'), {
              topLevel: true,
            }),
          },
          {
            path: '/groups/:groupId',
            ...screen(msg('Group'), () => import('../features/groups/routes/group-detail')),
          },
          {
            path: '/attributes/:attributeId',
            ...screen(
              msg('Attribute'),
              () => import('../features/attributes/routes/attribute-detail'),
            ),
          },
          ...formRoutes,
        ],
      },
      { path: '*', ...screen(msg('Not Found'), () => import('./not-found'), { topLevel: true }) },
    ],
  },
]

function SignUpAlias() {
  const { search } = useLocation()
  return <Navigate to={`${paths.createAccount()}${search}`} replace />
}

/** Paths whose matches are kept: the screens a user goes between, with a record or two. */
const KEPT_MATCHES = 16

const matchesByPath = new Map<string, RouteMatch[]>()

/**
 * The routes matching `pathname`, the answers for the last paths kept: React Router ranks every
 * route anew on each call (about 25 ms at 4x CPU), and a start asks for the same path twice (the
 * preload, the shell's first drawing), a form's Save for the list it goes back to.
 */
function matchesOf(pathname: string): RouteMatch[] {
  let matches = matchesByPath.get(pathname)
  if (matches) {
    // The most recent last: the first key is the one to drop.
    matchesByPath.delete(pathname)
  } else {
    matches = matchRoutes(routes, pathname) ?? []
    if (matchesByPath.size >= KEPT_MATCHES) {
      matchesByPath.delete(matchesByPath.keys().next().value as string)
    }
  }
  matchesByPath.set(pathname, matches)
  return matches
}

/**
 * Starts fetching the screen of `pathname` at once, while the first auth check runs (the screen
 * renders only after it). A failed fetch shows when the screen renders.
 */
export function preloadScreen(pathname: string): void {
  for (const match of matchesOf(pathname)) {
    screenHandle(match.route)
      ?.load()
      .catch(() => undefined)
  }
}

/** The routes, and the matched screen's handle for the shell (title, back or menu button). */
export function AppRoutes() {
  const location = useLocation()
  const server = useServerChoice()
  const handle = useMemo(() => {
    const matches = matchesOf(location.pathname)
    for (let index = matches.length - 1; index >= 0; index--) {
      const route = matches[index]?.route
      const routeHandle = route && screenHandle(route)
      if (routeHandle) return routeHandle
    }
    return null
  }, [location])
  useWarmForms(handle?.warm, preloadScreen)
  const element = useRoutes(routes)
  // A native shell without a server can only choose one (issue 53).
  if (server.url === null && location.pathname !== paths.server()) {
    return <Navigate to={paths.server()} replace />
  }
  return <RouteHandleContext.Provider value={handle}>{element}</RouteHandleContext.Provider>
}
