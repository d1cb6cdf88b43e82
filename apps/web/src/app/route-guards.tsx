import { useState } from 'react'
import { Navigate, Outlet } from 'react-router'
import { SignedOutNotice } from '../features/auth/components/signed-out-notice'
import { useCurrentUser } from '../lib/auth-state'
import { isMobileNow, useIsMobile } from '../lib/layout'
import { paths } from '../lib/paths'

/**
 * A start at '/' on a phone starts at /schedule (SPEC §2: 'On mobile it redirects to /schedule'):
 * the address is replaced before the router reads it, so the schedule is the first screen drawn
 * (and its code the one fetched), with no drawing of home and navigation after it (issue 55:
 * the redirect after the app's first drawing cost a phone's '/' its largest paint).
 */
export function startPhonesAtSchedule(): void {
  if (window.location.pathname !== paths.home() || !isMobileNow()) return
  const { search, hash } = window.location
  window.history.replaceState(window.history.state, '', `${paths.schedule()}${search}${hash}`)
}

/**
 * Home on a phone is the schedule (SPEC §2 `/`), signed in or not: a signed-out user gets the
 * schedule's notice there. A start at '/' never draws this (`startPhonesAtSchedule`); a
 * navigation to home later does. Decided on entering the page, not on every change of the width: a
 * passing resize (a phone turning, a browser's full-page capture) must not navigate away from a
 * page that is open.
 */
export function PhonesToSchedule() {
  const isMobile = useIsMobile()
  const [redirect] = useState(isMobile)
  if (redirect) return <Navigate to={paths.schedule()} replace />
  return <Outlet />
}

/** Protected routes: signed-out users see the notice, unverified ones confirm their e-mail. */
export function RequireAuth() {
  const user = useCurrentUser()
  if (!user) return <SignedOutNotice />
  if (!user.emailVerified) return <Navigate to={paths.confirmEmail()} replace />
  return <Outlet />
}

/** The account page: any signed-in user, verified or not (it says 'Not Verified' and resends). */
export function RequireSignIn() {
  const user = useCurrentUser()
  if (!user) return <SignedOutNotice />
  return <Outlet />
}

/** Sign-in and create-account make no sense once verified and signed in: go home. */
export function PublicOnly() {
  const user = useCurrentUser()
  if (user?.emailVerified) return <Navigate to={paths.home()} replace />
  return <Outlet />
}
