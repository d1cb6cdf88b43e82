import type { ComponentProps, MouseEvent } from 'react'
import { useNavigateTo } from '../lib/navigate'

export interface AppLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** An absolute path of the app (`paths.activity(id)`). */
  to: string
}

/** Whether a click asks the browser for something of its own (a new tab or window, a download). */
function isModified(event: MouseEvent) {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey
}

/**
 * A link to a path of the app, for the many links of a list (a habit's badge, its attributes,
 * its events): React Router's `Link` reads the location (to resolve relative paths and mark the
 * active one), so every link of a long list drew again at every navigation (issue 55). A plain
 * click navigates in the app as `Link` does; a modified or middle click, or another target, is
 * the browser's.
 */
export function AppLink({ to, onClick, target, ...props }: AppLinkProps) {
  const navigateTo = useNavigateTo()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || isModified(event)) return
    if (target && target !== '_self') return
    event.preventDefault()
    navigateTo(to)
  }
  return <a {...props} href={to} target={target} onClick={handleClick} />
}
