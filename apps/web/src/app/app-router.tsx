import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react'
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  Router,
} from 'react-router'

/** Set while a navigation asked for with `navigateAtOnce` tells the router of its location. */
let atOnce = false

/**
 * Runs `navigate` (a push or replace of the app's router) so that the screen it leads to is
 * drawn at once, in the task of the press that asked for it, rather than as a transition in
 * slices: for a page the user waits for, as a form page opened by a tap (issue 55). Other
 * navigations draw as React Router's own do.
 */
export function navigateAtOnce(navigate: () => void): void {
  atOnce = true
  try {
    navigate()
  } finally {
    atOnce = false
  }
}

interface RouterState {
  action: NavigationType
  location: Location
}

/**
 * React Router's `BrowserRouter`, but for `navigateAtOnce`: each change of the browser's history
 * is drawn as a transition (React draws it in slices, keeping the screen before it on show until
 * the next one is ready, and one in a popstate at once), unless it was asked for at once.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }))
  const [state, setState] = useState<RouterState>(() => ({
    action: history.action,
    location: history.location,
  }))
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        if (atOnce) setState({ action, location })
        else startTransition(() => setState({ action, location }))
      }),
    [history],
  )
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  )
}
