import { createBrowserRouter, type RouteObject } from 'react-router'
import { forms } from './forms'
import { AppLayout } from './layout/app-layout'
import { PageLoading } from './layout/boot-screen'
import { RouteError } from './route-error'
import { PublicOnly, RequireAuth, RequireSignIn } from './route-guards'
import type { RouteHandle } from './route-handle'

function handle(title: string, extra: Omit<RouteHandle, 'title'> = {}): RouteHandle {
  return { title, ...extra }
}

const formRoutes: RouteObject[] = Object.entries(forms).map(([path, entry]) => ({
  path,
  lazy: () => import('./form-page'),
  handle: handle(entry.title),
}))

/** Every route of SPEC §2; screens load on first visit. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        // While the first route's module loads, the shell draws with an empty page: without a
        // fallback, React Router would draw nothing at all until it came.
        hydrateFallbackElement: <PageLoading />,
        children: [
          {
            element: <PublicOnly />,
            children: [
              {
                path: '/signin',
                lazy: () => import('../features/auth/routes/sign-in'),
                handle: handle('Sign In', { topLevel: true }),
              },
              {
                path: '/create-account',
                lazy: () => import('../features/auth/routes/create-account'),
                handle: handle('Create Account', { topLevel: true }),
              },
              {
                path: '/forgot-password',
                lazy: () => import('../features/auth/routes/forgot-password'),
                handle: handle('Forgot Password'),
              },
            ],
          },
          {
            // Not only for the signed out: the link may open where someone is signed in.
            path: '/reset-password',
            lazy: () => import('../features/auth/routes/reset-password'),
            handle: handle('Reset Password', { topLevel: true }),
          },
          {
            path: '/confirm-email',
            lazy: () => import('../features/auth/routes/confirm-email'),
            handle: handle('Confirm Email', { topLevel: true }),
          },
          {
            element: <RequireSignIn />,
            children: [
              {
                path: '/me',
                lazy: () => import('./routes/me'),
                handle: handle('Account', { topLevel: true }),
              },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              {
                index: true,
                lazy: () => import('./routes/home'),
                handle: handle('Kindling', { documentTitle: 'Home', topLevel: true }),
              },
              {
                path: '/schedule',
                lazy: () => import('../features/schedule/routes/schedule'),
                handle: handle('Schedule', { topLevel: true }),
              },
              {
                path: '/activities',
                lazy: () => import('../features/activities/routes/activities'),
                handle: handle('Habits', { topLevel: true }),
              },
              {
                path: '/activities/:activityId',
                lazy: () => import('../features/activities/routes/activity-detail'),
                handle: handle('Habit'),
              },
              {
                path: '/events',
                lazy: () => import('../features/events/routes/events'),
                handle: handle('History', { topLevel: true }),
              },
              {
                path: '/events/:eventId',
                lazy: () => import('../features/events/routes/event-detail'),
                handle: handle('Event'),
              },
              {
                path: '/goals',
                lazy: () => import('../features/goals/routes/goals'),
                handle: handle('Goals', { topLevel: true }),
              },
              {
                path: '/stats',
                lazy: () => import('../features/stats/routes/stats'),
                handle: handle('Statistics', { topLevel: true }),
              },
              {
                path: '/groups/:groupId',
                lazy: () => import('../features/groups/routes/group-detail'),
                handle: handle('Group'),
              },
              {
                path: '/attributes/:attributeId',
                lazy: () => import('../features/attributes/routes/attribute-detail'),
                handle: handle('Attribute'),
              },
              ...formRoutes,
            ],
          },
          {
            path: '*',
            lazy: () => import('./not-found'),
            handle: handle('Not Found', { topLevel: true }),
          },
        ],
      },
    ],
  },
]

export const router = createBrowserRouter(routes)
