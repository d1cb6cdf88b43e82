import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { DropOnEscape } from '../components/drop-on-escape'
import { ErrorBoundary } from '../components/error-boundary'
import { dialogOpened } from '../lib/dialog-state'
import { FormOpenerContext, type OpenForm } from '../lib/form-opener'
import { useFormsAsPages } from '../lib/layout'
import { useNavigateTo } from '../lib/navigate'
import { navigateAtOnce } from './app-router'
import type { OpenFormModal } from './form-modal'
import { findForm } from './forms'

/** Mantine's modal code loads with the first form opened as a modal (or after the first press anywhere). */
export const loadFormModal = () => import('./form-modal')
const FormModal = lazy(() => loadFormModal().then((module) => ({ default: module.FormModal })))

/**
 * Opens add/update forms (SPEC §2 Modals): as a page on mobile, as a modal dialog otherwise.
 * The modal renders the same form component the page does; done or cancel closes it.
 */
export function FormOpenerProvider({ children }: { children: ReactNode }) {
  const navigateTo = useNavigateTo()
  const asPages = useFormsAsPages()
  const [modal, setModal] = useState<OpenFormModal | null>(null)
  // Mounted from the first opening on, so the modal can play its closing transition.
  const [mounted, setMounted] = useState(false)
  const closed = useRef<(() => void) | null>(null)

  const close = useCallback(() => {
    setModal(null)
    closed.current?.()
    closed.current = null
  }, [])

  // Read when a form opens, so that `openForm` stays one function (each row's button that opens
  // a form would draw again when it changed).
  const asPagesNow = useRef(asPages)
  useLayoutEffect(() => {
    asPagesNow.current = asPages
  })

  const openForm = useCallback<OpenForm>(
    (href) => {
      const form = findForm(href)
      if (asPagesNow.current || !form) {
        // A form page drawn in the tap's own task: in slices it showed later (issue 55).
        navigateAtOnce(() => navigateTo(href))
        return
      }
      // The modal's code and the form's load side by side.
      void loadFormModal()
      void form.entry.load()
      closed.current?.()
      closed.current = dialogOpened()
      setMounted(true)
      setModal({ entry: form.entry, search: form.search, key: Date.now() })
    },
    [navigateTo],
  )

  return (
    <FormOpenerContext.Provider value={openForm}>
      {children}
      {mounted && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={modal && <DropOnEscape onEscape={close} />}>
            <FormModal modal={modal} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </FormOpenerContext.Provider>
  )
}
