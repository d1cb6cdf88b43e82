import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { HeaderActions } from '../../components/header-actions'
import { useRecordTitle } from '../../components/record-title'
import { HeaderState } from './header-state'

describe('HeaderState', () => {
  it("puts a page's actions and record title in the header without drawing the page again", () => {
    let pageDrawn = 0
    function Page() {
      pageDrawn += 1
      useRecordTitle('Night run')
      return (
        <main>
          <HeaderActions>
            <button type="button">Edit</button>
          </HeaderActions>
        </main>
      )
    }
    render(
      <HeaderState
        header={({ recordTitle, actionsRef }) => (
          <header>
            <h1>{recordTitle ?? 'Habit'}</h1>
            <div data-testid="actions" ref={actionsRef} />
          </header>
        )}
      >
        <Page />
      </HeaderState>,
    )
    expect(screen.getByRole('heading', { name: 'Night run' })).toBeInTheDocument()
    expect(screen.getByTestId('actions')).toContainElement(
      screen.getByRole('button', { name: 'Edit' }),
    )
    // The page's own drawing only: its actions draw again (they follow the header's element),
    // the page does not.
    expect(pageDrawn).toBe(1)
  })

  it('draws the header once when a page without a record title opens, actions or not', () => {
    const drawn = { header: 0, page: 0 }
    function Page({ withActions }: { withActions: boolean }) {
      drawn.page += 1
      return (
        <main>
          {withActions && (
            <HeaderActions>
              <button type="button">Delete</button>
            </HeaderActions>
          )}
        </main>
      )
    }
    for (const withActions of [false, true]) {
      drawn.header = 0
      drawn.page = 0
      const view = render(
        <HeaderState
          header={({ actionsRef }) => {
            drawn.header += 1
            return <header ref={actionsRef} />
          }}
        >
          <Page withActions={withActions} />
        </HeaderState>,
      )
      expect(view.container.querySelector('header')?.childElementCount).toBe(withActions ? 1 : 0)
      // The header's element, known once it is committed, is not news to the header itself.
      expect(drawn).toEqual({ header: 1, page: 1 })
      view.unmount()
    }
  })
})
