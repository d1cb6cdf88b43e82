import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { useT } from '../lib/i18n'

export interface FormActionsProps {
  onCancel: () => void
  /** The save is under way: Save shows it and cannot be pressed again. */
  saving: boolean
  /** False while the form cannot be saved as it is (default true). */
  canSave?: boolean
  /** The form's own actions (e.g. Delete), at the other end of the row. */
  extra?: ReactNode
}

/** The Cancel and Save of every form (SPEC §2 Modals), with any actions of its own. */
export function FormActions({ onCancel, saving, canSave = true, extra }: FormActionsProps) {
  const t = useT()
  return (
    <Group justify={extra ? 'space-between' : 'flex-end'} gap="sm" mt="xs">
      {extra && <Group gap="xs">{extra}</Group>}
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={!canSave} loading={saving}>
          {t('Save')}
        </Button>
      </Group>
    </Group>
  )
}
