import {
  computeHeatShade,
  getDayCount,
  isBreakDay,
  mergeDayTotals,
  toCalendarDay,
} from '@kindling/core'
import { Calendar, type CalendarLevel } from '@mantine/dates'
import { useMemo } from 'react'
import { useHabitDays } from '../../../api/days'
import { DecadeGrid, sameMonthIn } from '../../../components/decade-grid'
import { useDayjsLocale } from '../../../lib/dayjs-locale'
import { useT } from '../../../lib/i18n'
import { firstDayOfWeek, formatDay, formatNumber } from '../../../lib/locale-format'
import { usePageState } from '../../../lib/page-state'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import classes from './activity-calendar.module.css'
import { useDayPicker } from './day-picker'

export interface ActivityCalendarProps {
  /** The habit whose events are counted; none: every habit's (the home page's history). */
  activityId?: string
  activityName?: string
  now: Date
}

/**
 * The month calendar with heat shading (SPEC §9) of one habit, or of all (home's history): a
 * day with events is orange at shade min(9, count + 3), others grey. Counts come from the
 * device's copy, whatever the month. Picking a day with events shows them, an empty day opens
 * Add Event for it (issue 51). Default export: loaded lazily, the date components are heavy (DESIGN §2).
 */
export default function ActivityCalendar({ activityId, activityName, now }: ActivityCalendarProps) {
  const t = useT()
  // Month and weekday names in the active language, its first day of the week and its digits.
  useDayjsLocale()
  const timeZone = getDeviceTimeZone()
  const today = toCalendarDay(now, timeZone)
  const [shownMonth, setShownMonth] = usePageState('calendar:month', today)
  const [level, setLevel] = usePageState<CalendarLevel>('calendar:level', 'month')
  const dayPicker = useDayPicker(activityId, activityName)
  const habitDays = useHabitDays()
  const totals = useMemo(() => {
    if (!habitDays.data) return undefined
    if (activityId !== undefined) return habitDays.data.get(activityId)
    return mergeDayTotals(...habitDays.data.values())
  }, [habitDays.data, activityId])

  if (level === 'decade') {
    return (
      <DecadeGrid
        year={Number(shownMonth.slice(0, 4))}
        onYear={(year) => {
          setShownMonth(sameMonthIn(shownMonth, year))
          setLevel('year')
        }}
        onShowYear={(year) => setShownMonth(sameMonthIn(shownMonth, year))}
      />
    )
  }

  return (
    <>
      {dayPicker.elements}
      <Calendar
        date={shownMonth}
        onDateChange={(date) => setShownMonth(date.slice(0, 10))}
        level={level}
        onLevelChange={setLevel}
        // The width it is given (issue 51: on a phone the grid took 70% of it).
        fullWidth
        highlightToday
        hideOutsideDates
        firstDayOfWeek={firstDayOfWeek()}
        renderDay={(date) => formatNumber(Number(date.slice(8, 10)))}
        classNames={{ day: classes.day }}
        previousLabel={level === 'year' ? t('Previous year') : t('Previous month')}
        nextLabel={level === 'year' ? t('Next year') : t('Next month')}
        styles={{ weekday: { color: 'var(--mantine-color-gray-4)' } }}
        maxLevel="decade"
        aria-label={
          activityName
            ? t('Calendar of {name}', { name: activityName })
            : t('Calendar of all events')
        }
        getDayProps={(date) => {
          const day = date.slice(0, 10)
          const count = getDayCount(totals, day)
          const shade = computeHeatShade(count)
          // A break day (issue 49) has a state of its own: neither grey nor done.
          const skipped = count === 0 && isBreakDay(totals, day)
          return {
            // A day with events shows them; an empty one of a habit opens its menu (Add event,
            // Skip this day); of all habits it adds an event.
            onClick: (event) => dayPicker.pick(day, count > 0, event.currentTarget),
            'aria-label': skipped
              ? t('{day}: {count, plural, one {# event} other {# events}}, skipped', {
                  day: formatDay(day),
                  count,
                })
              : t('{day}: {count, plural, one {# event} other {# events}}', {
                  day: formatDay(day),
                  count,
                }),
            'data-skipped': skipped || undefined,
            style: {
              backgroundColor: shade
                ? `var(--mantine-color-orange-${shade})`
                : skipped
                  ? 'var(--mantine-color-blue-9)'
                  : 'var(--mantine-color-dark-6)',
              outline: skipped ? '1px dashed var(--mantine-color-blue-3)' : undefined,
              color: shade
                ? shade >= 9
                  ? 'var(--mantine-color-white)'
                  : 'var(--mantine-color-black)'
                : undefined,
              fontWeight: shade ? 700 : undefined,
              margin: 1,
            },
          }
        }}
      />
    </>
  )
}
