import { VisuallyHidden } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'

/**
 * Says the new page's title to a screen reader after a navigation in the app. The focus stays
 * where it was (a tab of the tab bar, the menu's button), so a change of page went unsaid. The
 * page the app opens on is not said: the browser reads its title itself.
 */
export function RouteAnnouncer({ pathname, title }: { pathname: string; title: string }) {
  const [said, setSaid] = useState('')
  // The first page's path until the first navigation; null from then on.
  const firstPathname = useRef<string | null>(pathname)
  useEffect(() => {
    if (firstPathname.current === pathname) return
    firstPathname.current = null
    setSaid(title)
  }, [pathname, title])
  return (
    <VisuallyHidden component="p" id="route-announcer" aria-live="assertive" aria-atomic="true">
      {said}
    </VisuallyHidden>
  )
}
