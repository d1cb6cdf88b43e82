import { createContext, useContext } from 'react'

/** What a route tells the shell about itself (SPEC §2 Layout). */
export interface RouteHandle {
  /** Header title. */
  title: string
  /** Page title before ' - Kindling', when it differs from the header's. */
  documentTitle?: string
  /** Top-level pages get the menu button; the others a back button. */
  topLevel?: boolean
  /** The forms its taps open to log (`/add-event`): their code is fetched ahead (issue 55). */
  warm?: readonly string[]
}

/** The handle of the deepest matched route that has one (provided by AppRoutes). */
export const RouteHandleContext = createContext<RouteHandle | null>(null)

export function useRouteHandle(): RouteHandle | null {
  return useContext(RouteHandleContext)
}
