import { FIELD_REASON, type FieldReason, NOT_AN_ATTRIBUTE } from '@kindling/core'
import { ApiError } from '../api-client'
import type { OutboxEntry, SyncTable } from './types'

/*
 * What the sync engine makes of a change the server did not store: whether the failure is the
 * server's (tried again later) or a refusal (undone, or saved without what another device
 * deleted meanwhile). The words the user reads about it are refusal-messages.ts, fetched with
 * the first change sent (not part of the first screen's script, decision 163).
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

/** How a server before decision 162 (no `reasons`) named the habits of a group gone, in English. */
const MISSING_ACTIVITIES = 'Not an activity of yours: '

/**
 * The reason of the refusal's `field` (decision 162): its stable code, and the ids it names. A
 * server before that sends none; its English words say the same then.
 */
export function reasonOf(error: ApiError, field: string): FieldReason | undefined {
  if (Object.keys(error.reasons).length > 0) return error.reasons[field]
  const message = error.fields[field] ?? ''
  if (field === 'activities' && message.startsWith(MISSING_ACTIVITIES)) {
    return {
      code: FIELD_REASON.notAnActivity,
      ids: message.slice(MISSING_ACTIVITIES.length).split(', '),
    }
  }
  if (field.startsWith('attributes.') && message === NOT_AN_ATTRIBUTE) {
    return { code: FIELD_REASON.notAnAttribute }
  }
  return undefined
}

/** The habits a group change lists. */
export function listedActivities(entry: OutboxEntry): string[] {
  if (entry.op === 'delete' || !Array.isArray(entry.body.activities)) return []
  return entry.body.activities.map(String)
}

/**
 * `entry` without what its refusal names as deleted on another device meanwhile, when that is
 * all the refusal names: a group's habits (`activities`, its reason `not-an-activity` with their
 * ids) or an event's values of deleted attributes (`attributes.<id>`, `not-an-attribute`). The
 * refusal's reasons say so by code (decision 162): its messages are in the user's language.
 * Nothing when the refusal names anything else (the habit of an event gone, a value now invalid
 * for an attribute that still exists, a newly required one), nor when a group update would be
 * left without habits (it needs one, SPEC §5).
 */
export function trimRefused(
  entry: OutboxEntry,
  error: ApiError,
): { entry: OutboxEntry; leftOut: string[] } | undefined {
  if (entry.op === 'delete' || error.status !== 400) return undefined
  const fields = Object.keys(error.fields)
  const reason = (field: string) => reasonOf(error, field)
  if (entry.table === 'groups') {
    const missing = reason('activities')
    if (fields.length !== 1 || fields[0] !== 'activities') return undefined
    if (missing?.code !== FIELD_REASON.notAnActivity) return undefined
    const listed = listedActivities(entry)
    const gone = listed.filter((id) => missing.ids?.includes(id))
    const kept = listed.filter((id) => !gone.includes(id))
    if (gone.length === 0 || (entry.op === 'update' && kept.length === 0)) return undefined
    return { entry: { ...entry, body: { ...entry.body, activities: kept } }, leftOut: gone }
  }
  if (entry.table === 'events') {
    const values = (entry.body.attributes ?? {}) as Record<string, unknown>
    const gone: string[] = []
    for (const field of fields) {
      const id = field.startsWith('attributes.') ? field.slice('attributes.'.length) : ''
      if (reason(field)?.code !== FIELD_REASON.notAnAttribute || !Object.hasOwn(values, id)) {
        return undefined
      }
      gone.push(id)
    }
    if (gone.length === 0) return undefined
    const kept = Object.fromEntries(Object.entries(values).filter(([id]) => !gone.includes(id)))
    return { entry: { ...entry, body: { ...entry.body, attributes: kept } }, leftOut: gone }
  }
  return undefined
}
