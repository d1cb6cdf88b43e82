import { DATE_RANGE, ImportError, type ImportPlan, isStorableInstant } from './plan'

/**
 * Refuses, before anything is written, a plan the database could not store, with what is wrong
 * and where (issue 16: a bad file answers 400 and stores nothing, never 500): events dated
 * outside the years the API takes (core's `IsoDateTime`: PostgreSQL has no year 0). Readers
 * check dates where they can name the line; this is the one rule every format meets.
 */
export function checkPlan(plan: ImportPlan): void {
  const noun = plan.source === 'kindling' ? 'Activity' : 'Habit'
  plan.activities.forEach((activity, index) => {
    const where = () => `${noun} ${index + 1} ("${activity.name}")`
    for (const event of activity.events) {
      const day = () =>
        plan.eventIdentity === 'day' ? event.eventDate.slice(0, 10) : event.eventDate
      if (!isStorableInstant(event.eventDate)) {
        throw new ImportError(
          `${where()} has an event dated "${day()}": ${DATE_RANGE}. Correct the date in the app the file comes from and export the file again.`,
        )
      }
    }
  })
}
