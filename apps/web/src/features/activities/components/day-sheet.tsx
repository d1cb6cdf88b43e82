import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react'
import { useOpenForm } from '../../../lib/form-opener'
import { paths } from '../../../lib/paths'

// Mantine's modal and the rows' parts: loaded with the first day opened.
const DayEventsDialog = lazy(() => import('./day-events'))

/**
 * Picking a day of a habit's week strip or calendar (issue 51): a day with events shows them
 * (open, edit, delete, add another), an empty day opens Add Event for its date. Without
 * `activityId`, every habit's events of the day (home's history calendar).
 */
export function useDaySheet(
  activityId: string | undefined,
  activityName?: string,
): { pickDay: (day: string, hasEvents: boolean) => void; sheet: ReactNode } {
  const openForm = useOpenForm()
  // The day stays while the dialog closes, for its transition and to give the focus back.
  const [shown, setShown] = useState<{ day: string; opened: boolean } | null>(null)
  const pickDay = useCallback(
    (day: string, hasEvents: boolean) => {
      if (hasEvents) setShown({ day, opened: true })
      else openForm(paths.addEvent({ activityId, defaultDate: day }))
    },
    [activityId, openForm],
  )
  const sheet = shown ? (
    <Suspense fallback={null}>
      <DayEventsDialog
        day={shown.day}
        opened={shown.opened}
        activityId={activityId}
        activityName={activityName}
        onClose={() => setShown((current) => current && { ...current, opened: false })}
      />
    </Suspense>
  ) : null
  return { pickDay, sheet }
}
