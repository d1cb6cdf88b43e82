import { z } from 'zod'
import { Activity } from './activity'
import { Attribute } from './attribute'
import { Break } from './break'
import { IsoDateTime } from './common'
import { Event } from './event'
import { Goal } from './goal'
import { Group } from './group'
import { Reminder, UserSettings } from './reminder'

/** The files POST /api/import reads; the format is told by the content, never the name. */
export const IMPORT_FORMATS = [
  'loop-db',
  'loop-csv',
  'habitbull-csv',
  'table-habit-json',
  'kindling-json',
] as const
export const ImportFormat = z.enum(IMPORT_FORMATS)
export type ImportFormat = z.infer<typeof ImportFormat>

/** What an import left out, by reason (a skipped day, a note on a day not done, ...). */
export const SkippedCount = z.object({
  reason: z.string(),
  count: z.number().int().min(1),
})
export type SkippedCount = z.infer<typeof SkippedCount>

/** The answer of an import: how many records of each kind it stored, and what it skipped. */
export const ImportSummary = z.object({
  format: ImportFormat,
  activities: z.number().int().min(0),
  events: z.number().int().min(0),
  attributes: z.number().int().min(0),
  goals: z.number().int().min(0),
  groups: z.number().int().min(0),
  reminders: z.number().int().min(0),
  settings: z
    .boolean()
    .describe(
      "Whether the file's settings (time zone, e-mail reminders, pause) replaced yours: only a Kindling backup has them, and only a change counts.",
    ),
  breaks: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Breaks stored (skipped days, holidays), when any.'),
  skipped: z.array(SkippedCount),
  notes: z
    .array(z.string())
    .describe(
      'What the import says of single habits, e.g. a frequency Kindling keeps only approximately ("Swim: every 2 days became 4 times a week").',
    ),
})
export type ImportSummary = z.infer<typeof ImportSummary>

/**
 * How far an import has come (issue 51), as `GET /api/import/progress` tells it while the upload
 * waits for its answer: the file being read, then its events stored, then done or failed.
 */
export const ImportProgress = z.object({
  stage: z.enum(['reading', 'storing', 'done', 'failed']),
  /** Events of the file dealt with so far (stored, or found already there). */
  stored: z.number().int().min(0),
  /** Events in the file (0 while it is read). */
  total: z.number().int().min(0),
})
export type ImportProgress = z.infer<typeof ImportProgress>

export const KINDLING_BACKUP_FORMAT = 'kindling-backup'
/**
 * The version this code writes. 1: the records without reminders, and `settings: {}`; 2: with
 * reminders and the settings; 3: with breaks (and activities' archive and order). Every version
 * up to this one is read.
 */
export const KINDLING_BACKUP_VERSION = 3

/**
 * What a Kindling backup holds, the one place that says so (issue 50): each list of records
 * with its schema and the first version that has it. The export writes every list, the import
 * reads every list (an older file has none of the lists newer than itself), and the OpenAPI
 * document describes them, all from here; a record type added here fails to typecheck in the
 * export and the import until both handle it. The order is the order of restoring: a list
 * refers only to lists before it (a group to activities, an event to attributes).
 */
export const BACKUP_LISTS = {
  activities: { schema: Activity, since: 1 },
  groups: { schema: Group, since: 1 },
  attributes: { schema: Attribute, since: 1 },
  events: { schema: Event, since: 1 },
  goals: { schema: Goal, since: 1 },
  reminders: { schema: Reminder, since: 2 },
  breaks: { schema: Break, since: 3 },
} as const
export type BackupListName = keyof typeof BACKUP_LISTS
export const BACKUP_LIST_NAMES = Object.keys(BACKUP_LISTS) as BackupListName[]
/** The records of every list of a backup, as the API answers them. */
export type BackupLists = { [K in BackupListName]: z.infer<(typeof BACKUP_LISTS)[K]['schema']>[] }

/** The settings a backup carries (version 2 on): the account's reminder settings. */
export const BackupSettings = UserSettings

const backupLists = Object.fromEntries(
  BACKUP_LIST_NAMES.map((name) => [name, z.array(BACKUP_LISTS[name].schema)]),
) as { [K in BackupListName]: z.ZodArray<(typeof BACKUP_LISTS)[K]['schema']> }

/**
 * Kindling's own JSON backup: every live record of the user as the API answers it, and the
 * user's settings, so that importing it into an empty account and exporting again gives the
 * same content apart from the ids and the times of the import.
 */
export const KindlingBackup = z.object({
  format: z.literal(KINDLING_BACKUP_FORMAT),
  version: z.literal(KINDLING_BACKUP_VERSION),
  exportedAt: IsoDateTime,
  ...backupLists,
  settings: BackupSettings,
})
export type KindlingBackup = z.infer<typeof KindlingBackup>
