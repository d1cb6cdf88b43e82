import { useCallback, useContext } from 'react'
import { UNSAFE_NavigationContext as NavigationContext } from 'react-router'

/** Goes to an absolute path of the app (`paths.addEvent({ activityId })`), adding to the history. */
export type NavigateTo = (path: string, options?: { replace?: boolean }) => void

/**
 * React Router's navigation to an absolute path, one function for the router's life and without
 * reading the location. `useNavigate` reads it (to resolve relative paths), so each of its users
 * draws again at every navigation: in a long list, every row's day picker and group menu drew
 * again under a form page opening or closing (issue 55). For parts repeated in lists; a screen
 * may use `useNavigate`.
 */
export function useNavigateTo(): NavigateTo {
  const { navigator } = useContext(NavigationContext)
  return useCallback<NavigateTo>(
    (path, options) =>
      options?.replace || path === historyPath(navigator)
        ? navigator.replace(path)
        : navigator.push(path),
    [navigator],
  )
}

/**
 * Where the history already is, before the screen shows it: the second tap of a double tap on
 * "Add activity" comes while the form page is still being drawn, and going there again replaces
 * the entry, as a browser does for a link to the page it is on (Back would show the form again).
 * The routers' histories (browser, memory) keep their location; another navigator has none.
 */
function historyPath(navigator: object): string | null {
  if (!('location' in navigator)) return null
  const { pathname, search, hash } = navigator.location as Location
  return `${pathname}${search}${hash}`
}
