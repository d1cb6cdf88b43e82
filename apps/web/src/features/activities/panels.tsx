import type { Activity } from '@kindling/core'
import { type ComponentType, createContext, useContext } from 'react'

/**
 * What other features show inside a habit's page: its statistics and its reminders. The app
 * fills these in (app/activity-panels.ts), so features never import each other (STYLE.md).
 */
export interface ActivityPanels {
  Stats?: ComponentType<{ activity: Activity }>
  Reminders?: ComponentType<{ activityId: string }>
  /** Drawn while the reminders' code loads: as large as the section will most likely be. */
  RemindersPlaceholder?: ComponentType
}

const ActivityPanelsContext = createContext<ActivityPanels>({})

export const ActivityPanelsProvider = ActivityPanelsContext.Provider

export function useActivityPanels(): ActivityPanels {
  return useContext(ActivityPanelsContext)
}
