import { isOnBreakInPeriod } from './breaks'
import type { DayTotals } from './day-totals'
import { measureCurrentPeriod } from './done-state'
import { type PeriodProgress, resolveTarget, type TargetAttributeLike } from './targets'
import type { ActivityLike, CadenceLike, DayString, GoalLike } from './types'
import { isActive, isDeleted } from './types'

/** SPEC §3 UI state goalsTab. */
export type GoalsTab = 'Todo' | 'Done'

export interface GoalItem<G extends GoalLike = GoalLike, A extends ActivityLike = ActivityLike> {
  goal: G
  activity: A
  done: boolean
  /** Toward the goal's target in the current period ("2 / 3", "5 / 20 pages"). */
  progress: PeriodProgress
  /** Not done, and its period lies wholly inside the habit's breaks: not due, not missed. */
  onBreak: boolean
}

export interface GoalSection<G extends GoalLike = GoalLike, A extends ActivityLike = ActivityLike> {
  cadence: CadenceLike
  /** SPEC §2 heading: 'Today', 'This Week', 'This Month'. */
  title: string
  items: GoalItem<G, A>[]
  /** Visible goals of this cadence before the tab filter. */
  goalCount: number
  /**
   * Why `items` is empty: 'allDone' (goals exist, all done: 'All daily goals accomplished!'),
   * 'noGoals' ('No daily goals yet.'), or null when there are items.
   */
  emptyState: 'allDone' | 'noGoals' | null
}

export interface GoalsStateInput<G extends GoalLike, A extends ActivityLike> {
  goals: readonly G[]
  activities: readonly A[]
  /** Each activity's days (buildHabitDays), in the user's zone. */
  days: ReadonlyMap<string, DayTotals>
  /** Today in the user's zone. */
  today: DayString
  /** The attributes targets total (an amount target of a deleted one asks for one event). */
  attributes?: readonly TargetAttributeLike[]
}

export interface GoalsViewInput<G extends GoalLike, A extends ActivityLike>
  extends GoalsStateInput<G, A> {
  tab: GoalsTab
}

const CADENCES: readonly { cadence: CadenceLike; title: string }[] = [
  { cadence: 'Daily', title: 'Today' },
  { cadence: 'Weekly', title: 'This Week' },
  { cadence: 'Monthly', title: 'This Month' },
]

/** Visible goals with their activity and done flag, in input order. */
function listGoalItems<G extends GoalLike, A extends ActivityLike>(
  input: GoalsStateInput<G, A>,
): GoalItem<G, A>[] {
  const liveActivities = new Map<string, A>()
  for (const activity of input.activities) {
    if (isActive(activity)) liveActivities.set(activity.id, activity)
  }
  const items: GoalItem<G, A>[] = []
  for (const goal of input.goals) {
    const activity = liveActivities.get(goal.activityId)
    if (!activity || isDeleted(goal)) continue
    const target = resolveTarget(goal.target, input.attributes)
    const totals = input.days.get(goal.activityId)
    const progress = measureCurrentPeriod(totals, goal.cadence, input.today, target)
    const onBreak = !progress.done && isOnBreakInPeriod(totals, goal.cadence, input.today)
    items.push({ goal, activity, done: progress.done, progress, onBreak })
  }
  return items
}

/**
 * The Goals screen (SPEC §2): always three sections, Daily ('Today'), Weekly ('This Week'),
 * Monthly ('This Month'), each with its goals in input order. Done-state per SPEC §4 on the
 * current day, ISO week or month, toward the goal's target (measurePeriod). Deleted goals and
 * goals whose activity is deleted, archived or missing are hidden everywhere. The Todo tab hides
 * done goals and those on a break (issue 49: not due); the Done tab shows all.
 */
export function buildGoalsView<G extends GoalLike, A extends ActivityLike>(
  input: GoalsViewInput<G, A>,
): GoalSection<G, A>[] {
  const all = listGoalItems(input)
  return CADENCES.map(({ cadence, title }) => {
    const ofCadence = all.filter((item) => item.goal.cadence === cadence)
    const items =
      input.tab === 'Todo' ? ofCadence.filter((item) => !item.done && !item.onBreak) : ofCadence
    const emptyState = items.length > 0 ? null : ofCadence.length > 0 ? 'allDone' : 'noGoals'
    return { cadence, title, items, goalCount: ofCadence.length, emptyState }
  })
}

/**
 * True when at least one visible goal (not deleted, activity live) is done now: SPEC §2 shows
 * the Todo/Done toggle only then. False for no goals.
 */
export function hasAnyDoneGoal<G extends GoalLike, A extends ActivityLike>(
  input: GoalsStateInput<G, A>,
): boolean {
  return listGoalItems(input).some((item) => item.done)
}
