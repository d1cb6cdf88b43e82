import type { DayTotals } from './day-totals'
import { countBetween, sumBetween } from './day-totals'
import type { CadenceLike, GoalLike, SoftDeletable, TargetLike } from './types'
import { isDeleted } from './types'

/*
 * What a period asks of a habit (issue 48), the one done rule every screen, reminders and the
 * statistics judge a period with: one event (SPEC §4, a goal without a target), a number of events
 * ("3 times a week"), or a total of a number or duration attribute, at least ("20 pages a day") or
 * at most ("at most 2 cups a day": a limit, done while the total stays at or under it).
 */

/** A target resolved for judging: what `measurePeriod` reads. */
export type PeriodTarget =
  | { kind: 'event' }
  | { kind: 'count'; count: number }
  | { kind: 'amount'; attributeId: string; comparison: 'atLeast' | 'atMost'; value: number }

export const ONE_EVENT: PeriodTarget = { kind: 'event' }

/** An attribute as targets read it: a live number or duration attribute can be totalled. */
export interface TargetAttributeLike extends SoftDeletable {
  id: string
  activityId: string
  type: string
}

const TOTALLED_TYPES = new Set(['number', 'duration'])

/**
 * The target a goal's stored `target` asks for. An amount target whose attribute is not a live
 * number or duration attribute (deleted since) asks for one event, as a goal without a target;
 * `attributes` is the activity's (or more). Without `attributes` an amount target is kept as is.
 */
export function resolveTarget(
  target: TargetLike | null | undefined,
  attributes?: readonly TargetAttributeLike[],
): PeriodTarget {
  if (!target) return ONE_EVENT
  if (target.kind === 'count') {
    const count = Math.floor(target.count ?? 1)
    return count > 1 ? { kind: 'count', count } : ONE_EVENT
  }
  const { attributeId, comparison, value } = target
  if (attributeId === undefined || value === undefined) return ONE_EVENT
  if (attributes) {
    const attribute = attributes.find((candidate) => candidate.id === attributeId)
    if (!attribute || isDeleted(attribute) || !TOTALLED_TYPES.has(attribute.type)) return ONE_EVENT
  }
  return { kind: 'amount', attributeId, comparison: comparison ?? 'atLeast', value }
}

/** Whether a stored amount target names an attribute that is gone (the form says so). */
export function isTargetDangling(
  target: TargetLike | null | undefined,
  attributes: readonly TargetAttributeLike[],
): boolean {
  return Boolean(
    target && target.kind !== 'count' && resolveTarget(target, attributes).kind === 'event',
  )
}

/** How far a period is toward its target. */
export interface PeriodProgress {
  target: PeriodTarget
  /** Events (event and count targets) or the attribute's total (amount targets). */
  value: number
  /** What the target asks: 1 event, `count` events, or the amount. */
  goal: number
  /** Met: at least the goal, or for a limit, at or under it. */
  done: boolean
  /** A limit gone over: the period is missed whatever comes after. */
  over: boolean
}

/**
 * How the days from `first` to `last` (day numbers, inclusive) stand toward `target`: the one
 * done rule. Deleted events never reach the totals (getEventDay). Linear in the days.
 */
export function measurePeriod(
  totals: DayTotals | undefined,
  target: PeriodTarget,
  first: number,
  last: number,
): PeriodProgress {
  if (target.kind === 'amount') {
    const value = sumBetween(totals, target.attributeId, first, last).sum
    const atMost = target.comparison === 'atMost'
    const over = atMost && value > target.value
    const done = atMost ? !over : value >= target.value
    return { target, value, goal: target.value, done, over }
  }
  const { count } = countBetween(totals, first, last)
  const goal = target.kind === 'count' ? target.count : 1
  return { target, value: count, goal, done: count >= goal, over: false }
}

/**
 * Whether one more event, without values, meets the period's target: what a tap that logs one
 * shows before its write is stored (issue 55). No for a period not judged (`null`: an
 * unscheduled habit is never done), for an amount target (the event's amount is unknown) and for
 * a count still short by more than one.
 */
export function isMetByOneMoreEvent(progress: PeriodProgress | null): boolean {
  if (progress === null || progress.target.kind === 'amount') return false
  return progress.value + 1 >= progress.goal
}

/** The target of an activity's period of a cadence: what the schedule and reminders judge by. */
export type TargetOf = (activityId: string, cadence: CadenceLike) => PeriodTarget

/**
 * What each activity's periods ask, from its goals: the target of its first live goal of that
 * cadence (in the order given) that asks for more than one event; one event otherwise. A habit
 * scheduled weekly with the goal "3 times a week" is done on the schedule once it has 3 events
 * that week, and its reminder stays silent from then on.
 */
export function indexGoalTargets(
  goals: readonly GoalLike[],
  attributes?: readonly TargetAttributeLike[],
): TargetOf {
  const targets = new Map<string, PeriodTarget>()
  for (const goal of goals) {
    if (isDeleted(goal)) continue
    const key = `${goal.activityId}\u0000${goal.cadence}`
    if (targets.has(key)) continue
    const target = resolveTarget(goal.target, attributes)
    if (target.kind !== 'event') targets.set(key, target)
  }
  return (activityId, cadence) => targets.get(`${activityId}\u0000${cadence}`) ?? ONE_EVENT
}
