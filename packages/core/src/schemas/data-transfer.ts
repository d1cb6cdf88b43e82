import { z } from 'zod'
import { Activity } from './activity'
import { Attribute } from './attribute'
import { IsoDateTime } from './common'
import { Event } from './event'
import { Goal } from './goal'
import { Group } from './group'

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
  skipped: z.array(SkippedCount),
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
export const KINDLING_BACKUP_VERSION = 1

/**
 * Kindling's own JSON backup (version 1): every live record of the user as the API answers it,
 * so that importing it into an empty account and exporting again gives the same content apart
 * from the ids. `settings` holds the account's server-side settings (none yet: `{}`).
 */
export const KindlingBackup = z.object({
  format: z.literal(KINDLING_BACKUP_FORMAT),
  version: z.literal(KINDLING_BACKUP_VERSION),
  exportedAt: IsoDateTime,
  activities: z.array(Activity),
  groups: z.array(Group),
  attributes: z.array(Attribute),
  events: z.array(Event),
  goals: z.array(Goal),
  settings: z.record(z.string(), z.unknown()),
})
export type KindlingBackup = z.infer<typeof KindlingBackup>
