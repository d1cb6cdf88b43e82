import { Modal } from '@mantine/core'
import { ErrorBoundary } from '../components/error-boundary'
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
  const mounted = useMounted()
  return (
    <Modal
      opened={mounted && modal !== null}
      onClose={onClose}
      title={modal?.entry.title}
      size="lg"
      centered
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {modal && (
        // A form whose code cannot be fetched (offline before the service worker holds it)
        // says so in the dialog, which stays closable.
        <ErrorBoundary key={modal.key}>
          <LazyForm entry={modal.entry} search={modal.search} onDone={onClose} onCancel={onClose} />
        </ErrorBoundary>
      )}
    </Modal>
  )
}
