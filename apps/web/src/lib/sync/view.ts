import { applyWrite, randomColor, SYNC_TABLES } from '@kindling/core'
import type { AnyRecord, OutboxEntry, RecordOf, SyncTable } from './types'

/** Live records by id, per table. */
export type Tables = { [T in SyncTable]: Map<string, RecordOf[T]> }

export function emptyTables(): Tables {
  return {
    activities: new Map(),
    attributes: new Map(),
    groups: new Map(),
    goals: new Map(),
    events: new Map(),
    breaks: new Map(),
  }
}

export function copyTables(tables: Tables): Tables {
  const copy = emptyTables()
  for (const table of SYNC_TABLES) {
    copy[table] = new Map(tables[table] as Map<string, never>) as never
  }
  return copy
}

/** Puts a server record in (or, deleted, takes it out of) `tables`. */
export function putServerRecord(tables: Tables, table: SyncTable, record: AnyRecord): void {
  const map = tables[table] as Map<string, AnyRecord>
  if (record.deletedAt) map.delete(record.id)
  else map.set(record.id, record)
}

/** Tables with a server-kept `updatedAt`. */
const EDITED: ReadonlySet<SyncTable> = new Set([
  'activities',
  'groups',
  'attributes',
  'events',
  'breaks',
])

/** The record a create makes, as the server will store it. */
function created(
  entry: OutboxEntry & { op: 'create' },
  author: string,
): Record<string, unknown> & { id: string } {
  const { id: _id, ...body } = entry.body
  const record: Record<string, unknown> = {
    ...body,
    id: entry.id,
    author,
    createdAt: entry.at,
    deletedAt: null,
  }
  if (EDITED.has(entry.table)) record.updatedAt = null
  if (entry.table === 'activities') {
    record.attributes = []
    record.color ??= randomColor()
  }
  return record as Record<string, unknown> & { id: string }
}

/**
 * Applies one change of the outbox to `tables` as the server will apply it: the record the change
 * makes (a create's input with the server's stamps, an update merged over the stored record),
 * then core's write rules (applyWrite: an activity in one group at most, an attribute listed on
 * its activity, a deleted activity out of its group with its attributes and breaks deleted), the
 * very function the server runs. A change to a record this device no longer has (deleted on
 * another device) changes nothing: the server will refuse it too.
 */
export function applyEntry(tables: Tables, entry: OutboxEntry, author: string) {
  const map = tables[entry.table] as Map<string, AnyRecord>
  if (entry.op === 'create') {
    if (map.has(entry.id)) return
    const record = created(entry, author)
    applyWrite(tables, { op: 'put', table: entry.table, record, at: entry.at })
    return
  }
  const stored = map.get(entry.id)
  if (!stored) return
  if (entry.op === 'update') {
    const { id: _id, ...body } = entry.body
    const base = entry.table === 'attributes' ? pickStamps(stored) : stored
    const record = { ...base, ...body } as Record<string, unknown> & { id: string }
    if (EDITED.has(entry.table)) record.updatedAt = entry.at
    if (entry.table === 'activities') {
      record.attributes = (stored as RecordOf['activities']).attributes
    }
    applyWrite(tables, { op: 'put', table: entry.table, record, at: entry.at })
    return
  }
  applyWrite(tables, { op: 'delete', table: entry.table, id: entry.id, at: entry.at })
}

/** An attribute's server-kept fields: an update replaces all the others (its type may change). */
function pickStamps(record: AnyRecord): Record<string, unknown> {
  const { id, author, createdAt, deletedAt } = record
  return { id, author, createdAt, deletedAt }
}

/** What the screens show: the server's state with the changes still waiting applied on top. */
export function buildView(base: Tables, outbox: readonly OutboxEntry[], author: string): Tables {
  if (outbox.length === 0) return base
  const view = copyTables(base)
  for (const entry of outbox) applyEntry(view, entry, author)
  return view
}
