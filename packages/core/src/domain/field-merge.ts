import { boundHlc, compareHlc, formatHlc, type Hlc, laterHlc, parseHlc, tickHlc } from './hlc'

/*
 * Edits that merge (issue 50, decision 151): a record keeps, per field, the hybrid logical time
 * of its last change, and an update changes a field only with a later time. Changes of different
 * fields made on two devices both stay; of one field, the later one stays, whichever the server
 * receives first.
 */

/**
 * When each field of a record was last changed (HLC text by field name). `*` stands for every
 * field not listed: the time of the record's last change before fields were timed.
 */
export type FieldTimes = Readonly<Record<string, string>>

/** The key of FieldTimes for the fields it does not list. */
export const EVERY_OTHER_FIELD = '*'

/** The node name of changes the server times itself (a plain update, without field times). */
export const SERVER_NODE = 'server'

export interface FieldMergeInput {
  /** The record's stored field times. */
  stored: FieldTimes
  /** When the record was created: the time of a field never changed since. */
  createdAt: number
  /** The fields the update changes. */
  changed: readonly string[]
  /**
   * The time each change was made (a device's clock); a changed field without one is a change
   * made now, after every stored time (a plain update: the last received wins, as before).
   */
  times: FieldTimes
  /** The receiver's wall clock (ms): times after it count as made at it (boundHlc). */
  now: number
}

export interface FieldMerge {
  /** The changed fields that are newer than the stored ones: change them. */
  applied: string[]
  /** The changed fields a later change had already replaced: keep what is stored. */
  replaced: string[]
  /** The record's field times after the update. */
  times: Record<string, string>
}

/** The time `field` of a record was last changed. */
function storedTime(stored: FieldTimes, field: string, createdAt: number): Hlc {
  const text = stored[field] ?? stored[EVERY_OTHER_FIELD]
  const time = text === undefined ? undefined : parseHlc(text)
  return time ?? { wall: createdAt, counter: 0, node: SERVER_NODE }
}

/**
 * Which of an update's changed fields apply to a record: those whose time is later than (or the
 * same as: a change sent again) the stored time of that field. Times after `now` count as made at
 * `now`; changes without a time as made just after every stored time. A stored time that is not
 * an HLC counts as the record's creation. Answers the new field times, for applied fields only.
 */
export function mergeFieldChanges(input: FieldMergeInput): FieldMerge {
  const { stored, createdAt, changed, times, now } = input
  let latest: Hlc = { wall: createdAt, counter: 0, node: SERVER_NODE }
  for (const text of Object.values(stored)) {
    const time = parseHlc(text)
    if (time) latest = laterHlc(latest, time)
  }
  const plain = formatHlc(tickHlc(now, latest, SERVER_NODE))
  const applied: string[] = []
  const replaced: string[] = []
  const merged: Record<string, string> = { ...stored }
  for (const field of changed) {
    const text = times[field]
    const sent = text === undefined ? undefined : parseHlc(text)
    if (!sent) {
      applied.push(field)
      merged[field] = plain
      continue
    }
    const time = boundHlc(sent, now)
    if (compareHlc(time, storedTime(stored, field, createdAt)) >= 0) {
      applied.push(field)
      merged[field] = formatHlc(time)
    } else replaced.push(field)
  }
  return { applied, replaced, times: merged }
}
