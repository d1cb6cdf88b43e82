import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HeaderActions } from '../../components/header-actions'
import { useRecordTitle } from '../../components/record-title'
import { paths } from '../../lib/paths'
import { type RouteHandle, RouteHandleContext } from '../route-handle'
import { HeaderState } from './header-state'
import { ScreenStack } from './screen-stack'

const mounts = { list: 0, detail: 0 }

/** A screen with state of its own, its address on screen, header actions and a record title. */
function Screen({ name }: { name: 'list' | 'detail' }) {
  const [count, setCount] = useState(0)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  useRecordTitle(`${name} record`)
  useEffect(() => {
    mounts[name] += 1
  }, [name])
  return (
    <>
      <HeaderActions>
        <button type="button">Add habit</button>
      </HeaderActions>
      <p>{`${name} at ${pathname}`}</p>
      <button type="button" onClick={() => setCount(count + 1)}>{`Count ${count}`}</button>
      <button type="button" onClick={() => navigate(paths.addEvent({ activityId: 'a1' }))}>
        Add event
      </button>
    </>
  )
}

function FormPage() {
  const navigate = useNavigate()
  return (
    <form>
      <button type="button" onClick={() => navigate(-1)}>
        Save
      </button>
    </form>
  )
}

const HANDLES: Record<string, RouteHandle> = {
  '/list': { title: 'Habits', topLevel: true },
  '/detail': { title: 'Habit' },
}

/** The shell's part: the route's handle, the header and its actions, the stacked page. */
function Shell() {
  const { pathname } = useLocation()
  return (
    <RouteHandleContext.Provider value={HANDLES[pathname] ?? { title: 'Form' }}>
      <HeaderState
        header={({ recordTitle, actionsRef }) => (
          <header>
            <h1>{recordTitle ?? 'no record'}</h1>
            <div data-testid="actions" ref={actionsRef} />
          </header>
        )}
      >
        <main>
          <ScreenStack />
        </main>
      </HeaderState>
    </RouteHandleContext.Provider>
  )
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Shell />}>
          <Route path="/list" element={<Screen name="list" />} />
          <Route path="/detail" element={<Screen name="detail" />} />
          <Route path="/add-event" element={<FormPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  )
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

/** The user scrolls the window to `y`. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
  fireEvent.scroll(window)
}

describe('ScreenStack', () => {
  let scrollTo: ReturnType<typeof vi.fn>
  beforeEach(() => {
    mounts.list = 0
    mounts.detail = 0
    scrollTo = vi.fn()
    vi.stubGlobal('scrollTo', scrollTo)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
  })

  it('keeps a top-level screen under a form page, out of reach, and shows it again as it was', () => {
    renderAt('/list')
    click('Count 0')
    scrollWindow(640)

    click('Add event')
    // The form page alone is there for a user: the list is hidden, inert and out of the header,
    // and still reads its own address.
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Count 1' })).not.toBeInTheDocument()
    expect(screen.getByText('list at /list').closest('[inert]')).toHaveAttribute('aria-hidden')
    expect(screen.queryByRole('button', { name: 'Add habit' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'no record' })).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)

    click('Save')
    // Back without being mounted again: its state, its header and its scroll as they were.
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    expect(screen.getByTestId('actions')).toContainElement(
      screen.getByRole('button', { name: 'Add habit' }),
    )
    expect(screen.getByRole('heading', { name: 'list record' })).toBeInTheDocument()
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640)
    expect(mounts.list).toBe(1)
  })

  it('replaces a screen that is not top-level: going back mounts it again at its top', () => {
    renderAt('/detail')
    click('Count 0')
    scrollWindow(300)

    click('Add event')
    expect(screen.queryByText('detail at /detail')).not.toBeInTheDocument()

    click('Save')
    expect(screen.getByRole('button', { name: 'Count 0' })).toBeInTheDocument()
    expect(mounts.detail).toBe(2)
    expect(scrollTo).not.toHaveBeenCalledWith(0, 300)
  })
})
