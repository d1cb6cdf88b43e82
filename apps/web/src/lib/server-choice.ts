import { useSyncExternalStore } from 'react'
import { setApiBaseUrl } from './api-client'
import { getBuildApiBaseUrl } from './build-config'
import { isNativePlatform, readSecureItem, removeSecureItem, writeSecureItem } from './platform'

/*
 * The server the app talks to (issue 53). The web app talks to the server that served it. The
 * native shells talk to the one fixed at build time (VITE_API_BASE_URL, which locks it), or else
 * to the one the person chose on 'Your Kindling server', kept in the app's own storage.
 */

const SERVER_KEY = 'kindlingServer'

export interface ServerChoice {
  /**
   * The chosen server's address; '' on the web (its own origin); null: none chosen yet;
   * undefined: not read yet (a shell reads it from its storage at start).
   */
  url: string | null | undefined
  /** Fixed at build time: shown, not changeable. */
  locked: boolean
}

let choice: ServerChoice = { url: undefined, locked: false }
const listeners = new Set<() => void>()

function setChoice(next: ServerChoice): void {
  choice = next
  setApiBaseUrl(next.url ?? '')
  for (const listener of listeners) listener()
}

/** Reads the choice at start and points the API client at it. */
export async function loadServerChoice(): Promise<ServerChoice & { url: string | null }> {
  const built = getBuildApiBaseUrl()
  if (built) {
    setChoice({ url: built, locked: true })
  } else if (!isNativePlatform()) {
    setChoice({ url: '', locked: false })
  } else {
    let stored: string | null = null
    try {
      stored = await readSecureItem(SERVER_KEY)
    } catch (error) {
      console.error(error)
    }
    setChoice({ url: stored || null, locked: false })
  }
  return { ...choice, url: choice.url ?? null }
}

export function getServerChoice(): ServerChoice {
  return choice
}

/** True in a native shell that has no server yet: it shows 'Your Kindling server' first. */
export function needsServerChoice(): boolean {
  return choice.url === null
}

/** Keeps `url` as the server from now on (after it answered as a Kindling server). */
export async function chooseServer(url: string): Promise<void> {
  if (choice.locked) return
  await writeSecureItem(SERVER_KEY, url)
  setChoice({ url, locked: false })
}

/** Forgets the chosen server (the person is already signed out of it). */
export async function forgetServer(): Promise<void> {
  if (choice.locked) return
  await removeSecureItem(SERVER_KEY)
  setChoice({ url: null, locked: false })
}

export function useServerChoice(): ServerChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => choice,
    () => choice,
  )
}
