import { lazy } from 'react'
import type { ActivityPanels } from '../features/activities/panels'
import { RemindersSectionSkeleton } from '../features/reminders/components/reminders-shape'

/** The panels other features show on a habit's page, each loaded with the page that shows it. */
export const activityPanels: ActivityPanels = {
  Stats: lazy(() => import('../features/stats/components/habit-stats')),
  Reminders: lazy(() =>
    import('../features/reminders/components/reminders-section').then((module) => ({
      default: module.RemindersSection,
    })),
  ),
  RemindersPlaceholder: RemindersSectionSkeleton,
}
