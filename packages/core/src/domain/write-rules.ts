import type { SyncTable } from '../constants'
import { removeActivityFromGroup } from './groups'
import type { GroupLike } from './types'

/*
 * What a write does to the author's other records (SPEC §3–§4, DESIGN §4), written once and run
 * on both sides, as local-first systems share their mutators (STYLE §10): the server applies it
 * in the write's transaction to the records it loads (`readsOf` names them), the device to its
 * copy, so the device's optimistic copy is the server's answer by construction.
 *
 * - An activity is in at most one group: a group written with activities takes them out of every
 *   other group of the author.
 * - An attribute is listed on its activity (`activity.attributes`, in the order linked): written,
 *   it is linked to its activity (and unlinked from the one it moved from); deleted, unlinked.
 * - A deleted activity's attributes and breaks are deleted with it, and it leaves its group. A
 *   break is of its habit only (a vacation, `activityId` null, is of every habit and stays): left
 *   behind, it would be an orphan in the feed and the backup that no screen can reach.
 * Groups whose membership changes get `updatedAt`; an activity's attribute list does not move
 * its `updatedAt` (the Habits list is ordered by edits the user made).
 */

interface RuleActivity {
  id: string
  attributes: readonly string[]
}
interface RuleAttribute {
  id: string
  activityId: string
  deletedAt: string | null
}
interface RuleGroup extends GroupLike {
  updatedAt: string | null
}
interface RuleBreak {
  id: string
  activityId: string | null
  deletedAt: string | null
}

/** The author's live records the rules read and change, by id (a deleted one leaves its map). */
export interface RuleTables<
  A extends RuleActivity = RuleActivity,
  T extends RuleAttribute = RuleAttribute,
  G extends RuleGroup = RuleGroup,
  B extends RuleBreak = RuleBreak,
> {
  activities: Map<string, A>
  attributes: Map<string, T>
  groups: Map<string, G>
  breaks: Map<string, B>
}

/** A create or update (`put`: the record as now stored) or a soft delete, stamped `at` (ISO). */
export type RecordWrite =
  | { op: 'put'; table: SyncTable; record: { id: string } & Record<string, unknown>; at: string }
  | { op: 'delete'; table: SyncTable; id: string; at: string }

/** Another record a write changed: its new version (a deleted one carries `deletedAt`). */
export interface RecordChange {
  table: 'activities' | 'attributes' | 'groups' | 'breaks'
  record: { id: string }
}

/** What the rules of a write read besides the written record's previous version. */
export interface WriteReads {
  /** Every live group of the author. */
  groups?: true
  /** These activities. */
  activities?: string[]
  /** The live attributes and breaks of this activity, and the live groups listing it. */
  dependentsOf?: string
}

/**
 * The records `applyWrite` needs in its tables for `write` (`previous`: the written record's
 * stored version, for an update or a delete): what a server loads before applying it.
 */
export function readsOf(
  write: RecordWrite,
  previous?: { id: string } & Record<string, unknown>,
): WriteReads {
  if (write.table === 'groups' && write.op === 'put') return { groups: true }
  if (write.table === 'activities' && write.op === 'delete') {
    return { dependentsOf: write.id }
  }
  if (write.table === 'attributes') {
    const ids = new Set<string>()
    if (previous) ids.add(String(previous.activityId))
    if (write.op === 'put') ids.add(String(write.record.activityId))
    return { activities: [...ids] }
  }
  return {}
}

function linkAttribute(tables: RuleTables, activityId: string, attributeId: string, add: boolean) {
  const activity = tables.activities.get(activityId)
  if (!activity) return undefined
  const listed = activity.attributes.includes(attributeId)
  if (listed === add) return undefined
  const attributes = add
    ? [...activity.attributes, attributeId]
    : activity.attributes.filter((id) => id !== attributeId)
  const changed = { ...activity, attributes }
  tables.activities.set(activityId, changed)
  return changed
}

/**
 * Applies `write` to `tables`, the author's live records, and what it does to other records
 * (the rules above). The written record itself is put in (or, deleted, taken out of) its map when
 * it is an activity, attribute or group. Answers the other records it changed, in the order
 * changed. A rule whose record is absent from `tables` (deleted elsewhere) does nothing.
 */
export function applyWrite(tables: RuleTables, write: RecordWrite): RecordChange[] {
  const changes: RecordChange[] = []
  const changed = (table: RecordChange['table'], record: RecordChange['record'] | undefined) => {
    if (record) changes.push({ table, record })
  }
  const own = (tables as unknown as Record<string, Map<string, unknown>>)[write.table]
  if (write.op === 'put') {
    const previous = own?.get(write.record.id) as Record<string, unknown> | undefined
    own?.set(write.record.id, write.record)
    if (write.table === 'attributes') {
      const before = previous?.activityId as string | undefined
      const after = String(write.record.activityId)
      if (before !== undefined && before !== after) {
        changed('activities', linkAttribute(tables, before, write.record.id, false))
      }
      changed('activities', linkAttribute(tables, after, write.record.id, true))
    }
    if (write.table === 'groups') {
      const taken = new Set(write.record.activities as readonly string[])
      for (const group of tables.groups.values()) {
        if (group.id === write.record.id || !group.activities.some((id) => taken.has(id))) continue
        const kept = { ...group, activities: group.activities.filter((id) => !taken.has(id)) }
        tables.groups.set(group.id, { ...kept, updatedAt: write.at })
        changed('groups', tables.groups.get(group.id))
      }
    }
    return changes
  }
  const previous = own?.get(write.id) as Record<string, unknown> | undefined
  own?.delete(write.id)
  if (write.table === 'activities') {
    for (const attribute of [...tables.attributes.values()]) {
      if (attribute.activityId !== write.id) continue
      tables.attributes.delete(attribute.id)
      const deleted: RuleAttribute = { ...attribute, deletedAt: write.at }
      changed('attributes', deleted)
    }
    for (const brk of [...tables.breaks.values()]) {
      if (brk.activityId !== write.id) continue
      tables.breaks.delete(brk.id)
      const deleted: RuleBreak = { ...brk, deletedAt: write.at }
      changed('breaks', deleted)
    }
    for (const group of [...tables.groups.values()]) {
      if (!group.activities.includes(write.id)) continue
      const without = { ...removeActivityFromGroup(group, write.id), updatedAt: write.at }
      tables.groups.set(group.id, without)
      changed('groups', without)
    }
  }
  if (write.table === 'attributes' && previous) {
    changed('activities', linkAttribute(tables, String(previous.activityId), write.id, false))
  }
  return changes
}
