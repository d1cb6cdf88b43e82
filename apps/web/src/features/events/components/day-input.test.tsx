import { MantineProvider, Modal, TextInput } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import DayInput from './day-input'

// Mantine renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

afterEach(cleanup)

function DialogWithDay({ onClose }: { onClose: () => void }) {
  const [day, setDay] = useState<string | null>('2026-05-17')
  return (
    <Modal opened onClose={onClose} title="Add Event">
      <TextInput label="Note" defaultValue="Felt strong" />
      <DayInput label="Date" value={day} onChange={setDay} />
    </Modal>
  )
}

describe('DayInput', () => {
  it('in a dialog, Escape closes only its calendar; a second Escape the dialog', async () => {
    const onClose = vi.fn()
    render(
      <MantineProvider env="test">
        <DialogWithDay onClose={onClose} />
      </MantineProvider>,
    )
    const input = screen.getByRole('textbox', { name: 'Date' })
    fireEvent.click(input)
    // The calendar shows the chosen day's month.
    await screen.findByText('May 2026')

    fireEvent.keyDown(input, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByText('May 2026')).toBeNull())
    expect(onClose).not.toHaveBeenCalled()

    fireEvent.keyDown(input, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
