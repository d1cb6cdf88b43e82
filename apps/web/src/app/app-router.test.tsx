import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense, use } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { useNavigateTo } from '../lib/navigate'
import { AppRouter, navigateAtOnce } from './app-router'

/** A page whose code never arrives: what the user sees while the next screen loads. */
const never = new Promise<never>(() => {})
function Loading() {
  use(never)
  return null
}

function Home() {
  const navigateTo = useNavigateTo()
  return (
    <>
      <p>The list</p>
      <button type="button" onClick={() => navigateTo('/loading')}>
        In turn
      </button>
      <button type="button" onClick={() => navigateAtOnce(() => navigateTo('/loading'))}>
        At once
      </button>
    </>
  )
}

function Where() {
  return <output>{useLocation().pathname}</output>
}

function App() {
  return (
    <AppRouter>
      <Where />
      <Suspense fallback={<p>Loading the page</p>}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/loading" element={<Loading />} />
        </Routes>
      </Suspense>
    </AppRouter>
  )
}

afterEach(() => {
  cleanup()
  window.history.replaceState(null, '', '/')
})

describe('AppRouter', () => {
  it('keeps the screen on show while the next one loads, as React Router does', async () => {
    render(<App />)
    await userEvent.click(screen.getByRole('button', { name: 'In turn' }))
    expect(window.location.pathname).toBe('/loading')
    expect(screen.getByText('The list')).toBeInTheDocument()
    expect(screen.queryByText('Loading the page')).toBeNull()
  })

  it('draws a navigation asked for at once in the same task: the next page, here its loading state', async () => {
    render(<App />)
    await userEvent.click(screen.getByRole('button', { name: 'At once' }))
    expect(screen.getByText('Loading the page')).toBeInTheDocument()
    expect(screen.getByText('The list')).not.toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent('/loading')
  })

  it('follows the browser history back and forth', async () => {
    render(<App />)
    await userEvent.click(screen.getByRole('button', { name: 'At once' }))
    expect(screen.getByRole('status')).toHaveTextContent('/loading')
    await act(async () => {
      window.history.back()
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    })
    expect(screen.getByRole('status')).toHaveTextContent('/')
    expect(screen.getByText('The list')).toBeInTheDocument()
  })
})
