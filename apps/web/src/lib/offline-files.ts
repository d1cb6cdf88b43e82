import { isNativePlatform } from './platform'

/**
 * Whether every file of the app can be loaded without the network: on native (the shell carries
 * them) and once the offline shell's service worker (issue 13, `sw.ts`) is active; not where no
 * worker can register (http on a LAN name, a blocked or failed registration) nor in development.
 */
let held: Promise<boolean> = Promise.resolve(isNativePlatform())

/** Registers the service worker once the page has loaded, as the first screen comes first. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isNativePlatform()) return
  const container = navigator.serviceWorker
  held = new Promise((resolve) => {
    window.addEventListener('load', () => {
      container.register('/sw.js').then(
        // No registration: the browser (or a test's context) blocks service workers.
        (registration) =>
          registration ? container.ready.then(() => resolve(true)) : resolve(false),
        (error: unknown) => {
          console.error(error)
          resolve(false)
        },
      )
    })
  })
}

/** Resolves true once every file is held offline, false where it never will be. */
export function whenFilesHeldOffline(): Promise<boolean> {
  return held
}
