import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
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
})
