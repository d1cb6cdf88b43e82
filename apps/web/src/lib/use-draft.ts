import { useState } from 'react'

/**
 * A local draft of a stored value that an input edits before it is saved. When the stored value
 * changes from elsewhere (a save from a dialog, a refetch), the draft follows it; `same`
 * compares by value for objects. The adjust-while-rendering pattern of React's docs: no effect,
 * no extra render of stale text.
 */
export function useDraft<T>(stored: T, same: (a: T, b: T) => boolean = Object.is) {
  const [draft, setDraft] = useState(stored)
  const [seen, setSeen] = useState(stored)
  if (!same(seen, stored)) {
    setSeen(stored)
    setDraft(stored)
  }
  return [draft, setDraft] as const
}
