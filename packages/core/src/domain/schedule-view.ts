import { isOnBreakInPeriod } from './breaks'
import { getPeriodDayNumbers } from './dates'
import type { DayTotals } from './day-totals'
import { measureCurrentPeriod } from './done-state'
import { ONE_EVENT, type PeriodProgress, type TargetOf } from './targets'
import { parseDayNumber, splitDayNumber, weekdayOfDayNumber } from './time-zone'
import type {
  CadenceLike,
  DayString,
  ScheduledActivityLike,
  ScheduleFilterLike,
  ScheduleLike,
} from './types'
import { isActive } from './types'

export type ScheduleSectionKey = 'today' | 'thisWeek' | 'thisMonth' | 'unscheduled'

export interface ScheduleItem<A extends ScheduledActivityLike = ScheduledActivityLike> {
  activity: A
  /** Done in the section's current period; always false in the unscheduled section. */
  done: boolean
  /** Toward the period's target (null in the unscheduled section). */
  progress: PeriodProgress | null
}

export interface ScheduleSection<A extends ScheduledActivityLike = ScheduledActivityLike> {
  key: ScheduleSectionKey
  /** SPEC §2 heading: 'Today', 'This Week', 'This Month'; 'Unscheduled' for the None filter. */
  title: string
  /** The cadence the section judges done-state on; null for the unscheduled section. */
  cadence: CadenceLike | null
  items: ScheduleItem<A>[]
}

export interface ScheduleViewInput<A extends ScheduledActivityLike> {
  activities: readonly A[]
  /** Each activity's days (buildHabitDays), in the user's zone. */
  days: ReadonlyMap<string, DayTotals>
  filter: ScheduleFilterLike
  /** SPEC §2 DONE checkbox: include completed activities (after the undone ones). */
  showDone: boolean
  /** Today in the user's zone. */
  today: DayString
  /** What each activity's period asks (indexGoalTargets); one event when absent. */
  targetOf?: TargetOf
}

const SECTIONS: readonly {
  key: ScheduleSectionKey
  title: string
  schedule: ScheduleLike['type']
  filter: ScheduleFilterLike
}[] = [
  { key: 'today', title: 'Today', schedule: 'Daily', filter: 'daily' },
  { key: 'thisWeek', title: 'This Week', schedule: 'Weekly', filter: 'weekly' },
  { key: 'thisMonth', title: 'This Month', schedule: 'Monthly', filter: 'monthly' },
  { key: 'unscheduled', title: 'Unscheduled', schedule: 'Unscheduled', filter: 'unscheduled' },
]

/**
 * The Schedule screen (SPEC §2) as sections in the order Today (Daily activities), This Week
 * (Weekly), This Month (Monthly), Unscheduled. Rules:
 * - Filter 'all' shows Today, This Week and This Month, never the unscheduled section (that is
 *   why SPEC §2 switches an All filter with no daily activities to Unscheduled); 'daily',
 *   'weekly', 'monthly' and 'unscheduled' show just their own section.
 * - Weekly `days` and Monthly `dayOfMonth` do not restrict visibility: a Weekly activity is
 *   listed every day of the ISO week until it is done that week, a Monthly one every day of the
 *   month until done that month (SPEC §4 judges done-state on the whole period, and new Weekly
 *   schedules have no days). Use isDueOn to mark the days they name.
 * - Unscheduled activities have no period: they are always listed, with done false, whatever
 *   `showDone` says.
 * - Within a section undone items come first, then (only with `showDone`) done ones; each group
 *   keeps the order of `activities`, so sort those first (sortByRecent).
 * - A period wholly inside the habit's breaks is not due: the habit is left out unless done.
 * - Deleted and archived activities are excluded; done-state is the period's measure toward the
 *   activity's target (`targetOf`: its goal of that cadence, else one event); empty sections are
 *   omitted, so an empty result is the 'All done!' state.
 */
export function buildScheduleView<A extends ScheduledActivityLike>(
  input: ScheduleViewInput<A>,
): ScheduleSection<A>[] {
  const { activities, days, filter, showDone, today } = input
  const targetOf = input.targetOf ?? (() => ONE_EVENT)
  const live = activities.filter(isActive)
  const sections: ScheduleSection<A>[] = []
  for (const section of SECTIONS) {
    const shown =
      filter === section.filter || (filter === 'all' && section.schedule !== 'Unscheduled')
    if (!shown) continue
    const members = live.filter((activity) => activity.schedule.type === section.schedule)
    const cadence = section.schedule === 'Unscheduled' ? null : section.schedule
    const undone: ScheduleItem<A>[] = []
    const completed: ScheduleItem<A>[] = []
    for (const activity of members) {
      const totals = days.get(activity.id)
      const progress =
        cadence === null
          ? null
          : measureCurrentPeriod(totals, cadence, today, targetOf(activity.id, cadence))
      // A period wholly inside a break is not due (issue 49): not listed unless done anyway.
      if (!progress?.done && cadence !== null && isOnBreakInPeriod(totals, cadence, today)) continue
      if (!progress?.done) undone.push({ activity, done: false, progress })
      else if (showDone) completed.push({ activity, done: true, progress })
    }
    const items = [...undone, ...completed]
    if (items.length > 0) sections.push({ key: section.key, title: section.title, cadence, items })
  }
  return sections
}

/**
 * SPEC §2: true when the filter is 'all' and no live (non-deleted) Daily activity exists, so the
 * Schedule screen should switch to 'unscheduled'. Doing that only once per session is the
 * app's job. False without any live activity: there is nothing to show under None either, and
 * a new user's first Daily habit must show under Today.
 */
export function shouldSwitchToUnscheduled(
  activities: readonly ScheduledActivityLike[],
  filter: ScheduleFilterLike,
): boolean {
  const live = activities.filter(isActive)
  return (
    filter === 'all' &&
    live.length > 0 &&
    !live.some((activity) => activity.schedule.type === 'Daily')
  )
}

/**
 * Whether a schedule names `day` (a `YYYY-MM-DD`, zone-free) as a day to do the activity, for
 * an informational marker; it never hides anything (see buildScheduleView). Daily: every day.
 * Weekly: the listed weekdays (0 Sunday … 6 Saturday); none listed means no particular day, so
 * false. Monthly: the `dayOfMonth`, moved to the month's last day when the month is shorter
 * (31 is due on 30 April and on 28 or 29 February). Unscheduled: never. Throws RangeError for
 * an invalid day.
 */
export function isDueOn(schedule: ScheduleLike, day: DayString): boolean {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  switch (schedule.type) {
    case 'Unscheduled':
      return false
    case 'Daily':
      return true
    case 'Weekly':
      return schedule.days.includes(weekdayOfDayNumber(dayNumber))
    case 'Monthly': {
      const [, lastOfMonth] = getPeriodDayNumbers('month', dayNumber)
      const { day: date } = splitDayNumber(dayNumber)
      const lastDate = splitDayNumber(lastOfMonth).day
      return date === Math.min(schedule.dayOfMonth, lastDate)
    }
  }
}
