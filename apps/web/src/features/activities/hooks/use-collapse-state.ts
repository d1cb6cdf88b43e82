import { useLocalStorage } from '@mantine/hooks'
import { useCallback } from 'react'
import { STORAGE_KEYS } from '../../../lib/constants'

/** Whether the Streaks section is collapsed, kept in local storage (SPEC §3 isStreaksCollapsed). */
export function useStreaksCollapsed() {
  return useLocalStorage<boolean>({
    key: STORAGE_KEYS.streaksCollapsed,
    defaultValue: false,
    getInitialValueInEffect: false,
  })
}

/** Whether home's History is collapsed, kept in local storage (SPEC §3 eventsCollapsed). */
export function useEventsCollapsed() {
  return useLocalStorage<boolean>({
    key: STORAGE_KEYS.eventsCollapsed,
    defaultValue: false,
    getInitialValueInEffect: false,
  })
}

/** Ids of the collapsed groups, kept in local storage (SPEC §3 collapsedGroups). */
export function useCollapsedGroups() {
  const [collapsed, setCollapsed] = useLocalStorage<string[]>({
    key: STORAGE_KEYS.collapsedGroups,
    defaultValue: [],
    getInitialValueInEffect: false,
    // A corrupt value must not break the screen: start over with everything expanded.
    deserialize: (value) => {
      try {
        const parsed: unknown = value ? JSON.parse(value) : []
        return Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : []
      } catch {
        return []
      }
    },
  })
  const toggle = useCallback(
    (groupId: string) =>
      setCollapsed((current) =>
        current.includes(groupId) ? current.filter((id) => id !== groupId) : [...current, groupId],
      ),
    [setCollapsed],
  )
  return { collapsed, toggle }
}
