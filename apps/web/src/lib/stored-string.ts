import { useLocalStorage } from '@mantine/hooks'

/**
 * A string kept in local storage under `key`, stored raw (not JSON) so other screens and older
 * builds read the same value; `fallback` when absent. Live across tabs and components.
 */
export function useStoredString<T extends string>(key: string, fallback: T) {
  return useLocalStorage<T>({
    key,
    defaultValue: fallback,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (value ?? fallback) as T,
  })
}

/** Reads a raw string from local storage; null when absent or storage is unavailable. */
export function readStoredString(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

/** Writes a raw string to local storage; ignores an unavailable storage (private mode). */
export function writeStoredString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Remembering is a convenience; nothing to do when storage refuses.
  }
}
