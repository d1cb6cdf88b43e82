import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDraft } from '../lib/attribute-draft'
import { AttributeForm } from './attribute-form'

// Autosize textareas listen for web fonts loading, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  })
}
// Mantine renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function renderForm(activityId: string | null = 'a1') {
  const onSubmit = vi.fn()
  render(
    <MantineProvider>
      <AttributeForm
        initialDraft={createDraft(activityId)}
        saving={false}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />
    </MantineProvider>,
  )
  return onSubmit
}

function inputLabelled(label: string | RegExp): HTMLElement {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')
  if (!input) throw new Error(`No input labelled ${label}`)
  return input
}

function chooseType(label: string) {
  fireEvent.click(inputLabelled('Type'))
  fireEvent.click(screen.getByRole('option', { name: label }))
}

function submit() {
  fireEvent.submit(inputLabelled('Type').closest('form') as HTMLFormElement)
}

describe('AttributeForm', () => {
  it('adds options with Enter, trimmed, without duplicates or empties', () => {
    const onSubmit = renderForm()
    chooseType('Select')
    fireEvent.change(inputLabelled(/^Name/), { target: { value: 'Place' } })
    const options = inputLabelled('Options')
    for (const option of ['Park', ' Park ', '   ', 'Track']) {
      fireEvent.change(options, { target: { value: option } })
      fireEvent.keyDown(options, { key: 'Enter' })
    }
    const added = within(screen.getByLabelText('Options added'))
    expect(added.getAllByText('Park')).toHaveLength(1)
    expect(added.getByText('Track')).toBeInTheDocument()
    submit()
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'select', name: 'Place', options: ['Park', 'Track'] }),
    )
  })

  it('resets the type-specific fields when the type changes', () => {
    const onSubmit = renderForm()
    chooseType('Number')
    fireEvent.change(inputLabelled('Unit'), { target: { value: 'km' } })
    chooseType('Duration')
    expect(screen.queryByLabelText('Min')).toBeNull()
    chooseType('Number')
    expect(inputLabelled('Unit')).toHaveValue('')
    fireEvent.change(inputLabelled(/^Name/), { target: { value: 'Distance' } })
    submit()
    const payload = onSubmit.mock.calls[0]?.[0] as Record<string, unknown>
    expect(payload).toMatchObject({ type: 'number', valueType: 'integer' })
    expect(payload).not.toHaveProperty('unit')
  })

  it('needs a name except for duration and rating', () => {
    const onSubmit = renderForm()
    submit()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Name is required.')).toBeInTheDocument()
    chooseType('Rating')
    submit()
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'rating', min: 1, max: 5 }),
    )
  })

  it("logs 'No activity selected' and does nothing without an activity", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const onSubmit = renderForm(null)
    fireEvent.change(inputLabelled(/^Name/), { target: { value: 'Note' } })
    submit()
    expect(error).toHaveBeenCalledWith('No activity selected')
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
