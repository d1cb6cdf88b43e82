import type { GoalsTab } from '@kindling/core'
import { STORAGE_KEYS } from '../../../lib/constants'
import { useStoredString } from '../../../lib/use-stored-string'

/** The Goals screen's Todo/Done tab, remembered in local storage (SPEC §3). */
export function useGoalsTab() {
  const [stored, setTab] = useStoredString<GoalsTab>(STORAGE_KEYS.goalsTab, 'Todo')
  const tab: GoalsTab = stored === 'Done' ? 'Done' : 'Todo'
  return [tab, setTab] as const
}
