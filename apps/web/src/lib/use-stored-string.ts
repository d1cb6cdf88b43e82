import { useLocalStorage } from '@mantine/hooks'

/*
 * Apart from stored-string.ts, which the first screen's script holds: a module's exports travel
 * together, and this one's hook (Mantine's local storage) is only the screens' (decision 163).
 */

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
