import { MOBILE_MEDIA_QUERY } from '@kindling/core'
import { useMediaQuery } from '@mantine/hooks'
import { isNativePlatform } from './platform'

/** Mobile layout on native or when the window is under 500 px wide (SPEC §1); live on resize. */
export function useIsMobile(): boolean {
  const narrow = useMediaQuery(MOBILE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false })
  return isNativePlatform() || Boolean(narrow)
}

/** `useIsMobile` now, outside React (what a start decides before anything renders). */
export function isMobileNow(): boolean {
  return isNativePlatform() || window.matchMedia(MOBILE_MEDIA_QUERY).matches
}

/** Forms open as pages on mobile and as modal dialogs otherwise (SPEC §2 Modals). */
export function useFormsAsPages(): boolean {
  return useIsMobile()
}
