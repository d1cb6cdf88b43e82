import { getPeriodDayNumbers } from './dates'
import type { DayTotals } from './day-totals'
import { countBetween, getDayTotalsRange } from './day-totals'
import { isDoneBetween } from './done-state'
import { computeHeatShade } from './heat'
import { daysFromCivil, formatDayNumber, parseDayNumber, weekdayOfDayNumber } from './time-zone'
import type { DayString, ScheduledActivityLike } from './types'
import { isDeleted } from './types'

function requireDay(day: DayString): number {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  return dayNumber
}

function countActiveDays(totals: DayTotals | undefined, first: number, last: number): number {
  return countBetween(totals, first, last).activeDays
}

export interface HabitProgress<A extends ScheduledActivityLike = ScheduledActivityLike> {
  activity: A
  /** Expectations met so far (for nothing expected: the days with events). */
  done: number
  /** Expectations in the whole period; 0 when the schedule expects nothing in it. */
  expected: number
}

/**
 * This ISO week's or this month's done / expected per live habit ('Read 17/31'), worst first.
 * A Daily habit expects every day of the period and is done on the days with events; a Weekly
 * habit expects each ISO week (in a month: the weeks whose Thursday is in it, as ISO numbers
 * weeks) and is done for a week with any event; a Monthly habit expects the month. Nothing is
 * expected of a Monthly habit in a week or of an Unscheduled one: they come last, with their
 * days with events as `done`. Days after `today` are not read. Ties keep the order of
 * `activities`.
 */
export function buildPeriodProgress<A extends ScheduledActivityLike>(
  activities: readonly A[],
  totalsByActivity: ReadonlyMap<string, DayTotals>,
  unit: 'week' | 'month',
  today: DayString,
): HabitProgress<A>[] {
  const todayNumber = requireDay(today)
  const [first, last] = getPeriodDayNumbers(unit, todayNumber)
  const readUntil = Math.min(last, todayNumber)
  const progress = activities
    .filter((activity) => !isDeleted(activity))
    .map((activity): HabitProgress<A> => {
      const totals = totalsByActivity.get(activity.id)
      switch (activity.schedule.type) {
        case 'Daily':
          return {
            activity,
            done: countActiveDays(totals, first, readUntil),
            expected: last - first + 1,
          }
        case 'Weekly': {
          if (unit === 'week') {
            return {
              activity,
              done: isDoneBetween(totals, first, readUntil) ? 1 : 0,
              expected: 1,
            }
          }
          let done = 0
          let expected = 0
          // Mondays of the weeks whose Thursday falls in the month.
          const firstMonday = getPeriodDayNumbers('week', first + 3)[0]
          for (let monday = firstMonday; monday + 3 <= last; monday += 7) {
            expected += 1
            if (isDoneBetween(totals, monday, Math.min(monday + 6, todayNumber))) done += 1
          }
          return { activity, done, expected }
        }
        case 'Monthly':
          if (unit === 'month') {
            return {
              activity,
              done: isDoneBetween(totals, first, readUntil) ? 1 : 0,
              expected: 1,
            }
          }
          return { activity, done: countActiveDays(totals, first, readUntil), expected: 0 }
        default:
          return { activity, done: countActiveDays(totals, first, readUntil), expected: 0 }
      }
    })
  const share = (item: HabitProgress<A>) =>
    item.expected > 0 ? item.done / item.expected : Number.POSITIVE_INFINITY
  return progress
    .map((item, index) => ({ item, index }))
    .sort((a, b) => share(a.item) - share(b.item) || a.index - b.index)
    .map(({ item }) => item)
}

/** One cell of a year heat map. */
export interface HeatMapDay {
  day: DayString
  count: number
  /** SPEC §9 calendar shade (min(9, count + 3)), null for a day without events (grey). */
  shade: number | null
}

export interface MonthActivity {
  /** 1–12. */
  month: number
  events: number
  activeDays: number
}

export interface YearHeatMap {
  year: number
  /**
   * Columns of seven days, Monday to Sunday, from the week holding 1 January to the week
   * holding 31 December; days outside the year are null.
   */
  weeks: (HeatMapDay | null)[][]
  events: number
  activeDays: number
  /** Per month, for a text alternative. */
  months: MonthActivity[]
}

/**
 * One habit's year as a heat map, one cell per day with the calendar's shades (SPEC §9), plus
 * the totals of the year and of each month. Days without totals count 0.
 */
export function buildYearHeatMap(totals: DayTotals, year: number): YearHeatMap {
  const first = daysFromCivil(year, 1, 1)
  const last = daysFromCivil(year, 12, 31)
  const range = getDayTotalsRange(totals)
  const countOn = (day: number) =>
    range && day >= range[0] && day <= range[1] ? (totals.counts[day - range[0]] ?? 0) : 0
  const months: MonthActivity[] = Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    events: 0,
    activeDays: 0,
  }))
  const weeks: (HeatMapDay | null)[][] = []
  let events = 0
  let activeDays = 0
  const firstMonday = first - ((weekdayOfDayNumber(first) + 6) % 7)
  for (let monday = firstMonday; monday <= last; monday += 7) {
    const column: (HeatMapDay | null)[] = []
    for (let day = monday; day < monday + 7; day++) {
      if (day < first || day > last) {
        column.push(null)
        continue
      }
      const count = countOn(day)
      const dayString = formatDayNumber(day)
      const month = months[Number(dayString.slice(5, 7)) - 1] as MonthActivity
      month.events += count
      events += count
      if (count > 0) {
        month.activeDays += 1
        activeDays += 1
      }
      column.push({ day: dayString, count, shade: computeHeatShade(count) })
    }
    weeks.push(column)
  }
  return { year, weeks, events, activeDays, months }
}
