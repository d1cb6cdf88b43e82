/** Local storage, or the tab's session storage. Reaching either can throw (private modes). */
type StorageArea = 'local' | 'session'
const storageOf = (area: StorageArea) =>
  area === 'local' ? window.localStorage : window.sessionStorage

/** Reads a raw string from storage; null when absent or storage is unavailable. */
export function readStoredString(key: string, area: StorageArea = 'local'): string | null {
  try {
    return storageOf(area).getItem(key)
  } catch {
    return null
  }
}

/** Writes a raw string to storage; ignores an unavailable storage (private mode). */
export function writeStoredString(key: string, value: string, area: StorageArea = 'local'): void {
  try {
    storageOf(area).setItem(key, value)
  } catch {
    // Remembering is a convenience; nothing to do when storage refuses.
  }
}
