import { MantineProvider } from '@mantine/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LazyDayInput } from './lazy-day-input'

// The date picker's code arrives when the test lets it.
const arrival = vi.hoisted(() => {
  let arrive: () => void = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  return { arrive, arrived }
})
vi.mock('./day-input', async () => {
  const actual = await vi.importActual<typeof import('./day-input')>('./day-input')
  await arrival.arrived
  return actual
})

afterEach(cleanup)

describe('LazyDayInput when the date picker comes in', () => {
  it('opens the calendar for a click made on the field while its code was loading', async () => {
    const user = userEvent.setup()
    render(
      <MantineProvider>
        <LazyDayInput label="Date" value="2026-11-30" onChange={() => {}} />
        <LazyDayInput label="Until" value={null} onChange={() => {}} />
      </MantineProvider>,
    )
    await user.click(screen.getByRole('textbox', { name: 'Date' }))
    expect(document.querySelector('[data-dates-dropdown]')).toBeNull()

    await act(async () => arrival.arrive())
    const date = () => screen.getByRole('textbox', { name: 'Date' })
    await vi.waitFor(() => expect(date()).not.toHaveAttribute('readonly'), { timeout: 5000 })
    expect(date()).toHaveFocus()
    await vi.waitFor(() => expect(document.querySelector('[data-dates-dropdown]')).not.toBeNull())
    // Only the field that was clicked takes the focus.
    expect(screen.getByRole('textbox', { name: 'Until' })).not.toHaveFocus()
  })
})
