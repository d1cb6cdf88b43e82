import { useHotkeys } from '@mantine/hooks'
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useState,
} from 'react'
import { DropOnEscape } from '../../components/drop-on-escape'
import { SPOTLIGHT_SHORTCUT } from '../../lib/constants'

// Spotlight's code loads on first use, keeping it out of the first download.
const AppSpotlight = lazy(() => import('./app-spotlight'))

const OpenSpotlightContext = createContext<() => void>(() => {})

/** Opens the search (mod+K or the header's Search button). */
export function useOpenSpotlight(): () => void {
  return useContext(OpenSpotlightContext)
}

/** Registers mod+K and mounts the spotlight the first time it is asked for (SPEC §2 Layout). */
export function SpotlightLauncher({ children }: { children: ReactNode }) {
  // Counts requests: each increment opens the (possibly just loaded) spotlight.
  const [openRequest, setOpenRequest] = useState(0)
  const open = useCallback(() => setOpenRequest((count) => count + 1), [])
  // Also from inside text fields: the shortcut is the way to search from anywhere.
  useHotkeys([[SPOTLIGHT_SHORTCUT, open, { preventDefault: true }]], [])

  return (
    <OpenSpotlightContext.Provider value={open}>
      {children}
      {openRequest > 0 && (
        <Suspense fallback={<DropOnEscape onEscape={() => setOpenRequest(0)} />}>
          <AppSpotlight openRequest={openRequest} />
        </Suspense>
      )}
    </OpenSpotlightContext.Provider>
  )
}
