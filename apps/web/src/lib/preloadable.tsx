import { type ComponentType, lazy, useState } from 'react'

/** A component whose code loads on first use, or earlier on `preload`. */
export interface Preloadable<P> {
  Component: ComponentType<P>
  /** Fetches and evaluates the code now; settles once it is in. */
  preload: () => Promise<unknown>
}

/**
 * `lazy`, but code already in draws at once: `lazy` suspends a first drawing even when its module
 * was fetched and evaluated beforehand (its promise is read only by then), which shows the
 * Suspense fallback for a frame or more. Decided once per mount: switching from the lazy
 * component to the loaded one later would mount it anew.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default
      return module
    })
    return loading
  }
  const Lazy = lazy(preload)
  function Component(props: P) {
    const [Drawn] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return <Drawn {...props} />
  }
  return { Component, preload }
}
