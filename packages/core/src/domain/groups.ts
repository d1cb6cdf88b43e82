import type { ActivityLike, GroupLike } from './types'
import { isDeleted } from './types'

/*
 * SPEC §3/§4 group membership: an activity belongs to at most one group. Every operation
 * returns a new array; a group whose membership changes becomes a new object, the others keep
 * their identity (so callers can PUT only the groups that changed, by reference). Inputs are
 * never mutated. Soft-deleted groups count as absent: they hold no activities and cannot be
 * targeted.
 */

function findLiveGroup<G extends GroupLike>(groups: readonly G[], groupId: string): G {
  const group = groups.find((candidate) => candidate.id === groupId && !isDeleted(candidate))
  // SPEC §8 logged message for a missing group.
  if (!group) throw new RangeError(`Group is not defined: ${groupId}`)
  return group
}

/** `group` with `activityId` appended at the end, or `group` itself when already a member. */
function withActivity<G extends GroupLike>(group: G, activityId: string): G {
  if (group.activities.includes(activityId)) return group
  return { ...group, activities: [...group.activities, activityId] }
}

/** `group` without `activityId`, or `group` itself when it was not a member. */
function withoutActivity<G extends GroupLike>(group: G, activityId: string): G {
  if (!group.activities.includes(activityId)) return group
  return removeActivityFromGroup(group, activityId)
}

/**
 * The group's activity list rewritten without `activityId` (SPEC §4), every occurrence
 * removed. Always a new object, even when the activity was not a member (then its list is an
 * equal copy). Deleted state is not checked: removing from a deleted group is harmless.
 */
export function removeActivityFromGroup<G extends GroupLike>(group: G, activityId: string): G {
  return { ...group, activities: group.activities.filter((id) => id !== activityId) }
}

/**
 * The live group holding `activityId`, or undefined when it is ungrouped (or only listed by
 * soft-deleted groups). If bad data lists it in two live groups, the first in `groups` wins.
 */
export function findGroupOf<G extends GroupLike>(
  groups: readonly G[],
  activityId: string,
): G | undefined {
  return groups.find((group) => !isDeleted(group) && group.activities.includes(activityId))
}

/**
 * Adding an activity from a group context (SPEC §4): appends it to group `groupId` and removes
 * it from every other live group, so it ends in exactly one. Already a member: stays where it
 * is in the list (no duplicate). Throws RangeError when `groupId` is unknown or soft-deleted.
 */
export function addActivityToGroup<G extends GroupLike>(
  groups: readonly G[],
  groupId: string,
  activityId: string,
): G[] {
  findLiveGroup(groups, groupId)
  return groups.map((group) => {
    if (isDeleted(group)) return group
    return group.id === groupId
      ? withActivity(group, activityId)
      : withoutActivity(group, activityId)
  })
}

/**
 * Move Activity (SPEC §2 /move-activity, §4): from `fromGroupId` (null: ungrouped) to
 * `toGroupId` (null: ungroup it). The activity leaves every live group other than the target,
 * so a stale `fromGroupId` still yields a consistent result. Throws RangeError when the target
 * equals the source (null to null included) — the form never offers it, so this is a caller
 * bug, not a user error — or when a non-null group id is unknown or soft-deleted.
 */
export function moveActivity<G extends GroupLike>(
  groups: readonly G[],
  activityId: string,
  fromGroupId: string | null,
  toGroupId: string | null,
): G[] {
  if (fromGroupId === toGroupId) {
    throw new RangeError(`Cannot move an activity to the group it is in: ${String(toGroupId)}`)
  }
  if (fromGroupId !== null) findLiveGroup(groups, fromGroupId)
  if (toGroupId === null) {
    return groups.map((group) => (isDeleted(group) ? group : withoutActivity(group, activityId)))
  }
  return addActivityToGroup(groups, toGroupId, activityId)
}

/**
 * Activities a group picker offers (SPEC §3 Group): live activities in no live group, plus,
 * when updating, those of the group being edited (`editingGroupId`). Input order is kept; an
 * unknown or deleted `editingGroupId` adds nothing. Empty input gives an empty list.
 */
export function selectPickableActivities<A extends ActivityLike>(
  activities: readonly A[],
  groups: readonly GroupLike[],
  editingGroupId?: string,
): A[] {
  const taken = new Set<string>()
  for (const group of groups) {
    if (isDeleted(group) || group.id === editingGroupId) continue
    for (const id of group.activities) taken.add(id)
  }
  return activities.filter((activity) => !isDeleted(activity) && !taken.has(activity.id))
}
