import { z } from 'zod'
import { Activity } from './activity'
import { Attribute } from './attribute'
import { Break } from './break'
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
  breaks: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Breaks stored (skipped days, holidays), when any.'),
  skipped: z.array(SkippedCount),
})
export type ImportSummary = z.infer<typeof ImportSummary>

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
  /** Breaks (issue 49); absent from backups made before them. */
  breaks: z.array(Break).default([]),
  settings: z.record(z.string(), z.unknown()),
})
export type KindlingBackup = z.infer<typeof KindlingBackup>
