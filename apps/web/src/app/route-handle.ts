import { useMatches } from 'react-router'

/** What a route tells the shell about itself (SPEC §2 Layout). */
export interface RouteHandle {
  /** Header title. */
  title: string
  /** Page title before ' - Kindling', when it differs from the header's. */
  documentTitle?: string
  /** Top-level pages get the menu button; the others a back button. */
  topLevel?: boolean
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches()
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle
    if (isRouteHandle(handle)) return handle
  }
  return null
}
