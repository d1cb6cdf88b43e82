import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PageStateScope, usePageState } from './page-state'
import { useDraft } from './use-draft'

function Counter({ label, stateKey }: { label: string; stateKey?: string }) {
  const [count, setCount] = usePageState(stateKey, 0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  )
}

/** Draws one of two different parts, as a page does on each side of the 500 px layout. */
function Page({ wide, stateKey }: { wide: boolean; stateKey?: string }) {
  return wide ? (
    <section>
      <Counter label="Wide" stateKey={stateKey} />
    </section>
  ) : (
    <Counter label="Narrow" stateKey={stateKey} />
  )
}

describe('usePageState', () => {
  it('hands a value to the part drawn instead of the one that held it, within one scope', async () => {
    const { rerender } = render(
      <PageStateScope>
        <Page wide={false} stateKey="count" />
      </PageStateScope>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Narrow 0' }))
    await userEvent.click(screen.getByRole('button', { name: 'Narrow 1' }))
    rerender(
      <PageStateScope>
        <Page wide stateKey="count" />
      </PageStateScope>,
    )
    expect(screen.getByRole('button', { name: 'Wide 2' })).toBeTruthy()
  })

  it('starts over in a new scope, and without a key or scope is the part’s own state', async () => {
    const { rerender } = render(
      <PageStateScope key="a">
        <Page wide={false} stateKey="count" />
      </PageStateScope>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Narrow 0' }))
    rerender(
      <PageStateScope key="b">
        <Page wide stateKey="count" />
      </PageStateScope>,
    )
    expect(screen.getByRole('button', { name: 'Wide 0' })).toBeTruthy()

    rerender(<Page wide={false} stateKey="count" />)
    await userEvent.click(screen.getByRole('button', { name: 'Narrow 0' }))
    rerender(<Page wide stateKey="count" />)
    expect(screen.getByRole('button', { name: 'Wide 0' })).toBeTruthy()
  })
})

function NameField({ stored }: { stored: string }) {
  const [name, setName] = useDraft(stored, Object.is, 'name')
  return (
    <label>
      Name
      <input value={name} onChange={(event) => setName(event.currentTarget.value)} />
    </label>
  )
}

describe('useDraft with a key', () => {
  it('keeps an unsaved draft through a redraw, and still follows a stored change after it', async () => {
    const draw = (wide: boolean, stored: string) => (
      <PageStateScope>
        {wide ? (
          <div>
            <NameField stored={stored} />
          </div>
        ) : (
          <NameField stored={stored} />
        )}
      </PageStateScope>
    )
    const { rerender } = render(draw(false, 'Run'))
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'ning')
    rerender(draw(true, 'Run'))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Running')
    act(() => rerender(draw(true, 'Jog')))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Jog')
  })
})
