import { MantineProvider, Modal, TextInput } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLanguage } from '../lib/i18n'
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

  it('shows a decade as 12 years in rows of 3 (SPEC §9) and picks a day through year and month', async () => {
    const onChange = vi.fn()
    render(
      <MantineProvider env="test">
        <DayInput label="Date" value="2026-05-17" onChange={onChange} />
      </MantineProvider>,
    )
    fireEvent.click(screen.getByRole('textbox', { name: 'Date' }))
    // Month, then year, then the decade.
    fireEvent.click(await screen.findByRole('button', { name: 'May 2026' }))
    fireEvent.click(await screen.findByRole('button', { name: '2026' }))
    const decade = await screen.findByRole('group', { name: 'Years 2020 to 2029' })
    const years = within(decade).getAllByRole('button', { name: /^\d{4}$/ })
    expect(years.map((year) => year.textContent)).toEqual(
      Array.from({ length: 12 }, (_, index) => String(2019 + index)),
    )

    // The year after the decade, then its January, then a day of it.
    fireEvent.click(within(decade).getByRole('button', { name: '2030' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Jan' }))
    await screen.findByRole('button', { name: 'January 2030' })
    fireEvent.click(screen.getByRole('button', { name: '15 January 2030' }))
    expect(onChange).toHaveBeenCalledWith('2030-01-15')
    await waitFor(() => expect(screen.queryByRole('group', { name: /^Years/ })).toBeNull())
  })

  it('takes a whole typed day, and shows the picked day again when left half typed', async () => {
    const onChange = vi.fn()
    render(
      <MantineProvider env="test">
        <DayInput label="Date" value="2026-05-17" onChange={onChange} />
      </MantineProvider>,
    )
    const input = screen.getByRole('textbox', { name: 'Date' })
    fireEvent.change(input, { target: { value: '2026-02-3' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: '2026-02-03' } })
    expect(onChange).toHaveBeenCalledWith('2026-02-03')
    fireEvent.change(input, { target: { value: '2026-13' } })
    fireEvent.blur(input)
    expect(input).toHaveValue('2026-05-17')
  })

  it('with a minimum, earlier days and years cannot be picked, nor typed', async () => {
    const onChange = vi.fn()
    render(
      <MantineProvider env="test">
        <DayInput
          label="Paused until"
          value="2026-05-17"
          minDate="2026-05-10"
          onChange={onChange}
        />
      </MantineProvider>,
    )
    const input = screen.getByRole('textbox', { name: 'Paused until' })
    fireEvent.click(input)
    expect(await screen.findByRole('button', { name: '9 May 2026' })).toBeDisabled()
    expect(screen.getByRole('button', { name: '10 May 2026' })).toBeEnabled()

    fireEvent.click(screen.getByRole('button', { name: 'May 2026' }))
    fireEvent.click(await screen.findByRole('button', { name: '2026' }))
    const decade = await screen.findByRole('group', { name: 'Years 2020 to 2029' })
    expect(within(decade).getByRole('button', { name: '2025' })).toBeDisabled()
    expect(within(decade).getByRole('button', { name: '2026' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Previous decade' })).toBeDisabled()

    fireEvent.change(input, { target: { value: '2026-05-01' } })
    expect(onChange).not.toHaveBeenCalled()
  })

  it('names the months in the active language', async () => {
    await activateLanguage('de')
    try {
      render(
        <MantineProvider env="test">
          <DatesProvider settings={{ locale: 'de' }}>
            <DayInput label="Datum" value="2026-05-17" onChange={() => {}} />
          </DatesProvider>
        </MantineProvider>,
      )
      fireEvent.click(screen.getByRole('textbox', { name: 'Datum' }))
      await screen.findByText('Mai 2026')
    } finally {
      await activateLanguage('en')
    }
  })
})
