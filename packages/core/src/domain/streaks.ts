import { isBreakBetween, isBreakDayNumber } from './breaks'
import type { DayTotals } from './day-totals'
import { getDayTotalsRange } from './day-totals'
import { compareCodeUnits, compareNames } from './order'
import { formatDayNumber, parseDayNumber } from './time-zone'
import type { ActivityLike, DayString } from './types'
import { isActive } from './types'

/** Consecutive days with events, both ends inclusive (break days between them passed over). */
export interface StreakRun {
  start: DayString
  end: DayString
  /** Its days with events (break days between them do not count). */
  length: number
}

export interface StreakHistory {
  /** The run ending yesterday (SPEC §9: today never counts), or null: computeStreak's streak. */
  current: StreakRun | null
  /** The longest runs, longest first; equal lengths most recent first. */
  best: StreakRun[]
}

function requireDay(day: DayString): number {
  const dayNumber = parseDayNumber(day)
  if (Number.isNaN(dayNumber)) throw new RangeError(`Invalid calendar day: ${day}`)
  return dayNumber
}

/**
 * SPEC §9 streaks, the one streak rule: runs of consecutive days each with at least one event,
 * over the days before `today` (today is still open, so it neither counts nor breaks a run, and
 * later days are ignored). Break days without events (`totals.breaks`, issue 49) are passed
 * over: they neither break a run nor count in its length, so a run's `length` is its days with
 * events and `start`/`end` are days with events. `current` is the run ending yesterday, or
 * before a stretch of break days that reaches yesterday; `best` holds the `limit` (5) longest
 * runs, the current one included when it is among them. Linear in the days of history.
 * Throws RangeError for an invalid `today`.
 */
export function listStreaks(totals: DayTotals, today: DayString, limit = 5): StreakHistory {
  const yesterday = requireDay(today) - 1
  const range = getDayTotalsRange(totals)
  const breaks = totals.breaks
  const runs: { start: number; end: number; length: number }[] = []
  if (range) {
    let run: { start: number; end: number; length: number } | null = null
    const last = Math.min(range[1], yesterday)
    for (let day = range[0]; day <= last; day++) {
      if ((totals.counts[day - range[0]] ?? 0) > 0) {
        if (run) {
          run.end = day
          run.length += 1
        } else run = { start: day, end: day, length: 1 }
      } else if (run && !isBreakDayNumber(breaks, day)) {
        runs.push(run)
        run = null
      }
    }
    if (run) runs.push(run)
  }
  const toRun = ({ start, end, length }: { start: number; end: number; length: number }) => ({
    start: formatDayNumber(start),
    end: formatDayNumber(end),
    length,
  })
  const latest = runs[runs.length - 1]
  const best =
    limit > 0
      ? [...runs]
          .sort((a, b) => b.length - a.length || b.end - a.end)
          .slice(0, limit)
          .map(toRun)
      : []
  const isCurrent =
    latest !== undefined &&
    (latest.end === yesterday || isBreakBetween(breaks, latest.end + 1, yesterday))
  return { current: isCurrent && latest ? toRun(latest) : null, best }
}

/**
 * SPEC §9 streak of one activity: the consecutive days ending yesterday with at least one
 * event, break days passed over (listStreaks' current run, property-tested equal); 0 when
 * yesterday has none and is no break day, or there are no days. Walks back from yesterday, so
 * it reads the streak's days, not the habit's years of history: the habits list ranks every
 * habit's streak again after each write (issue 55).
 */
export function computeStreak(totals: DayTotals, today: DayString): number {
  const yesterday = requireDay(today) - 1
  const range = getDayTotalsRange(totals)
  if (!range) return 0
  const [first, last] = range
  let length = 0
  for (let day = yesterday; day >= first; day--) {
    if (day <= last && (totals.counts[day - first] ?? 0) > 0) length += 1
    else if (!isBreakDayNumber(totals.breaks, day)) break
  }
  return length
}

export interface ActivityStreak<A extends ActivityLike = ActivityLike> {
  activity: A
  streak: number
}

/**
 * The Streaks section (SPEC §2, §9): the streak of every live, unarchived activity from its days
 * (`daysByActivity`, keyed by activity id), only those above 0, longest first, ties by name
 * (English collation, then id) so the order is stable; a repeated activity is listed once.
 */
export function rankStreaks<A extends ActivityLike>(
  activities: readonly A[],
  daysByActivity: ReadonlyMap<string, DayTotals>,
  today: DayString,
): ActivityStreak<A>[] {
  const streaks: ActivityStreak<A>[] = []
  const seen = new Set<string>()
  for (const activity of activities) {
    if (!isActive(activity) || seen.has(activity.id)) continue
    seen.add(activity.id)
    const days = daysByActivity.get(activity.id)
    const streak = days ? computeStreak(days, today) : 0
    if (streak > 0) streaks.push({ activity, streak })
  }
  return streaks.sort(
    (a, b) =>
      b.streak - a.streak ||
      compareNames(a.activity.name, b.activity.name) ||
      compareCodeUnits(a.activity.id, b.activity.id),
  )
}
