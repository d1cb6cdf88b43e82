import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'

/**
 * What the user set on one page (a typed draft, the month a calendar shows), kept for as long
 * as the page is open. A page whose layout changes at 500 px (SPEC §1) draws other parts when a
 * phone turns or a window is resized across it; those parts read back what the ones before them
 * held instead of starting over.
 */
const PageStateContext = createContext<Map<string, unknown> | undefined>(undefined)

/** Holds the page state of everything inside; a new scope (another `key`) starts empty. */
export function PageStateScope({ children }: { children: ReactNode }) {
  const [values] = useState(() => new Map<string, unknown>())
  return <PageStateContext.Provider value={values}>{children}</PageStateContext.Provider>
}

/**
 * `useState` whose value outlives the component within its page scope, under `key`. Without a
 * key or outside a scope it is plain component state.
 */
export function usePageState<T>(key: string | undefined, initial: T) {
  const values = useContext(PageStateContext)
  const [value, setValue] = useState<T>(() =>
    key !== undefined && values?.has(key) ? (values.get(key) as T) : initial,
  )
  useEffect(() => {
    if (key !== undefined) values?.set(key, value)
  }, [values, key, value])
  return [value, setValue] as const
}
