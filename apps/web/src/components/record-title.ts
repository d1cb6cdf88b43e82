import { createContext, useContext, useEffect } from 'react'

/** Lets a detail page name the browser tab after its record; the app shell provides it. */
export const RecordTitleContext = createContext<(title: string | null) => void>(() => undefined)

/**
 * Names the document after the record a detail page shows ("Night run - Kindling" rather than
 * "Habit - Kindling"), so tabs, history and bookmarks tell records apart. The header keeps the
 * route's title: the page itself shows the name as its heading.
 */
export function useRecordTitle(title: string | undefined): void {
  const setTitle = useContext(RecordTitleContext)
  useEffect(() => {
    if (!title) return
    setTitle(title)
    return () => setTitle(null)
  }, [setTitle, title])
}
