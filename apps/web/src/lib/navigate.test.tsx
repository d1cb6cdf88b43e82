import { act, cleanup, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { memo } from 'react'
import { BrowserRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { LocationProbe } from '../test/location-probe'
import { useOpenForm } from './form-opener'
import { useNavigateTo } from './navigate'

let rowDrawings = 0

/** A list row's part that navigates (as a day picker or group menu does): drawn once per change of its own. */
const Row = memo(function Row() {
  rowDrawings += 1
  const navigateTo = useNavigateTo()
  const openForm = useOpenForm()
  return (
    <>
      <button type="button" onClick={() => navigateTo('/groups/g1?from=row')}>
        View Group
      </button>
      <button type="button" onClick={() => openForm('/add-event?activityId=a1')}>
        Add event
      </button>
    </>
  )
})

afterEach(() => {
  cleanup()
  window.history.replaceState(null, '', '/')
})

/** The row and the probe in a router at `path`. */
function renderRowAt(path: string) {
  window.history.replaceState(null, '', path)
  render(
    <BrowserRouter>
      <Row />
      <LocationProbe />
    </BrowserRouter>,
  )
}

describe('useNavigateTo', () => {
  it('navigates to an absolute path, and its users are not drawn again by navigations', async () => {
    const user = userEvent.setup()
    rowDrawings = 0
    renderRowAt('/activities')
    expect(rowDrawings).toBe(1)

    await user.click(screen.getByRole('button', { name: 'View Group' }))
    expect(await screen.findByText('At /groups/g1?from=row')).toBeDefined()
    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(await screen.findByText('At /schedule')).toBeDefined()
    // Outside the layout's form opener, a form opens as its page.
    await user.click(screen.getByRole('button', { name: 'Add event' }))
    expect(await screen.findByText('At /add-event?activityId=a1')).toBeDefined()
    // Each a history entry of its own.
    await act(async () => window.history.back())
    expect(await screen.findByText('At /schedule')).toBeDefined()

    expect(rowDrawings).toBe(1)
  })

  it('a second tap before the screen changed (a double tap) adds no second history entry', async () => {
    renderRowAt('/activities')
    await userEvent.dblClick(screen.getByRole('button', { name: 'Add event' }))
    expect(await screen.findByText('At /add-event?activityId=a1')).toBeDefined()
    await act(async () => window.history.back())
    expect(await screen.findByText('At /activities')).toBeDefined()
  })
})
