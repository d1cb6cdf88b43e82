import { useMediaQuery } from '@mantine/hooks'
import { MOBILE_BREAKPOINT_PX } from './constants'
import { isNativePlatform } from './platform'

/** Mobile layout on native or when the window is under 500 px wide (SPEC §1); live on resize. */
export function useIsMobile(): boolean {
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  })
  return isNativePlatform() || Boolean(narrow)
}

/** Forms open as pages on mobile and as modal dialogs otherwise (SPEC §2 Modals). */
export function useFormsAsPages(): boolean {
  return useIsMobile()
}
