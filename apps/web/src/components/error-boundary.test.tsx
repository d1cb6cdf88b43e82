import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './error-boundary'

let shouldThrow = true

function Flaky() {
  if (shouldThrow) throw new Error('boom')
  return <p>Rendered fine</p>
}

describe('ErrorBoundary', () => {
  it("shows SPEC's fallback and renders the children again on 'Try again'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Flaky />
        </ErrorBoundary>
      </MantineProvider>,
    )
    expect(screen.getByText('Uh oh. Failed to render the component.')).toBeInTheDocument()
    shouldThrow = false
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByText('Rendered fine')).toBeInTheDocument()
  })

  it("reloads the page on 'Try again' when the code failed to download", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    function Missing(): never {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/goals-x.js')
    }
    render(
      <MantineProvider>
        <ErrorBoundary>
          <Missing />
        </ErrorBoundary>
      </MantineProvider>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Uh oh. Failed to render the component.')).toBeInTheDocument()
  })

  it('shows its own fallback when given one (parts that draw nothing until used)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): never {
      throw new Error('boom')
    }
    const { container } = render(
      <MantineProvider>
        <p>Around</p>
        <ErrorBoundary fallback={null}>
          <Broken />
        </ErrorBoundary>
      </MantineProvider>,
    )
    expect(within(container).getByText('Around')).toBeInTheDocument()
    expect(within(container).queryByRole('alert')).toBeNull()
  })
})
