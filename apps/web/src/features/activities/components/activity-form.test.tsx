import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ActivityForm, type ActivityFormValues } from './activity-form'

// Mantine renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

afterEach(cleanup)

function scheduleInput(): HTMLElement {
  const input = screen.getAllByLabelText('Schedule').find((element) => element.tagName === 'INPUT')
  if (!input) throw new Error('No Schedule input')
  return input
}

function renderForm(initial: Partial<ActivityFormValues> = {}) {
  const onSubmit = vi.fn()
  render(
    <MantineProvider>
      <ActivityForm
        initialValues={{ name: '', color: '#fd7e14', schedule: { type: 'Daily' }, ...initial }}
        saving={false}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />
    </MantineProvider>,
  )
  return onSubmit
}

describe('ActivityForm', () => {
  it("truncates the name at 21 characters and shows the 20-character rule as the field's error", () => {
    renderForm()
    const name = screen.getByRole('textbox', { name: /Name/ })
    fireEvent.change(name, { target: { value: 'abcdefghijklmnopqrstuvwxyz' } })
    expect(name).toHaveValue('abcdefghijklmnopqrstu')
    // The field's error (red in the browser: the e2e test checks the colour), announced with it.
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Name must be 20 characters or less.')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    fireEvent.change(name, { target: { value: 'abcdefghijklmnopqrst' } })
    expect(screen.queryByText('Name must be 20 characters or less.')).toBeNull()
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('shows the Preview only with a name and saves on Enter when valid', () => {
    const onSubmit = renderForm()
    expect(screen.queryByText('Preview')).toBeNull()
    const name = screen.getByRole('textbox', { name: /Name/ })
    fireEvent.submit(name.closest('form') as HTMLFormElement)
    expect(onSubmit).not.toHaveBeenCalled()
    fireEvent.change(name, { target: { value: ' Run ' } })
    expect(screen.getByText('Preview')).toBeInTheDocument()
    fireEvent.submit(name.closest('form') as HTMLFormElement)
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Run',
      color: '#fd7e14',
      schedule: { type: 'Daily' },
    })
  })

  it('resets the schedule to the new type defaults', () => {
    const onSubmit = renderForm({ name: 'Run', schedule: { type: 'Monthly', dayOfMonth: 15 } })
    expect(screen.getByRole('textbox', { name: 'Day of month' })).toHaveValue('15')
    fireEvent.click(scheduleInput())
    fireEvent.click(screen.getByRole('option', { name: 'Weekly' }))
    expect(screen.queryByRole('textbox', { name: 'Day of month' })).toBeNull()
    const labels = screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))
    expect(labels).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
    expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(
      true,
    )
    fireEvent.click(scheduleInput())
    fireEvent.click(screen.getByRole('option', { name: 'Monthly' }))
    expect(screen.getByRole('textbox', { name: 'Day of month' })).toHaveValue('1')
    fireEvent.submit(
      screen.getByRole('textbox', { name: /Name/ }).closest('form') as HTMLFormElement,
    )
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ schedule: { type: 'Monthly', dayOfMonth: 1 } }),
    )
  })
})
