import { computeHeatShade, toCalendarDay } from '@kindling/core'
import { Calendar } from '@mantine/dates'
import { useState } from 'react'
import { useDayCounts } from '../../../api/events'
import { paths } from '../../../app/paths'
import { useOpenForm } from '../../../lib/form-opener'
import { getDeviceTimeZone } from '../../../lib/time-zone'

const NO_COUNTS: ReadonlyMap<string, number> = new Map()

export interface ActivityCalendarProps {
  activityId: string
  activityName: string
  now: Date
}

/**
 * The month calendar with heat shading (SPEC §9): a day with events is orange at shade
 * min(9, count + 3), others grey. Counts come from the device's copy, whatever the month. Picking a day opens
 * Add Event for it. Default export: loaded lazily, the date components are heavy (DESIGN §2).
 */
export default function ActivityCalendar({ activityId, activityName, now }: ActivityCalendarProps) {
  const timeZone = getDeviceTimeZone()
  const today = toCalendarDay(now, timeZone)
  const [shownMonth, setShownMonth] = useState(today)
  const openForm = useOpenForm()
  const dayCounts = useDayCounts()
  const counts = dayCounts.data?.get(activityId) ?? NO_COUNTS

  return (
    <Calendar
      date={shownMonth}
      onDateChange={(date) => setShownMonth(date.slice(0, 10))}
      highlightToday
      hideOutsideDates
      // Weekends are not special here; Mantine's red weekend text also fails contrast.
      weekendDays={[]}
      previousLabel="Previous month"
      nextLabel="Next month"
      styles={{ weekday: { color: 'var(--mantine-color-gray-4)' } }}
      maxLevel="decade"
      aria-label={`Calendar of ${activityName}`}
      getDayProps={(date) => {
        const day = date.slice(0, 10)
        const count = counts.get(day) ?? 0
        const shade = computeHeatShade(count)
        return {
          onClick: () => openForm(paths.addEvent({ activityId, defaultDate: day })),
          'aria-label': `${day}: ${count} ${count === 1 ? 'event' : 'events'}`,
          style: {
            backgroundColor: shade
              ? `var(--mantine-color-orange-${shade})`
              : 'var(--mantine-color-dark-6)',
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
  )
}
