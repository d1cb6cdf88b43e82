import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LazyDayInput } from './lazy-day-input'

// The date picker's code never arrives: what shows is the stand-in.
vi.mock('./day-input', () => new Promise(() => {}))

afterEach(cleanup)

describe('LazyDayInput while the date picker loads', () => {
  it('shows the field as it will be: its label, day, placeholder and required mark, read-only but not disabled', () => {
    render(
      <MantineProvider>
        <LazyDayInput label="Date" value="2026-11-30" onChange={() => {}} required />
        <LazyDayInput label="Until" value={null} onChange={() => {}} error="Pick a day." />
      </MantineProvider>,
    )
    const date = screen.getByRole('textbox', { name: /Date/ })
    expect(date).toHaveValue('2026-11-30')
    expect(date).toBeRequired()
    expect(date).toHaveAttribute('readonly')
    expect(date).toBeEnabled()
    const until = screen.getByRole('textbox', { name: 'Until' })
    expect(until).toHaveAttribute('placeholder', 'YYYY-MM-DD')
    expect(until).toHaveAccessibleDescription('Pick a day.')
  })
})
