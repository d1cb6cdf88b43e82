import { Button, MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FormActions, SPINNER_AFTER_MS } from './form-actions'

function renderInForm(props: Parameters<typeof FormActions>[0], onSubmit = vi.fn()) {
  render(
    <MantineProvider>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <FormActions {...props} />
      </form>
    </MantineProvider>,
  )
  return onSubmit
}

afterEach(cleanup)

describe('FormActions', () => {
  it('submits the form with Save and calls onCancel with Cancel', async () => {
    const onCancel = vi.fn()
    const onSubmit = renderInForm({ onCancel, saving: false })
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('cannot save while saving or while the form cannot be saved', () => {
    renderInForm({ onCancel: vi.fn(), saving: false, canSave: false })
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it("shows the form's own actions beside Cancel and Save", () => {
    renderInForm({ onCancel: vi.fn(), saving: true, extra: <Button>Delete</Button> })
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled()
  })

  it('cannot be pressed again at once while saving, and shows its spinner only for a long save', () => {
    vi.useFakeTimers()
    try {
      const drawn = (saving: boolean) => (
        <MantineProvider>
          <form>
            <FormActions onCancel={vi.fn()} saving={saving} />
          </form>
        </MantineProvider>
      )
      const { rerender } = render(drawn(false))
      const save = () => screen.getByRole('button', { name: 'Save' })
      expect(save()).toBeEnabled()
      rerender(drawn(true))
      expect(save()).toBeDisabled()
      expect(save()).not.toHaveAttribute('data-loading')
      act(() => vi.advanceTimersByTime(SPINNER_AFTER_MS - 1))
      expect(save()).not.toHaveAttribute('data-loading')
      act(() => vi.advanceTimersByTime(1))
      expect(save()).toHaveAttribute('data-loading')
      rerender(drawn(false))
      expect(save()).toBeEnabled()
      expect(save()).not.toHaveAttribute('data-loading')
      // The next save starts without it again.
      rerender(drawn(true))
      expect(save()).not.toHaveAttribute('data-loading')
    } finally {
      vi.useRealTimers()
    }
  })
})
