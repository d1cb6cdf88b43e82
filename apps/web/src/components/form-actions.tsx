import { Button, Group } from '@mantine/core'
import { type ReactNode, useEffect, useState } from 'react'
import { useT } from '../lib/i18n'

/**
 * How long a save runs before Save shows its spinner. A save to the device's copy is over well
 * before (the form closes); its spinner's transition only cost the closing frames (issue 55).
 */
export const SPINNER_AFTER_MS = 400

export interface FormActionsProps {
  onCancel: () => void
  /** The save is under way: Save cannot be pressed again, and shows it once it takes a while. */
  saving: boolean
  /** False while the form cannot be saved as it is (default true). */
  canSave?: boolean
  /** The form's own actions (e.g. Delete), at the other end of the row. */
  extra?: ReactNode
}

/** True once `on` has stayed true for `ms`; false as soon as it is false. */
function useLasted(on: boolean, ms: number): boolean {
  const [lasted, setLasted] = useState(false)
  useEffect(() => {
    if (!on) return
    const timer = window.setTimeout(() => setLasted(true), ms)
    return () => {
      window.clearTimeout(timer)
      setLasted(false)
    }
  }, [on, ms])
  return on && lasted
}

/** The Cancel and Save of every form (SPEC §2 Modals), with any actions of its own. */
export function FormActions({ onCancel, saving, canSave = true, extra }: FormActionsProps) {
  const t = useT()
  const slow = useLasted(saving, SPINNER_AFTER_MS)
  return (
    <Group justify={extra ? 'space-between' : 'flex-end'} gap="sm" mt="xs">
      {extra && <Group gap="xs">{extra}</Group>}
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={!canSave || saving} loading={slow}>
          {t('Save')}
        </Button>
      </Group>
    </Group>
  )
}
