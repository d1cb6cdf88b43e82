import {
  ACTIVITY_NAME_MAX_LENGTH,
  type AttributeValue,
  type Cadence,
  DESCRIPTION_MAX_LENGTH,
  EARLIEST_DAY,
  type GoalComparison,
  type ImportFormat,
  IsoDateTime,
  type ParsedAttributeInput,
  REMINDERS_PER_ACTIVITY_MAX,
  type StoredSchedule,
  TEXT_VALUE_MAX_LENGTH,
  type UserSettings,
  type Visibility,
} from '@kindling/core'
import { HttpError } from '../http/errors'
import { msg, type Text } from '../i18n/message'

/**
 * What a file holds, once read and mapped to Kindling's records but not yet stored: the one
 * shape every format's reader produces and `applyPlan` stores. Records refer to each other by
 * `key`s local to the plan (and, for activities, by identities that survive re-imports).
 */
export interface ImportPlan {
  format: ImportFormat
  /** The family of the format; links of one family match each other's records on re-import. */
  source: 'loop' | 'habitbull' | 'table-habit' | 'kindling'
  groups: PlannedGroup[]
  activities: PlannedActivity[]
  /** Reason to count of what the file holds and Kindling does not store. */
  skipped: SkipCounter
  /**
   * How events match ones already stored: `day`, one per activity and calendar day (formats of
   * done-days); `id`, by the original event id (Kindling backups, several a day).
   */
  eventIdentity: 'day' | 'id'
  /**
   * Kindling backups: a record whose original id is already the caller's (a backup restored
   * into the account it came from) is that record, not a new one.
   */
  sameAccountIds?: boolean
  /** The account's settings the file carries (Kindling backups from version 2): they replace the caller's. */
  /** A backup's settings; a language left out (backups before issue 54) keeps the account's. */
  settings?: Omit<UserSettings, 'language'> & { language?: UserSettings['language'] }
  /** What the summary says of single habits ("Swim: every 2 days became 4 times a week"). */
  notes?: Text[]
  /** Breaks of every habit (a vacation), Kindling backups only. */
  breaks?: PlannedBreak[]
}

/** A break (issue 49): days off, both ends included (`YYYY-MM-DD`). */
export interface PlannedBreak {
  from: string
  to: string
  note?: string
  createdAt?: string
  updatedAt?: string | null
}

export interface PlannedGroup {
  key: string
  /** Identities of the group across imports (the first known one wins). */
  keys: string[]
  name: string
  description: string
  color: string
  /** Original ids (Kindling backups), tried against the caller's records first. */
  originalId?: string
  createdAt?: string
  updatedAt?: string | null
  /** Its place in the user's own order (a fractional index key). */
  position?: string | null
}

export interface PlannedActivity {
  /** Identities across imports, most specific first (a Loop uuid, then the name). */
  keys: string[]
  name: string
  description: string
  color: string
  visibility: Visibility
  schedule: StoredSchedule
  groupKey?: string
  /** Where the activity stands in its group's list (Kindling backups keep the order). */
  groupPosition?: number
  originalId?: string
  createdAt?: string
  updatedAt?: string | null
  attributes: PlannedAttribute[]
  goals: PlannedGoal[]
  events: PlannedEvent[]
  /** Only Kindling backups have reminders. */
  reminders?: PlannedReminder[]
  /** Archived in the other app (issue 49). */
  archived?: boolean
  /** Its place in the user's own order (a fractional index key). */
  position?: string | null
  /** Days it was off: skipped days (merged into runs), breaks of a backup. */
  breaks?: PlannedBreak[]
}

/** An attribute's type-specific fields as core's input schema gives them, minus the activity. */
export type PlannedAttributeFields = ParsedAttributeInput extends infer T
  ? T extends unknown
    ? Omit<T, 'activityId'>
    : never
  : never

export interface PlannedAttribute {
  /** The attribute's role in its activity (`amount`, `notes`, an original id). */
  key: string
  fields: PlannedAttributeFields
  originalId?: string
  createdAt?: string
  updatedAt?: string | null
}

export interface PlannedGoal {
  key: string
  cadence: Cadence
  /** What each period asks: a count of events, or a total of a planned attribute (by its key). */
  target:
    | { kind: 'count'; count: number }
    | { kind: 'amount'; attributeKey: string; comparison: GoalComparison; value: number }
    | null
  originalId?: string
  createdAt?: string
}

export interface PlannedReminder {
  key: string
  /** Local time of day, `HH:mm`, in the account's time zone. */
  time: string
  days: number[]
  originalId?: string
  createdAt?: string
  updatedAt?: string | null
}

export interface PlannedEvent {
  /** An ISO instant; day formats use noon UTC of the day, as the API does for a bare day. */
  eventDate: string
  /** Values keyed by the attribute's plan key. */
  values: Record<string, AttributeValue>
  originalId?: string
  createdAt?: string
}

/** Counts of what an import leaves out, by a reason the user reads. */
export class SkipCounter {
  private readonly counts = new Map<string, number>()

  add(reason: string, count = 1): void {
    if (count <= 0) return
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + count)
  }

  get(reason: string): number {
    return this.counts.get(reason) ?? 0
  }

  list(): { reason: string; count: number }[] {
    return [...this.counts].map(([reason, count]) => ({ reason, count }))
  }
}

/**
 * Reasons shared by several formats (the summary groups by these exact strings). Each is an
 * English message of the server's catalogs, put in the reader's language by the summary
 * (skipReason); `{max}` is REMINDERS_PER_ACTIVITY_MAX.
 */
export const SKIP = {
  skipped: msg('Skipped days (a skip is not an event)').message,
  unknown: msg('Days marked unknown').message,
  notDone: msg('Days marked not done').message,
  automatic: msg('Automatic checks Loop computed from the frequency (not done days)').message,
  zeroAmount: msg('Days with an amount of 0 (kept only on at-most habits)').message,
  noteNotDone: msg('Notes on days that were not done').message,
  duplicateDay: msg('Duplicate entries for the same habit and day in the file').message,
  alreadyThere: msg('Events already in Kindling (imported before)').message,
  tooManyReminders: msg('Reminders over the limit of {max} per habit').message,
  deletedHabit: msg('Habits deleted in the other app').message,
  orphanCheck: msg('Check-ins of habits missing from the backup').message,
  undatedCheck: msg('Check-ins without a date').message,
  notExported: msg('Habits listed in Habits.csv but not exported with it (a one-habit export)')
    .message,
  longDescription: msg('Descriptions shortened to 1000 characters').message,
  longNote: msg('Notes shortened to 10,000 characters').message,
}

/** A reason of SKIP as the summary's reader reads it. */
export function skipReason(reason: string): Text {
  return msg(reason, { max: REMINDERS_PER_ACTIVITY_MAX })
}

/** A summary's note on one habit: its name, and what became of it. */
export function habitNote(habit: string, change: Text): Text {
  return msg('{habit}: {change}.', { habit, change })
}

/**
 * A file the server cannot read: answered 400 (`import-unreadable`) with what is wrong, nothing
 * stored. Its message is a text (`msg`, with the file's lines, names and values as values), so
 * the worker thread that reads the file sends it as it is and the answer says it in the
 * request's language.
 */
export class ImportError extends HttpError {
  constructor(message: Text) {
    super(400, 'import-unreadable', message)
  }
}

const ELLIPSIS = '…'

/** A name that fits an activity: the first 19 characters and '…' when longer than 20. */
export function shortenName(name: string): string {
  const trimmed = name.trim() || 'Untitled'
  const chars = [...trimmed]
  if (chars.length <= ACTIVITY_NAME_MAX_LENGTH) return trimmed
  return (
    chars
      .slice(0, ACTIVITY_NAME_MAX_LENGTH - 1)
      .join('')
      .trimEnd() + ELLIPSIS
  )
}

/** Cuts `text` to `max` characters (with '…'), counting it under `reason` when it was cut. */
export function fitText(
  text: string,
  max: number,
  skipped?: SkipCounter,
  reason: string = SKIP.longDescription,
): string {
  if (text.length <= max) return text
  const chars = [...text]
  if (chars.length <= max) return text
  skipped?.add(reason)
  return chars.slice(0, max - 1).join('') + ELLIPSIS
}

/** An event's note as a text attribute holds it (at most 10,000 characters). */
export const fitNote = (note: string, skipped: SkipCounter): string =>
  fitText(note, TEXT_VALUE_MAX_LENGTH, skipped, SKIP.longNote)

/**
 * An activity description from the parts a tracker keeps: the full name when the activity name
 * had to be shortened, then each non-empty part on its own paragraph.
 */
export function composeDescription(
  fullName: string,
  parts: (string | null | undefined)[],
  skipped: SkipCounter,
): string {
  const name = fullName.trim()
  const all = [shortenName(name) === name ? '' : name, ...parts]
  const text = all
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join('\n\n')
  return fitText(text, DESCRIPTION_MAX_LENGTH, skipped)
}

/** The instant an event of a calendar day is stored at: noon UTC, as the API reads a bare day. */
export const dayInstant = (day: string): string => `${day}T12:00:00.000Z`

/**
 * The days an imported event may fall on: those whose noon UTC the data API takes as an instant
 * (core's `IsoDateTime`: from a day into year 1, as PostgreSQL has no year 0, to four-digit years).
 */
export const FIRST_DAY = EARLIEST_DAY
export const LAST_DAY = '9999-12-31'
/** The days Kindling keeps, as a refusal of a date outside them says: '… out of range: {range}.' */
export const DATE_RANGE = msg('Kindling keeps dates from {first} to {last}', {
  first: FIRST_DAY,
  last: LAST_DAY,
})

/** Whether a real `YYYY-MM-DD` day is one an event may have (see FIRST_DAY). */
export const isStorableDay = (day: string): boolean =>
  /^\d{4}-/.test(day) && day >= FIRST_DAY && day <= LAST_DAY

/** Whether an ISO instant is one the data API stores as an event's date. */
export const isStorableInstant = (instant: string): boolean =>
  IsoDateTime.safeParse(instant).success

/**
 * `YYYY-MM-DD` of a UTC instant in milliseconds (Loop's timestamps are UTC midnights), or null
 * when that day is not one Kindling keeps (year 0, negative years, past 9999, not a time).
 */
export function utcDay(milliseconds: number): string | null {
  const date = new Date(milliseconds)
  if (Number.isNaN(date.getTime())) return null
  const day = date.toISOString().slice(0, 10)
  return isStorableDay(day) ? day : null
}

/** How a tracker's "n times every d days" is kept: a schedule, and a count goal beyond once. */
export interface PlannedFrequency {
  schedule: StoredSchedule
  cadence: Cadence
  /** Events each period asks for when more than one ("3 times a week"); null: once. */
  count: number | null
  /** What the import summary says when the frequency had to be approximated, else null. */
  approximation: Text | null
}

/**
 * Loop's and Table Habit's frequencies exactly where Kindling has them (issue 48): n a day
 * (Daily), n in 7 days (Weekly, n a week), n in 28 to 31 days (Monthly, n a month). Any other
 * ("every 2 days", "3 in 10 days") becomes the nearest number a week, said in the summary.
 */
export function planFrequency(count: number, days: number): PlannedFrequency {
  const exact = (schedule: StoredSchedule, cadence: Cadence): PlannedFrequency => ({
    schedule,
    cadence,
    count: count > 1 ? count : null,
    approximation: null,
  })
  if (days === 1) return exact({ type: 'Daily' }, 'Daily')
  if (days === 7) return exact({ type: 'Weekly', days: [] }, 'Weekly')
  if (days >= 28 && days <= 31) return exact({ type: 'Monthly', dayOfMonth: 1 }, 'Monthly')
  const perWeek = Math.min(7, Math.max(1, Math.round((7 * count) / days)))
  return {
    schedule: { type: 'Weekly', days: [] },
    cadence: 'Weekly',
    count: perWeek > 1 ? perWeek : null,
    approximation:
      count === 1
        ? msg(
            'every {days} days became {perWeek, plural, one {once a week} =2 {twice a week} other {# times a week}}',
            { days, perWeek },
          )
        : msg(
            '{count, plural, =2 {twice} other {# times}} in {days} days became {perWeek, plural, one {once a week} =2 {twice a week} other {# times a week}}',
            { count, days, perWeek },
          ),
  }
}

/** `#rrggbb` of an ARGB integer (Android's colour ints, also negative ones). */
export function hexOfArgb(value: number): string {
  return `#${((value >>> 0) & 0xffffff).toString(16).padStart(6, '0')}`
}

/** Makes `key` unique among `used` by a `#2`, `#3`... suffix (two habits with one name). */
export function uniqueKey(key: string, used: Set<string>): string {
  let candidate = key
  for (let n = 2; used.has(candidate); n += 1) candidate = `${key}#${n}`
  used.add(candidate)
  return candidate
}
