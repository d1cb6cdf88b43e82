import { SYNC_TABLES, type SyncHistory } from '@kindling/core'
import { type DBSchema, deleteDB, type IDBPDatabase, openDB, unwrap } from 'idb'
import type { AnyRecord, OutboxEntry, RecordOf, SyncMeta, SyncTable } from './types'

interface LocalSchema extends DBSchema {
  activities: { key: string; value: RecordOf['activities'] }
  attributes: { key: string; value: RecordOf['attributes'] }
  groups: { key: string; value: RecordOf['groups'] }
  goals: { key: string; value: RecordOf['goals'] }
  events: { key: string; value: RecordOf['events'] }
  breaks: { key: string; value: RecordOf['breaks'] }
  outbox: { key: number; value: OutboxEntry }
  /** `sync`: the meta without its history; `history`: the history, written only when it changes. */
  meta: { key: string; value: SyncMeta | SyncHistory }
}

export type LocalDb = IDBPDatabase<LocalSchema>

/** One database per user: another user on this device never opens it. */
export const localDbName = (uid: string) => `kindling-${uid}`

export async function openLocalDb(uid: string): Promise<LocalDb> {
  // Version 2 adds the breaks (issue 49). A copy of version 1 pulled past the breaks other
  // devices made without keeping them: it starts again from an empty copy (its outbox stays).
  const db: LocalDb = await openDB<LocalSchema>(localDbName(uid), 2, {
    upgrade(upgrading, oldVersion, _newVersion, transaction) {
      for (const table of SYNC_TABLES) {
        if (!upgrading.objectStoreNames.contains(table)) {
          upgrading.createObjectStore(table, { keyPath: 'id' })
        }
      }
      if (oldVersion < 1) {
        upgrading.createObjectStore('outbox', { keyPath: 'key', autoIncrement: true })
        upgrading.createObjectStore('meta')
      } else {
        for (const table of SYNC_TABLES) void transaction.objectStore(table).clear()
        void transaction.objectStore('meta').clear()
      }
    },
    // Another tab signs this user out and deletes the copy: let it (this tab signs out too).
    blocking() {
      db.close()
    },
  })
  return db
}

/**
 * Whether this device holds no copy of `uid` (a first visit here, or after a sign-out): known
 * without opening one, where the browser lists its databases; undefined where it cannot tell.
 */
export async function lacksLocalDb(uid: string): Promise<boolean | undefined> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function')
    return undefined
  try {
    const names = (await indexedDB.databases()).map((database) => database.name)
    return !names.includes(localDbName(uid))
  } catch {
    return undefined
  }
}

export function deleteLocalDb(uid: string): Promise<void> {
  return deleteDB(localDbName(uid))
}

/** Everything the device holds, read in one transaction. */
export async function readAll(db: LocalDb) {
  const tx = db.transaction([...SYNC_TABLES, 'outbox', 'meta'], 'readonly')
  const [activities, attributes, groups, goals, events, breaks, outbox, meta, history] =
    await Promise.all([
      tx.objectStore('activities').getAll(),
      tx.objectStore('attributes').getAll(),
      tx.objectStore('groups').getAll(),
      tx.objectStore('goals').getAll(),
      tx.objectStore('events').getAll(),
      tx.objectStore('breaks').getAll(),
      tx.objectStore('outbox').getAll(),
      tx.objectStore('meta').get('sync') as Promise<SyncMeta | undefined>,
      tx.objectStore('meta').get('history') as Promise<SyncHistory | undefined>,
    ])
  return {
    records: { activities, attributes, groups, goals, events, breaks },
    outbox,
    meta: { ...meta, history } satisfies SyncMeta,
  }
}

export type StoredRecords = { [T in SyncTable]: RecordOf[T][] }

/**
 * How long one task may spend queueing writes: a first sync's pages of thousands of records never
 * hold the thread long, on a fast desktop or a slow phone alike.
 */
const WRITE_SLICE_MS = 8

/**
 * Stores server records (a deleted one removes the device's copy), optionally the new meta and
 * history, and drops the outbox entry `done`, all in one transaction: a crash leaves all or nothing.
 *
 * The meta is stored without its history (years of per-day counts, hundreds of kilobytes to clone):
 * every pull stores the meta's cursor, the history is stored only when given as `history`.
 *
 * Each write clones its record on the main thread, so a page's writes are queued a slice of time
 * at once, the next slice from the success of the last write: the transaction stays the same (it
 * is kept alive by its pending requests) while the page stays responsive (issue 19). A count per
 * slice (a hundred) took 60-80 ms at Lighthouse's 4x CPU.
 */
export async function storeServerState(
  db: LocalDb,
  change: {
    records?: Partial<StoredRecords>
    removed?: Array<{ table: SyncTable; id: string }>
    meta?: SyncMeta
    history?: SyncHistory
    done?: number
    clear?: boolean
  },
): Promise<void> {
  const tx = unwrap(db).transaction([...SYNC_TABLES, 'outbox', 'meta'], 'readwrite')
  const writes: Array<() => IDBRequest> = []
  if (change.clear)
    for (const table of SYNC_TABLES) writes.push(() => tx.objectStore(table).clear())
  for (const table of SYNC_TABLES) {
    for (const record of (change.records?.[table] ?? []) as AnyRecord[]) {
      writes.push(() =>
        record.deletedAt
          ? tx.objectStore(table).delete(record.id)
          : tx.objectStore(table).put(record),
      )
    }
  }
  for (const { table, id } of change.removed ?? [])
    writes.push(() => tx.objectStore(table).delete(id))
  const { meta, history, done } = change
  if (meta) {
    const { history: _storedApart, ...rest } = meta
    writes.push(() => tx.objectStore('meta').put(rest, 'sync'))
  }
  if (history) writes.push(() => tx.objectStore('meta').put(history, 'history'))
  if (done !== undefined) writes.push(() => tx.objectStore('outbox').delete(done))

  /** The write refused outright (e.g. a record without its key), if one was. */
  let refused: unknown
  const finished = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () =>
      reject(refused ?? tx.error ?? new DOMException('The write was aborted', 'AbortError'))
  })
  let next = 0
  const queueSome = () => {
    try {
      const until = performance.now() + WRITE_SLICE_MS
      let last: IDBRequest | undefined
      do {
        last = writes[next]?.()
        next++
      } while (next < writes.length && performance.now() < until)
      if (last && next < writes.length) last.onsuccess = queueSome
    } catch (error) {
      // Nothing of this change stays, and the caller hears why, whichever slice met it.
      refused = error
      tx.abort()
    }
  }
  queueSome()
  await finished
}

export async function addToOutbox(db: LocalDb, entry: OutboxEntry): Promise<number> {
  const { key: _key, ...value } = entry
  return db.add('outbox', value as OutboxEntry)
}

export function readOutbox(db: LocalDb): Promise<OutboxEntry[]> {
  return db.getAll('outbox')
}
