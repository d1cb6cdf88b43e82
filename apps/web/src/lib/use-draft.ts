import { usePageState } from './page-state'

/**
 * A local draft of a stored value that an input edits before it is saved. When the stored value
 * changes from elsewhere (a save from a dialog, a refetch), the draft follows it; `same`
 * compares by value for objects. The adjust-while-rendering pattern of React's docs: no effect,
 * no extra render of stale text. With a `key`, the draft is page state: it survives the input
 * being drawn anew when the layout changes (a phone turned mid-edit).
 */
export function useDraft<T>(stored: T, same: (a: T, b: T) => boolean = Object.is, key?: string) {
  const [draft, setDraft] = usePageState(key === undefined ? undefined : `${key}:draft`, stored)
  const [seen, setSeen] = usePageState(key === undefined ? undefined : `${key}:seen`, stored)
  if (!same(seen, stored)) {
    setSeen(stored)
    setDraft(stored)
  }
  return [draft, setDraft] as const
}
