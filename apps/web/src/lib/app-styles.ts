/**
 * Applies the app's stylesheet, which index.html only preloads so that the boot screen paints
 * without waiting for it (app-styles.ts), and resolves once it is in force: drawing before would
 * show the app unstyled for a moment. Nothing to wait for where no preload is (the dev server
 * injects its styles itself).
 */
export function applyAppStyles(): Promise<void> {
  const links = [
    ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-app-styles]'),
  ]
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          // A stylesheet that fails to load must not keep the app from drawing.
          link.addEventListener('load', () => resolve(), { once: true })
          link.addEventListener('error', () => resolve(), { once: true })
          link.rel = 'stylesheet'
        }),
    ),
  ).then(() => undefined)
}
