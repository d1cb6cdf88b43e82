import { useState } from 'react'
import { Navigate, Outlet } from 'react-router'
import { SignedOutNotice } from '../features/auth/components/signed-out-notice'
import { useCurrentUser } from '../lib/auth-state'
import { useIsMobile } from '../lib/layout'
import { paths } from '../lib/paths'

/**
 * Home on a phone is the schedule (SPEC §2 `/`), signed in or not: a signed-out user gets the
 * schedule's notice there. Decided on entering the page, not on every change of the width: a
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
