import type {
  Activity,
  Attribute,
  Break,
  Event,
  Goal,
  Group,
  SyncHistory,
  SyncTable,
} from '@kindling/core'

export type { SyncTable }

/** The record type of each synced table. */
export interface RecordOf {
  activities: Activity
  attributes: Attribute
  groups: Group
  goals: Goal
  events: Event
  breaks: Break
}
export type AnyRecord = RecordOf[SyncTable]

/**
 * A change made on this device and not yet stored by the server, kept in order in the outbox.
 * `body` is what is sent: a create's validated input with its device-made id, an update's changed
 * fields (validated merged over the copy as the server merges them), each with its time.
 */
export type Change = { table: SyncTable; id: string } & (
  | { op: 'create'; body: Record<string, unknown> }
  | {
      op: 'update'
      body: Record<string, unknown>
      /**
       * When each field of `body` was changed here (hybrid logical times, decision 151): the
       * server changes only fields it holds no newer change of. Absent in entries queued before
       * edits merged: those are sent whole, as changes made when they arrive.
       */
      fieldTimes?: Record<string, string>
    }
  | { op: 'delete' }
)

export type OutboxEntry = Change & {
  /** Its place in the outbox (IndexedDB's key), once stored. */
  key?: number
  /** When the change was made on the device (an ISO instant). */
  at: string
}

/** What the device keeps besides records and outbox. */
export interface SyncMeta {
  /** The feed cursor of the last complete pull; absent before the first sync. */
  cursor?: string
  /** The first sync went through to its last page (until then, old events stay out). */
  complete?: boolean
  /** Events dated before this instant come as per-day counts (`history`), not as records. */
  eventsFrom?: string
  history?: SyncHistory
  /** Old-dated events changed since `history` was fetched: fetch it again. */
  historyStale?: boolean
}
