/**
 * Structural shapes the domain functions accept. They name only the fields a function reads, so
 * the zod-inferred entities (`Activity`, `Event`, `Goal`) fit them as they are. Names end in
 * `Like` so they never clash with the schema types exported beside them; those that are whole
 * schema types are derived from the schemas (types only: the domain never loads zod).
 */

import type { Cadence, GoalFilter } from '../schemas/common'
import type { StoredSchedule } from '../schemas/schedule'

/** A calendar day `YYYY-MM-DD`, zone-free. */
export type DayString = string

/** SPEC §3 Frequency: the cadence of a goal, and the period of a scheduled activity. */
export type CadenceLike = Cadence

/** SPEC §3 Schedule as stored; Weekly days use getDay() numbering (0 Sunday … 6 Saturday). */
export type ScheduleLike = StoredSchedule

/** SPEC §2 Schedule filter (shown as All, Daily, Weekly, Monthly, None). */
export type ScheduleFilterLike = GoalFilter

/**
 * A habit's break days (issue 49) as inclusive ranges of day numbers (days since 1970-01-01),
 * sorted, disjoint and never adjacent (overlapping or touching breaks are merged).
 */
export type BreakRanges = readonly (readonly [number, number])[]

/** Anything soft-deletable: present and non-null `deletedAt` means deleted. */
export interface SoftDeletable {
  deletedAt?: string | null
}

/**
 * An event as the domain reads it. `eventDate` is an ISO instant (what the server stores) or a
 * bare `YYYY-MM-DD`, which counts as that calendar day in every zone.
 */
export interface EventLike extends SoftDeletable {
  activityId: string
  eventDate: string
  createdAt?: string
}

export interface ActivityLike extends SoftDeletable {
  id: string
  name: string
  /** Archived (issue 49): out of every list, the schedule, goals and reminders. */
  archived?: boolean
}

export interface ScheduledActivityLike extends ActivityLike {
  schedule: ScheduleLike
}

/** A target as stored: `kind` is absent on amount targets written before counts existed. */
export interface TargetLike {
  kind?: 'count' | 'amount'
  count?: number
  attributeId?: string
  comparison?: 'atLeast' | 'atMost'
  value?: number
}

export interface GoalLike extends SoftDeletable {
  id: string
  activityId: string
  cadence: CadenceLike
  /** What each period asks (targets.ts); absent or null: one event. */
  target?: TargetLike | null
}

/** Records sortable by recency: `updatedAt` wins when set, else `createdAt`. */
export interface TimestampedLike {
  createdAt: string
  updatedAt?: string | null
}

/**
 * True when the activity is shown among the user's habits: neither deleted nor archived (issue
 * 49: an archived habit keeps its history and statistics, and leaves every list, the schedule,
 * goals, pickers and reminders).
 */
export function isActive(activity: ActivityLike): boolean {
  return !isDeleted(activity) && activity.archived !== true
}

/** True when the record is soft-deleted (SPEC §4: every view hides it). */
export function isDeleted(record: SoftDeletable): boolean {
  return record.deletedAt !== undefined && record.deletedAt !== null
}

/**
 * SPEC §3 Group as membership operations read it: `activities` lists activity ids. The
 * zod-inferred `Group` fits it; a soft-deleted group counts as absent.
 */
export interface GroupLike extends SoftDeletable {
  id: string
  activities: readonly string[]
}
