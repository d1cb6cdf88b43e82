import { ActivityPanelsProvider } from '../../features/activities/panels'
import { Component as Habit } from '../../features/activities/routes/activity-detail'
import { activityPanels } from '../activity-panels'

/** A habit's page, with the panels other features show in it (statistics, reminders). */
export function Component() {
  return (
    <ActivityPanelsProvider value={activityPanels}>
      <Habit />
    </ActivityPanelsProvider>
  )
}
