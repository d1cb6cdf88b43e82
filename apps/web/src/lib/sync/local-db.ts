import { SYNC_TABLES } from '@kindling/core'
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb'
import type { AnyRecord, OutboxEntry, RecordOf, SyncMeta, SyncTable } from './types'

interface LocalSchema extends DBSchema {
  activities: { key: string; value: RecordOf['activities'] }
  attributes: { key: string; value: RecordOf['attributes'] }
  groups: { key: string; value: RecordOf['groups'] }
  goals: { key: string; value: RecordOf['goals'] }
  events: { key: string; value: RecordOf['events'] }
  outbox: { key: number; value: OutboxEntry }
  meta: { key: string; value: SyncMeta }
}

export type LocalDb = IDBPDatabase<LocalSchema>

/** One database per user: another user on this device never opens it. */
export const localDbName = (uid: string) => `kindling-${uid}`

export async function openLocalDb(uid: string): Promise<LocalDb> {
  const db: LocalDb = await openDB<LocalSchema>(localDbName(uid), 1, {
    upgrade(upgrading) {
      for (const table of SYNC_TABLES) upgrading.createObjectStore(table, { keyPath: 'id' })
      upgrading.createObjectStore('outbox', { keyPath: 'key', autoIncrement: true })
      upgrading.createObjectStore('meta')
    },
    // Another tab signs this user out and deletes the copy: let it (this tab signs out too).
    blocking() {
      db.close()
    },
  })
  return db
}

export function deleteLocalDb(uid: string): Promise<void> {
  return deleteDB(localDbName(uid))
}

/** Everything the device holds, read in one transaction. */
export async function readAll(db: LocalDb) {
  const tx = db.transaction([...SYNC_TABLES, 'outbox', 'meta'], 'readonly')
  const [activities, attributes, groups, goals, events, outbox, meta] = await Promise.all([
    tx.objectStore('activities').getAll(),
    tx.objectStore('attributes').getAll(),
    tx.objectStore('groups').getAll(),
    tx.objectStore('goals').getAll(),
    tx.objectStore('events').getAll(),
    tx.objectStore('outbox').getAll(),
    tx.objectStore('meta').get('sync'),
  ])
  return { records: { activities, attributes, groups, goals, events }, outbox, meta: meta ?? {} }
}

export type StoredRecords = { [T in SyncTable]: RecordOf[T][] }

/**
 * Stores server records (a deleted one removes the device's copy), optionally the new meta,
 * and drops the outbox entry `done`, all in one transaction: a crash leaves all or nothing.
 */
export async function storeServerState(
  db: LocalDb,
  change: {
    records?: Partial<StoredRecords>
    removed?: Array<{ table: SyncTable; id: string }>
    meta?: SyncMeta
    done?: number
    clear?: boolean
  },
): Promise<void> {
  const tx = db.transaction([...SYNC_TABLES, 'outbox', 'meta'], 'readwrite')
  const work: Promise<unknown>[] = []
  if (change.clear) for (const table of SYNC_TABLES) work.push(tx.objectStore(table).clear())
  for (const table of SYNC_TABLES) {
    const store = tx.objectStore(table)
    for (const record of (change.records?.[table] ?? []) as AnyRecord[]) {
      work.push(record.deletedAt ? store.delete(record.id) : store.put(record as never))
    }
  }
  for (const { table, id } of change.removed ?? []) work.push(tx.objectStore(table).delete(id))
  if (change.meta) work.push(tx.objectStore('meta').put(change.meta, 'sync'))
  if (change.done !== undefined) work.push(tx.objectStore('outbox').delete(change.done))
  await Promise.all([...work, tx.done])
}

export async function addToOutbox(db: LocalDb, entry: OutboxEntry): Promise<number> {
  const { key: _key, ...value } = entry
  return db.add('outbox', value as OutboxEntry)
}

export function readOutbox(db: LocalDb): Promise<OutboxEntry[]> {
  return db.getAll('outbox')
}
