import type { DayTotals, Schedule, WeekStripDay } from '@kindling/core'
import { getDayCount, isBreakDay, isDueOn } from '@kindling/core'
import { useT } from '../../../lib/i18n'
import { formatDay } from '../../../lib/locale-format'
import { preloadDayMenu } from './day-menu'
import classes from './week-strip.module.css'

export interface WeekStripProps {
  activityName: string
  /** Days the schedule names get a dashed ring: planned, not required (SPEC §9 isDueOn). */
  schedule: Schedule
  days: readonly WeekStripDay[]
  /** This activity's days; days with events are marked, break days marked. */
  totals: DayTotals | undefined
  /**
   * A day tapped: `hasEvents` says whether it has any (they are shown; else its menu opens
   * beside `anchor`: Add event, Skip this day).
   */
  onPickDay: (day: string, hasEvents: boolean, anchor: HTMLElement) => void
}

/**
 * Seven day buttons, Monday first, narrow letters (SPEC §2): today is highlighted, days that
 * already have events are marked, skipped days (break days, issue 49) marked as such. Every day
 * can be picked: one with events shows them, so a mistaken tap can be put right (issue 51); the
 * others open the day's menu: Add Event for their date, Skip this day (issue 49). Plain
 * buttons styled by CSS: a list of habits draws seven per row, and Mantine's Indicator and
 * UnstyledButton around each were fourteen components a row of the first drawing (issue 19).
 */
export function WeekStrip({ activityName, schedule, days, totals, onPickDay }: WeekStripProps) {
  const t = useT()
  return (
    <fieldset
      className={classes.strip}
      aria-label={t('This week for {name}', { name: activityName })}
    >
      {days.map((day) => {
        const done = getDayCount(totals, day.day) > 0
        const skipped = !done && isBreakDay(totals, day.day)
        const due = isDueOn(schedule, day.day)
        return (
          <button
            key={day.day}
            type="button"
            className={classes.day}
            data-today={day.isToday || undefined}
            data-done={done || undefined}
            data-skipped={skipped || undefined}
            data-due={due || undefined}
            aria-haspopup={done ? 'dialog' : 'menu'}
            aria-label={t(
              '{name} on {day}{state, select, done {, has events} skipped {, skipped} other {}}{today, select, yes {, today} other {}}',
              {
                name: activityName,
                day: formatDay(day.day),
                state: done ? 'done' : skipped ? 'skipped' : 'open',
                today: day.isToday ? 'yes' : 'no',
              },
            )}
            aria-current={day.isToday ? 'date' : undefined}
            onPointerEnter={preloadDayMenu}
            onFocus={preloadDayMenu}
            onClick={(event) => onPickDay(day.day, done, event.currentTarget)}
          >
            {day.letter}
          </button>
        )
      })}
    </fieldset>
  )
}
