import {
  type ContextType,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useOutlet,
} from 'react-router'
import {
  HeaderActionsTargetContext,
  NO_HEADER_ACTIONS_TARGET,
} from '../../components/header-actions'
import { RecordTitleContext } from '../../components/record-title'
import { isFormPath } from '../forms'
import { useRouteHandle } from '../route-handle'
import classes from './screen-stack.module.css'

/** The screen last shown (not a form page): its address, its routed element, whether it stays under one. */
interface Screen {
  location: Location
  outlet: ReactNode
  keep: boolean
  /**
   * The router's location context as the screen first read it. It and the routed element (whose
   * route context is new in every drawing of the shell) are what the screen is given while
   * covered and when shown again: new values would draw every reader of them again (each link
   * and `useNavigate`).
   */
  context: ContextType<typeof LocationContext>
}

/** What the window's scroll follows: the screen shown, and the one a form page covers. */
interface Scroll {
  shown: Screen | null
  pathname: string
  y: number
  covered: Screen | null
  coveredY: number
}

const ignoreTitle = () => undefined

/**
 * The routed page, as a stack one deep: a form page (an add/update route, a page on a phone)
 * covers the top-level screen it was opened from (the lists: habits, schedule, history, goals)
 * instead of replacing it. That screen stays mounted, hidden, inert and out of the header,
 * still following the device's copy; going back shows it at once and where it was scrolled,
 * where mounting a long list again took most of a second at 4x CPU (issue 55, decision 172).
 * A new page starts at its top (SPEC §2 Layout).
 */
export function ScreenStack() {
  const location = useLocation()
  const outlet = useOutlet()
  const routerLocation = useContext(LocationContext)
  const headerActions = useContext(HeaderActionsTargetContext)
  const setRecordTitle = useContext(RecordTitleContext)
  const keep = useRouteHandle()?.topLevel ?? false
  const onForm = isFormPath(location.pathname)
  const [screen, setScreen] = useState<Screen | null>(() =>
    onForm ? null : { location, outlet, keep, context: routerLocation },
  )
  // React's pattern for state that follows a prop: set while rendering, drawn again at once.
  if (!onForm && screen?.location.key !== location.key) {
    setScreen({ location, outlet, keep, context: routerLocation })
  }
  const under = onForm && screen?.keep ? screen : null

  const scroll = useRef<Scroll>({
    shown: screen,
    pathname: location.pathname,
    y: 0,
    covered: null,
    coveredY: 0,
  })
  useEffect(() => {
    const onScroll = () => {
      if (scroll.current.shown) scroll.current.y = window.scrollY
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  // At the commit, before the drawing: a form page and a new page start at the top, a screen
  // shown again where it was; a screen changing only its query stays where it is.
  const pathname = location.pathname
  useLayoutEffect(() => {
    const state = scroll.current
    const shown = onForm ? null : screen
    const newPath = state.pathname !== pathname
    state.pathname = pathname
    if (!shown) {
      if (state.shown?.keep) {
        state.covered = state.shown
        state.coveredY = state.y
      }
      state.shown = null
      if (newPath) window.scrollTo(0, 0)
      return
    }
    if (shown === state.shown) return
    state.shown = shown
    if (shown === state.covered) window.scrollTo(0, state.coveredY)
    else if (newPath) window.scrollTo(0, 0)
    state.covered = null
    state.y = window.scrollY
  }, [onForm, screen, pathname])

  return (
    <>
      <div
        className={under ? classes.under : undefined}
        inert={under ? true : undefined}
        aria-hidden={under ? true : undefined}
      >
        <LocationContext.Provider value={screen?.context ?? routerLocation}>
          <HeaderActionsTargetContext.Provider
            value={under ? NO_HEADER_ACTIONS_TARGET : headerActions}
          >
            <RecordTitleContext.Provider value={under ? ignoreTitle : setRecordTitle}>
              {onForm && !under ? null : screen?.outlet}
            </RecordTitleContext.Provider>
          </HeaderActionsTargetContext.Provider>
        </LocationContext.Provider>
      </div>
      {onForm && <div>{outlet}</div>}
    </>
  )
}
