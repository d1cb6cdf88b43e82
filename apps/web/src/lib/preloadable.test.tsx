import { act, cleanup, render, screen } from '@testing-library/react'
import { type ComponentType, Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { preloadable } from './preloadable'

function Greeting({ name }: { name: string }) {
  return <p>{`Hello ${name}`}</p>
}

/** A module that arrives when the test says so. */
function heldModule() {
  let arrive = () => {}
  const module = new Promise<{ default: typeof Greeting }>((resolve) => {
    arrive = () => resolve({ default: Greeting })
  })
  return { load: () => module, arrive }
}

function draw(Component: ComponentType<{ name: string }>) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Component name="Ada" />
    </Suspense>,
  )
}

describe('preloadable', () => {
  afterEach(cleanup)

  it('suspends a first drawing whose code is not in, then draws it', async () => {
    const { load, arrive } = heldModule()
    const { Component } = preloadable(load)
    draw(Component)
    expect(screen.getByText('Loading')).toBeInTheDocument()
    await act(async () => arrive())
    expect(screen.getByText('Hello Ada')).toBeInTheDocument()
  })

  it('draws at once, without its fallback, code preloaded beforehand', async () => {
    const { load, arrive } = heldModule()
    const { Component, preload } = preloadable(load)
    const preloaded = preload()
    arrive()
    await preloaded
    draw(Component)
    expect(screen.queryByText('Loading')).not.toBeInTheDocument()
    expect(screen.getByText('Hello Ada')).toBeInTheDocument()
  })

  it('fetches the code once, whether preloaded or drawn first', async () => {
    let fetched = 0
    const { Component, preload } = preloadable(async () => {
      fetched += 1
      return { default: Greeting }
    })
    draw(Component)
    await act(() => preload())
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument()
    expect(fetched).toBe(1)
  })
})
