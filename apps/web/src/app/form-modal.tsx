import { Modal } from '@mantine/core'
import { type ReactNode, useEffect, useRef } from 'react'
import { ErrorBoundary } from '../components/error-boundary'
import { useT } from '../lib/i18n'
import { useMounted } from '../lib/use-mounted'
import type { FormEntry } from './forms'
import { LazyForm } from './lazy-form'

export interface OpenFormModal {
  entry: FormEntry
  search: URLSearchParams
  /** Changes with every opening so a reopened form starts fresh. */
  key: number
}

/** A form in a modal dialog (wide layouts): done or cancel closes it. Loaded on first use. */
export function FormModal({
  modal,
  onClose,
}: {
  modal: OpenFormModal | null
  onClose: () => void
}) {
  const t = useT()
  const mounted = useMounted()
  return (
    <Modal
      opened={mounted && modal !== null}
      onClose={onClose}
      title={modal ? t(modal.entry.title) : undefined}
      size="lg"
      centered
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {modal && (
        // A form whose code cannot be fetched (offline before the service worker holds it)
        // says so in the dialog, which stays closable.
        <ErrorBoundary key={modal.key}>
          <FocusFieldWhenShown>
            <LazyForm
              entry={modal.entry}
              search={modal.search}
              onDone={onClose}
              onCancel={onClose}
            />
          </FocusFieldWhenShown>
        </ErrorBoundary>
      )}
    </Modal>
  )
}

/**
 * The modal's focus trap focuses the form's `data-autofocus` field as the dialog opens. A form
 * whose code or data is still loading has none yet, so the focus went to the close button (on
 * the first opening of each form); this moves it to the field once the form shows it, unless
 * the focus is inside the form already.
 */
function FocusFieldWhenShown({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const body = ref.current
    if (!body || body.querySelector('[data-autofocus]')) return
    const observer = new MutationObserver(() => {
      const field = body.querySelector<HTMLElement>('[data-autofocus]')
      if (!field) return
      observer.disconnect()
      if (!body.contains(document.activeElement)) field.focus({ preventScroll: true })
    })
    observer.observe(body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])
  return <div ref={ref}>{children}</div>
}
