import type { DayTotals, Schedule, WeekStripDay } from '@kindling/core'
import { getDayCount, isDueOn } from '@kindling/core'
import classes from './week-strip.module.css'

export interface WeekStripProps {
  activityName: string
  /** Days the schedule names get a dashed ring: planned, not required (SPEC §9 isDueOn). */
  schedule: Schedule
  days: readonly WeekStripDay[]
  /** This activity's days; days with events are disabled and marked. */
  totals: DayTotals | undefined
  onPickDay: (day: string) => void
}

/**
 * Seven day buttons, Monday first, narrow letters (SPEC §2): today is highlighted, days that
 * already have events are disabled and marked; the others open Add Event for their date. Plain
 * buttons styled by CSS: a list of habits draws seven per row, and Mantine's Indicator and
 * UnstyledButton around each were fourteen components a row of the first drawing (issue 19).
 */
export function WeekStrip({ activityName, schedule, days, totals, onPickDay }: WeekStripProps) {
  return (
    <fieldset className={classes.strip} aria-label={`This week for ${activityName}`}>
      {days.map((day) => {
        const done = getDayCount(totals, day.day) > 0
        const due = isDueOn(schedule, day.day)
        return (
          <button
            key={day.day}
            type="button"
            className={classes.day}
            data-today={day.isToday || undefined}
            data-done={done || undefined}
            data-due={due || undefined}
            disabled={done}
            aria-label={`${activityName} on ${day.day}${done ? ', has events' : ''}${day.isToday ? ', today' : ''}`}
            aria-current={day.isToday ? 'date' : undefined}
            onClick={() => onPickDay(day.day)}
          >
            {day.letter}
          </button>
        )
      })}
    </fieldset>
  )
}
