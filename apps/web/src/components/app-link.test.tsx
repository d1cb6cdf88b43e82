import { fireEvent, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { memo } from 'react'
import { BrowserRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { LocationProbe } from '../test/location-probe'
import { AppLink } from './app-link'

let linkDrawings = 0

const Row = memo(function Row() {
  linkDrawings += 1
  return <AppLink to="/activities/a1">Read</AppLink>
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('AppLink', () => {
  it('is a link to its path that navigates in the app, not drawn again by navigations', async () => {
    const user = userEvent.setup()
    linkDrawings = 0
    render(
      <BrowserRouter>
        <Row />
        <LocationProbe />
      </BrowserRouter>,
    )
    const link = screen.getByRole('link', { name: 'Read' })
    expect(link.getAttribute('href')).toBe('/activities/a1')

    await user.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(await screen.findByText('At /schedule')).toBeDefined()
    await user.click(link)
    expect(await screen.findByText('At /activities/a1')).toBeDefined()
    expect(linkDrawings).toBe(1)
  })

  it('leaves a modified or middle click to the browser (a new tab, a window)', () => {
    render(
      <BrowserRouter>
        <AppLink to="/events">History</AppLink>
        <LocationProbe />
      </BrowserRouter>,
    )
    const link = screen.getByRole('link', { name: 'History' })
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      // fireEvent answers whether the default went ahead: the browser's own handling.
      expect(fireEvent.click(link, init)).toBe(true)
    }
    expect(screen.getByText('At /')).toBeDefined()
    expect(fireEvent.click(link)).toBe(false)
    expect(screen.getByText('At /events')).toBeDefined()
  })
})
