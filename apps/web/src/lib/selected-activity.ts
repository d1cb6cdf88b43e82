/**
 * The activity the user last opened (SPEC §3 UI state `selectedActivityId`). The habit page sets
 * it; /update-activity edits it when the URL names no `activityId` (SPEC §2 lists that route
 * without a query). Kept for the tab's session, so a reload of the form still knows it.
 */
const KEY = 'selectedActivityId'
let selected: string | null = null

export function selectActivity(activityId: string): void {
  selected = activityId
  try {
    window.sessionStorage.setItem(KEY, activityId)
  } catch {
    // Private modes may refuse storage; the in-memory value still serves this page load.
  }
}

export function getSelectedActivityId(): string | null {
  if (selected) return selected
  try {
    return window.sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}
