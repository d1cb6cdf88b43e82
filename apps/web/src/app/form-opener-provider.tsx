import { Modal } from '@mantine/core'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { FormOpenerContext, type OpenForm } from '../lib/form-opener'
import { useFormsAsPages } from '../lib/layout'
import { type FormEntry, findForm } from './forms'
import { LazyForm } from './lazy-form'
import { setFormModalOpen } from './modal-state'

interface OpenModal {
  entry: FormEntry
  search: URLSearchParams
  /** Changes with every opening so a reopened form starts fresh. */
  key: number
}

/**
 * Opens add/update forms (SPEC §2 Modals): as a page on mobile, as a modal dialog otherwise.
 * The modal renders the same form component the page does; done or cancel closes it.
 */
export function FormOpenerProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const asPages = useFormsAsPages()
  const [modal, setModal] = useState<OpenModal | null>(null)

  const close = useCallback(() => {
    setModal(null)
    setFormModalOpen(false)
  }, [])

  const openForm = useCallback<OpenForm>(
    (href) => {
      const form = findForm(href)
      if (asPages || !form) {
        navigate(href)
        return
      }
      setFormModalOpen(true)
      setModal({ entry: form.entry, search: form.search, key: Date.now() })
    },
    [asPages, navigate],
  )

  const value = useMemo(() => openForm, [openForm])

  return (
    <FormOpenerContext.Provider value={value}>
      {children}
      <Modal
        opened={modal !== null}
        onClose={close}
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
            onDone={close}
            onCancel={close}
          />
        )}
      </Modal>
    </FormOpenerContext.Provider>
  )
}
