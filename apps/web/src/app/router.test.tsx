import { render, screen } from '@testing-library/react'
import { type ComponentType, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { screen as screenRoute } from './router'

type ScreenModule = { Component: ComponentType }

/** A screen whose code arrives when the test says so. */
function pendingScreen(title: string) {
  let arrive: (module: ScreenModule) => void = () => {}
  const code = new Promise<ScreenModule>((resolve) => {
    arrive = resolve
  })
  const route = screenRoute(title, () => code)
  const Component = () => <p>{title} drawn</p>
  return { route, arrive: () => arrive({ Component }), code }
}

const inBoundary = (element: React.ReactNode) => (
  <Suspense fallback={<p>Held back</p>}>{element}</Suspense>
)

// One file, one page load: the module's "a screen was drawn" state carries from test to test,
// as it does from screen to screen.
describe('screen routes', () => {
  it("draws the page's first screen as an empty page while its code loads, then the screen", async () => {
    const first = pendingScreen('First')
    const view = render(inBoundary(first.route.element))
    expect(view.container.querySelector('[aria-busy="true"]')).not.toBeNull()
    expect(screen.queryByText('Held back')).toBeNull()
    first.arrive()
    expect(await screen.findByText('First drawn')).toBeInTheDocument()
    view.unmount()
  })

  it('draws a screen whose code is in at once, however often it is mounted', async () => {
    const loaded = pendingScreen('Loaded')
    loaded.arrive()
    // Fetched ahead, as the page's screen is at start and a link's on intent.
    await (loaded.route.handle as { load: () => Promise<ScreenModule> }).load()
    for (let mount = 0; mount < 2; mount += 1) {
      const view = render(inBoundary(loaded.route.element))
      // In the first commit: suspending would hold it back for 300 ms after the fallback.
      expect(screen.getByText('Loaded drawn')).toBeInTheDocument()
      view.unmount()
    }
  })

  it('suspends a later screen whose code is not in yet (a navigation keeps the old one)', async () => {
    const later = pendingScreen('Later')
    render(inBoundary(later.route.element))
    expect(screen.getByText('Held back')).toBeInTheDocument()
    later.arrive()
    expect(await screen.findByText('Later drawn')).toBeInTheDocument()
  })
})
