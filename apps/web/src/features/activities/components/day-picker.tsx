import { type ReactNode, useCallback } from 'react'
import { useDayMenu } from './day-menu'
import { useDaySheet } from './day-sheet'

/**
 * What picking a day of a habit's week strip or calendar does: a day with events shows them
 * (open, edit, delete, add another; issue 51); a day without, of one habit, opens its menu (Add
 * event, Skip this day or Undo skip; issue 49); of all habits (home's calendar) it adds an event.
 */
export function useDayPicker(
  activityId: string | undefined,
  activityName?: string,
): {
  pick: (day: string, hasEvents: boolean, anchor: HTMLElement) => void
  elements: ReactNode
} {
  const { pickDay, sheet } = useDaySheet(activityId, activityName)
  const dayMenu = useDayMenu()
  const { open } = dayMenu
  const pick = useCallback(
    (day: string, hasEvents: boolean, anchor: HTMLElement) => {
      if (hasEvents || activityId === undefined || activityName === undefined) {
        pickDay(day, hasEvents)
      } else {
        open({ activityId, activityName, day, anchor })
      }
    },
    [activityId, activityName, pickDay, open],
  )
  return {
    pick,
    elements: (
      <>
        {sheet}
        {dayMenu.menu}
      </>
    ),
  }
}
