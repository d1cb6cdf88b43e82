import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, Suspense, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DropOnEscape } from './drop-on-escape'

describe('DropOnEscape', () => {
  it('hears Escape while what it stands for is loading, and nothing once that has come', async () => {
    let arrive: () => void = () => undefined
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve
    })
    // The dialog's code, arriving when the test says (a first use on a slow connection).
    const Dialog = lazy(() => arrived.then(() => ({ default: () => <p>Dialog</p> })))
    const onEscape = vi.fn()
    function Opener() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          {open && (
            <Suspense fallback={<DropOnEscape onEscape={onEscape} />}>
              <Dialog />
            </Suspense>
          )}
        </>
      )
    }
    const user = userEvent.setup()
    render(<Opener />)
    await user.click(screen.getByRole('button', { name: 'Open' }))
    await user.keyboard('a')
    expect(onEscape).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(onEscape).toHaveBeenCalledTimes(1)

    await act(async () => {
      arrive()
      await arrived
    })
    expect(await screen.findByText('Dialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(onEscape).toHaveBeenCalledTimes(1)
  })
})
