import type { Attribute, AttributeValue } from '@kindling/core'
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AttributeInput } from './attribute-input'

// The date picker's code is loaded lazily; fetched here first, its field then draws at once
// instead of after a transform that takes its time on a loaded machine.
beforeAll(async () => {
  await import('../../../components/day-input')
})

const stamp = {
  activityId: 'a1',
  description: '',
  required: false,
  author: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
  deletedAt: null,
}

function Harness({
  attribute,
  initial,
  onValue,
}: {
  attribute: Attribute
  initial?: AttributeValue
  onValue?: (value: AttributeValue) => void
}) {
  const [value, setValue] = useState<AttributeValue | undefined>(initial)
  return (
    <AttributeInput
      attribute={attribute}
      value={value}
      onChange={(next) => {
        setValue(next)
        onValue?.(next)
      }}
    />
  )
}

function renderInput(attribute: Attribute, initial?: AttributeValue) {
  const onValue = vi.fn()
  render(
    <MantineProvider>
      <Harness attribute={attribute} initial={initial} onValue={onValue} />
    </MantineProvider>,
  )
  return onValue
}

describe('AttributeInput', () => {
  afterEach(cleanup)

  it('text: labelled, with the max length', () => {
    renderInput({ ...stamp, id: 't', name: 'Note', type: 'text', maxLength: 12 })
    expect(screen.getByLabelText('Note')).toHaveAttribute('maxlength', '12')
  })

  it('number: the unit in the label, values as numbers', async () => {
    const onValue = renderInput({
      ...stamp,
      id: 'n',
      name: 'Weight',
      type: 'number',
      valueType: 'decimal',
      unit: 'kg',
      min: 0,
      max: 300,
    })
    await userEvent.type(screen.getByLabelText('Weight (kg)'), '72.5')
    expect(onValue).toHaveBeenLastCalledWith(72.5)
    expect(screen.getByText('0 to 300 kg')).toBeInTheDocument()
  })

  it('number: a value out of range is named and kept as typed, not snapped on blur', async () => {
    const onValue = renderInput({
      ...stamp,
      id: 'n',
      name: 'Weight',
      type: 'number',
      valueType: 'integer',
      unit: 'kg',
      min: 0,
      max: 300,
    })
    const input = screen.getByLabelText('Weight (kg)')
    await userEvent.type(input, '400')
    expect(screen.getByText('Must be at most 300.')).toBeInTheDocument()
    fireEvent.blur(input)
    expect(input).toHaveValue('400')
    expect(onValue).toHaveBeenLastCalledWith(400)
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })

  it('duration: nameless, labelled by its type and unit', () => {
    renderInput({ ...stamp, id: 'd', name: '', type: 'duration', unit: 'hours' })
    expect(screen.getByLabelText('Duration (hours)')).toBeInTheDocument()
  })

  it('rating: five stars in a labelled group', () => {
    renderInput({ ...stamp, id: 'r', name: 'Mood', type: 'rating', min: 1, max: 5 })
    expect(screen.getByRole('radiogroup', { name: 'Mood' })).toBeInTheDocument()
  })

  it('boolean: a switch', async () => {
    const onValue = renderInput({ ...stamp, id: 'b', name: 'Outside', type: 'boolean' })
    await userEvent.click(screen.getByLabelText('Outside'))
    expect(onValue).toHaveBeenLastCalledWith(true)
  })

  it('boolean: named by its label alone, its description read as a description', () => {
    renderInput({
      ...stamp,
      id: 'bd',
      name: 'Outside',
      type: 'boolean',
      description: 'In daylight',
    })
    const toggle = screen.getByRole('switch', { name: 'Outside' })
    expect(toggle).toHaveAccessibleName('Outside')
    expect(toggle).toHaveAccessibleDescription('In daylight')
  })

  it('time: clamps to min and max on blur', () => {
    const onValue = renderInput({
      ...stamp,
      id: 'tm',
      name: 'Bedtime',
      type: 'time',
      min: '20:00',
      max: '23:30',
    })
    const input = screen.getByLabelText('Bedtime')
    fireEvent.change(input, { target: { value: '19:15' } })
    fireEvent.blur(input)
    expect(onValue).toHaveBeenLastCalledWith('20:00')
    fireEvent.change(input, { target: { value: '23:45' } })
    fireEvent.blur(input)
    expect(onValue).toHaveBeenLastCalledWith('23:30')
    fireEvent.change(input, { target: { value: '21:00' } })
    fireEvent.blur(input)
    expect(onValue).toHaveBeenLastCalledWith('21:00')
  })

  it('date: its description under the label, as every other type shows it', async () => {
    renderInput({
      ...stamp,
      id: 'dt',
      name: 'Race day',
      type: 'date',
      description: 'The day of the race',
    })
    // The picker's code loads lazily; the stand-in shown meanwhile is disabled.
    await waitFor(() => expect(screen.getByLabelText('Race day')).toBeEnabled())
    expect(screen.getByLabelText('Race day')).toHaveAccessibleDescription('The day of the race')
  })

  it('select: shows the chosen option', () => {
    renderInput(
      { ...stamp, id: 's', name: 'Place', type: 'select', options: ['Gym', 'Park'] },
      'Park',
    )
    expect(screen.getByRole('combobox', { name: 'Place' })).toHaveValue('Park')
  })
})
