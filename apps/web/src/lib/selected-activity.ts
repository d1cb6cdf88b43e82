import { readStoredString, writeStoredString } from './stored-string'

/**
 * The activity the user last opened (SPEC §3 UI state `selectedActivityId`). The habit page sets
 * it; /update-activity edits it when the URL names no `activityId` (SPEC §2 lists that route
 * without a query). Kept for the tab's session, so a reload of the form still knows it; the
 * in-memory copy serves when storage refuses (private modes).
 */
const KEY = 'selectedActivityId'
let selected: string | null = null

export function selectActivity(activityId: string): void {
  selected = activityId
  writeStoredString(KEY, activityId, 'session')
}

export function getSelectedActivityId(): string | null {
  return selected ?? readStoredString(KEY, 'session')
}
