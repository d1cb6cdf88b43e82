import { type ComponentType, type ReactPromise, use, useMemo, useSyncExternalStore } from 'react'
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router'
import { forms } from './forms'
import { AppLayout } from './layout/app-layout'
import { PageLoading } from './layout/boot-screen'
import { PublicOnly, RequireAuth, RequireSignIn } from './route-guards'
import { type RouteHandle, RouteHandleContext } from './route-handle'

/*
 * React Router's declarative routes: the app needs matching, nesting and navigation, not the
 * data APIs (loaders, actions), whose code doubled the router's share of the first screen's
 * script (decision 098).
 */

type ScreenModule = { Component: ComponentType }

/** `promise`, saying synchronously how it ended: what React's `use` reads to not suspend. */
function tracked<T>(promise: Promise<T>): Promise<T> & ReactPromise<T> {
  const state = promise as Promise<T> & { status?: string; value?: T; reason?: unknown }
  state.status = 'pending'
  promise.then(
    (value) => {
      state.status = 'fulfilled'
      state.value = value
    },
    (reason: unknown) => {
      state.status = 'rejected'
      state.reason = reason
    },
  )
  return state as Promise<T> & ReactPromise<T>
}

/** A screen's handle: what the shell shows for it, and its module (fetched early at start). */
interface ScreenHandle extends RouteHandle {
  load: () => Promise<ScreenModule>
}

/** Whether a screen has been drawn since the page loaded. */
let screenShown = false

/**
 * A screen whose code loads on first visit, fetched once (a failure is kept, as `lazy` keeps
 * it: the error boundary's 'Try again' reloads the page). A navigation to a screen not yet
 * loaded suspends: the old screen stays until the new one's code is in. The first screen of
 * the page instead draws an empty page and then itself, without suspending: React holds back
 * content that was suspended for 300 ms after its fallback showed, and on a repeat visit the
 * first screen's code and data are usually in well before that (issue 19).
 */
function screen(
  title: string,
  load: () => Promise<ScreenModule>,
  extra: Omit<RouteHandle, 'title'> = {},
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: (Promise<ScreenModule> & ReactPromise<ScreenModule>) | undefined
  const loadOnce = () => {
    loading ??= tracked(load())
    return loading
  }
  const subscribe = (onSettled: () => void) => {
    loadOnce().then(onSettled, onSettled)
    return () => {}
  }
  const isSettled = () => loadOnce().status !== 'pending'
  function Screen() {
    const settled = useSyncExternalStore(subscribe, isSettled, isSettled)
    if (!settled && !screenShown) return <PageLoading />
    const { Component } = use(loadOnce())
    screenShown = true
    return <Component />
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
            ...screen('Sign In', () => import('../features/auth/routes/sign-in'), {
              topLevel: true,
            }),
          },
          {
            path: '/create-account',
            ...screen('Create Account', () => import('../features/auth/routes/create-account'), {
              topLevel: true,
            }),
          },
          {
            path: '/forgot-password',
            ...screen('Forgot Password', () => import('../features/auth/routes/forgot-password')),
          },
        ],
      },
      {
        // Not only for the signed out: the link may open where someone is signed in.
        path: '/reset-password',
        ...screen('Reset Password', () => import('../features/auth/routes/reset-password'), {
          topLevel: true,
        }),
      },
      {
        path: '/confirm-email',
        ...screen('Confirm Email', () => import('../features/auth/routes/confirm-email'), {
          topLevel: true,
        }),
      },
      {
        element: <RequireSignIn />,
        children: [
          { path: '/me', ...screen('Account', () => import('./routes/me'), { topLevel: true }) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            index: true,
            ...screen('Kindling', () => import('./routes/home'), {
              documentTitle: 'Home',
              topLevel: true,
            }),
          },
          {
            path: '/schedule',
            ...screen('Schedule', () => import('../features/schedule/routes/schedule'), {
              topLevel: true,
            }),
          },
          {
            path: '/activities',
            ...screen('Habits', () => import('../features/activities/routes/activities'), {
              topLevel: true,
            }),
          },
          {
            path: '/activities/:activityId',
            ...screen('Habit', () => import('../features/activities/routes/activity-detail')),
          },
          {
            path: '/events',
            ...screen('History', () => import('../features/events/routes/events'), {
              topLevel: true,
            }),
          },
          {
            path: '/events/:eventId',
            ...screen('Event', () => import('../features/events/routes/event-detail')),
          },
          {
            path: '/goals',
            ...screen('Goals', () => import('../features/goals/routes/goals'), { topLevel: true }),
          },
          {
            path: '/stats',
            ...screen('Statistics', () => import('../features/stats/routes/stats'), {
              topLevel: true,
            }),
          },
          {
            path: '/groups/:groupId',
            ...screen('Group', () => import('../features/groups/routes/group-detail')),
          },
          {
            path: '/attributes/:attributeId',
            ...screen('Attribute', () => import('../features/attributes/routes/attribute-detail')),
          },
          ...formRoutes,
        ],
      },
      { path: '*', ...screen('Not Found', () => import('./not-found'), { topLevel: true }) },
    ],
  },
]

/**
 * Starts fetching the screen of `pathname` at once, while the first auth check runs (the screen
 * renders only after it). A failed fetch shows when the screen renders.
 */
export function preloadScreen(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    screenHandle(match.route)
      ?.load()
      .catch(() => undefined)
  }
}

/** The routes, and the matched screen's handle for the shell (title, back or menu button). */
export function AppRoutes() {
  const location = useLocation()
  const handle = useMemo(() => {
    const matches = matchRoutes(routes, location) ?? []
    for (let index = matches.length - 1; index >= 0; index--) {
      const route = matches[index]?.route
      const routeHandle = route && screenHandle(route)
      if (routeHandle) return routeHandle
    }
    return null
  }, [location])
  const element = useRoutes(routes, location)
  return <RouteHandleContext.Provider value={handle}>{element}</RouteHandleContext.Provider>
}
