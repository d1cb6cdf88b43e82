import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SpotlightLauncher, useOpenSpotlight } from './spotlight-launcher'

// The search's code arrives when the test says: a first use on a slow connection.
let arrive: () => void = () => undefined
const arrived = new Promise<void>((resolve) => {
  arrive = resolve
})
vi.mock('./app-spotlight', async () => {
  await arrived
  return {
    default: ({ openRequest }: { openRequest: number }) => <p>Search open ({openRequest})</p>,
  }
})

function SearchButton() {
  const open = useOpenSpotlight()
  return (
    <button type="button" onClick={open}>
      Search
    </button>
  )
}

describe('SpotlightLauncher', () => {
  it('drops a request Escape cancelled while the code was loading, and opens on the next', async () => {
    const user = userEvent.setup()
    render(
      <SpotlightLauncher>
        <SearchButton />
      </SpotlightLauncher>,
    )
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.keyboard('{Escape}')
    await act(async () => {
      arrive()
      await arrived
      await import('./app-spotlight')
    })
    // The user said no before it could show: it does not pop up afterwards.
    expect(screen.queryByText(/Search open/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Search open (1)')).toBeInTheDocument()
  })
})
