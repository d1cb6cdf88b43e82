import { Modal } from '@mantine/core'
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
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {modal && (
        <LazyForm
          key={modal.key}
          entry={modal.entry}
          search={modal.search}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </Modal>
  )
}
