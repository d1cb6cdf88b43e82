import type { Schedule, WeekStripDay } from '@kindling/core'
import { isDueOn } from '@kindling/core'
import { Group, Indicator, UnstyledButton } from '@mantine/core'
import classes from './week-strip.module.css'

export interface WeekStripProps {
  activityName: string
  /** Days the schedule names get a dashed ring: planned, not required (SPEC §9 isDueOn). */
  schedule: Schedule
  days: readonly WeekStripDay[]
  /** Events per day of this activity; days with events are disabled and marked. */
  counts: ReadonlyMap<string, number> | undefined
  onPickDay: (day: string) => void
}

/**
 * Seven day buttons, Monday first, narrow letters (SPEC §2): today is highlighted, days that
 * already have events are disabled and marked; the others open Add Event for their date.
 */
export function WeekStrip({ activityName, schedule, days, counts, onPickDay }: WeekStripProps) {
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={`This week for ${activityName}`}>
      {days.map((day) => {
        const done = (counts?.get(day.day) ?? 0) > 0
        const due = isDueOn(schedule, day.day)
        return (
          <Indicator key={day.day} disabled={!done} size={8} offset={3} color="orange" zIndex={1}>
            <UnstyledButton
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
            </UnstyledButton>
          </Indicator>
        )
      })}
    </Group>
  )
}
