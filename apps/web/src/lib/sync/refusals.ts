import { NOT_AN_ATTRIBUTE } from '@kindling/core'
import { ApiError } from '../api-client'
import type { OutboxEntry, SyncTable } from './types'

/*
 * What the sync engine makes of a change the server did not store: whether the failure is the
 * server's (tried again later) or a refusal (undone, or saved without what another device
 * deleted meanwhile), and the words the user reads about it.
 */

/**
 * What became of a change the server refused: undone (`dropped`), or sent again and saved without
 * what another device deleted meanwhile (`trimmed`: a group's habits, an event's values).
 */
export type RefusalOutcome = 'dropped' | 'trimmed' | 'replaced'

/**
 * Whether a failed call is the server's trouble, not the device's nor the change's: a 5xx, a
 * timeout or "too many requests" answered, or no answer in time.
 */
export function isServerFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || [408, 429].includes(error.status)
  // withTimeout's error (or a DOMException of that name, of whichever realm).
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError'
  )
}

/** Whether a failed call is worth repeating later (offline, server busy) or a refusal. */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 408, 429].includes(error.status)
  )
}

/** The name of a record in the copy (a deleted one is there until pulled), if it has one. */
export type NameOf = (table: SyncTable, id: string) => string | undefined

const tableNoun: Record<SyncTable, string> = {
  activities: 'habit',
  attributes: 'attribute',
  groups: 'group',
  goals: 'goal',
  events: 'event',
  breaks: 'break',
}

/** "A", "A and B", "A, B and C". */
function joinNames(names: readonly string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The habits a group change lists. */
function listedActivities(entry: OutboxEntry): string[] {
  if (entry.op === 'delete' || !Array.isArray(entry.body.activities)) return []
  return entry.body.activities.map(String)
}

/**
 * `entry` without what its refusal names as deleted on another device meanwhile, when that is
 * all the refusal names: a group's habits (`activities`, naming their ids) or an event's values
 * of deleted attributes (`attributes.<id>`: not an attribute of its habit). Nothing when the
 * refusal names anything else (the habit of an event gone, a value now invalid for an attribute
 * that still exists, a newly required one), nor when a group update would be left without
 * habits (it needs one, SPEC §5).
 */
export function trimRefused(
  entry: OutboxEntry,
  error: ApiError,
): { entry: OutboxEntry; leftOut: string[] } | undefined {
  if (entry.op === 'delete' || error.status !== 400) return undefined
  const fields = Object.entries(error.fields)
  if (entry.table === 'groups') {
    const [field, message = ''] = fields[0] ?? []
    if (fields.length !== 1 || field !== 'activities') return undefined
    const listed = listedActivities(entry)
    const gone = listed.filter((id) => message.includes(id))
    const kept = listed.filter((id) => !gone.includes(id))
    if (gone.length === 0 || (entry.op === 'update' && kept.length === 0)) return undefined
    return { entry: { ...entry, body: { ...entry.body, activities: kept } }, leftOut: gone }
  }
  if (entry.table === 'events') {
    const values = (entry.body.attributes ?? {}) as Record<string, unknown>
    const gone: string[] = []
    for (const [field, message] of fields) {
      const id = field.startsWith('attributes.') ? field.slice('attributes.'.length) : ''
      if (message !== NOT_AN_ATTRIBUTE || !Object.hasOwn(values, id)) return undefined
      gone.push(id)
    }
    if (gone.length === 0) return undefined
    const kept = Object.fromEntries(Object.entries(values).filter(([id]) => !gone.includes(id)))
    return { entry: { ...entry, body: { ...entry.body, attributes: kept } }, leftOut: gone }
  }
  return undefined
}

/** What the user reads when the server stored `entry` without `leftOut` (trimRefused). */
export function explainTrim(
  entry: OutboxEntry,
  leftOut: readonly string[],
  nameOf: NameOf,
): string {
  const count = leftOut.length
  if (entry.table === 'events' && entry.op !== 'delete') {
    const habit = nameOf('activities', String(entry.body.activityId ?? '')) ?? 'a habit'
    const names = leftOut.map((id) => nameOf('attributes', id))
    const start = `The event for ${habit} was saved without`
    if (names.some((name) => name === undefined)) {
      return count === 1
        ? `${start} one of its values: its attribute was deleted on another device.`
        : `${start} ${count} of its values: their attributes were deleted on another device.`
    }
    return count === 1
      ? `${start} its ${names[0]} value: that attribute was deleted on another device.`
      : `${start} its ${joinNames(names as string[])} values: those attributes were deleted on another device.`
  }
  const name = entry.op === 'delete' ? undefined : entry.body.name
  const start = `${name ? `The group ${String(name)}` : 'A group'} was saved without`
  const names = leftOut.map((id) => nameOf('activities', id))
  if (names.some((habit) => habit === undefined)) {
    return count === 1
      ? `${start} one of its habits: it was deleted on another device.`
      : `${start} ${count} of its habits: they were deleted on another device.`
  }
  return count === 1
    ? `${start} ${names[0]}: that habit was deleted on another device.`
    : `${start} ${joinNames(names as string[])}: those habits were deleted on another device.`
}

/** What the user reads when the server refused `entry`. */
export function explainRefusal(entry: OutboxEntry, error: ApiError, nameOf: NameOf): string {
  const noun = tableNoun[entry.table]
  if (entry.table === 'events' && entry.op !== 'delete') {
    const activityId = String(entry.body.activityId ?? '')
    const name = nameOf('activities', activityId) ?? 'a habit'
    if (error.fields.activityId) {
      return `The event for ${name} was not saved: its habit was deleted on another device.`
    }
    if (error.status === 404) {
      return `The event for ${name} was not saved: it was deleted on another device.`
    }
    // Its values were checked against this copy's attributes when logged: a refusal of one
    // (`attributes.<id>`: required, out of range, gone) means another device changed them.
    if (Object.keys(error.fields).some((field) => field.startsWith('attributes.'))) {
      return `The event for ${name} was not saved: the attributes of its habit were changed on another device.`
    }
    return `The event for ${name} was not saved: ${error.message}`
  }
  const name = nameOf(entry.table, entry.id)
  const label = name ? `The ${noun} ${name}` : `${/^[aeiou]/.test(noun) ? 'An' : 'A'} ${noun}`
  if (error.status === 404) {
    return `${label} was not saved: it was deleted on another device.`
  }
  if (error.fields.activityId) {
    return `${label} was not saved: its habit was deleted on another device.`
  }
  const activities = error.fields.activities
  if (activities) {
    // A group update needs a habit: with every one it lists deleted, it cannot be saved.
    const listed = listedActivities(entry)
    // An edit of other fields (edits merge, decision 151) is refused for the habits stored
    // with it: every one of them was deleted meanwhile.
    if (listed.length === 0)
      return `${label} was not saved: its habits were deleted on another device.`
    if (listed.every((id) => activities.includes(id))) {
      return listed.length === 1
        ? `${label} was not saved: its habit was deleted on another device.`
        : `${label} was not saved: its habits were deleted on another device.`
    }
    return `${label} was not saved: one of its habits was deleted on another device.`
  }
  return `${label} was not saved: ${error.message}`
}

/** The words for a record's fields in messages ("the name of Test"). */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  name: 'name',
  description: 'description',
  color: 'colour',
  schedule: 'schedule',
  visibility: 'visibility',
  archived: 'archive',
  position: 'place in your order',
  activities: 'habits',
  activityId: 'habit',
  eventDate: 'date',
  attributes: 'values',
  cadence: 'goal period',
  target: 'target',
  from: 'first day',
  to: 'last day',
  note: 'note',
  required: 'required setting',
  details: 'settings',
  type: 'type',
}

/**
 * What the user reads when newer changes from another device replaced `fields` of `entry`'s
 * change (edits that merge, decision 151): "Your change to the name of Test was replaced by a
 * newer change from another device." `name` is the record's name as this device had it.
 */
export function explainReplaced(
  entry: OutboxEntry,
  fields: readonly string[],
  name: string | undefined,
  nameOf: NameOf,
): string {
  const words = joinNames([...new Set(fields.map((field) => FIELD_WORDS[field] ?? field))])
  const habit = (id: unknown) => nameOf('activities', String(id ?? '')) ?? 'a habit'
  const record =
    entry.table === 'events'
      ? `an event of ${habit(entry.op === 'delete' ? '' : entry.body.activityId)}`
      : name !== undefined
        ? name
        : `${/^[aeiou]/.test(tableNoun[entry.table]) ? 'an' : 'a'} ${tableNoun[entry.table]}`
  const noun = fields.length === 1 ? 'change' : 'changes'
  const newer = fields.length === 1 ? 'a newer change' : 'newer changes'
  return `Your ${noun} to the ${words} of ${record} ${fields.length === 1 ? 'was' : 'were'} replaced by ${newer} from another device.`
}
