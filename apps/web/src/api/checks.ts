import type { Tables } from '../lib/sync/view'

/** The server's 400 for an activity that is not one of the user's live ones, said early. */
export function unknownActivity(activityId: string, view: Tables): Record<string, string> {
  return view.activities.has(activityId) ? {} : { activityId: 'Not an activity of yours.' }
}

export function missingActivities(ids: readonly string[], view: Tables): Record<string, string> {
  const missing = ids.filter((id) => !view.activities.has(id))
  return missing.length > 0 ? { activities: `Not activities of yours: ${missing.join(', ')}` } : {}
}
