import { ImportProgress, ImportSummary, isValidTimeZone, KindlingBackup } from '@kindling/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DatabaseHandle } from '../db/client'
import { uidOf } from '../http/caller'
import { HttpError } from '../http/errors'
import { errorResponse, jsonResponse } from '../http/openapi'
import { english, msg } from '../i18n/message'
import { languageOfHeader } from '../i18n/translate'
import { E401, E403, E404, E429, E503, queryErrors, security } from '../routes/common'
import { type ApplyOptions, applyPlan } from './apply'
import { buildBackup, buildEventsCsv } from './export'
import { readImportProgress, reportImportProgress } from './progress'
import { SUPPORTED } from './read-import'
import { readImportOffThread } from './read-off-thread'

/** The largest file POST /api/import reads (issue 16). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024

export const IMPORT_CONTENT_TYPES = [
  'application/octet-stream',
  'application/zip',
  'text/csv',
  'application/json',
] as const

const tags = ['data']

const ExportQuery = z.object({
  format: z
    .enum(['json', 'csv'])
    .describe('`json`: the whole account as a Kindling backup; `csv`: the events.'),
  timeZone: z
    .string()
    .refine(isValidTimeZone, 'Must be an IANA time zone, e.g. Europe/Paris.')
    .optional()
    .describe('CSV only: the zone of the Date and Time columns (default UTC).'),
})

/** A name the client gives its upload, to ask how far it has come (decision 147). */
const ProgressId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8 to 64 letters, digits, - or _.')

const ImportQuery = z.object({
  progressId: ProgressId.optional().describe(
    'A name for this upload, chosen by the client (a UUID): `GET /api/import/progress?progressId=` then tells how far it has come.',
  ),
})

const ProgressQuery = z.object({
  progressId: ProgressId.describe(
    'The name the upload was given (`POST /api/import?progressId=`).',
  ),
})

/** The day of `now` for file names, `YYYY-MM-DD`. */
const today = (now: Date) => now.toISOString().slice(0, 10)

/**
 * POST /api/import and GET /api/export (issue 16). The import reads the raw body, whatever the
 * declared type among the four, because the format is told from the content.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Runs in each of an import's transactions with what it stored there (decision 141). */
    onDataImport?: (
      tx: Parameters<NonNullable<ApplyOptions['onStored']>>[0],
      uid: string,
      stored: { activities?: string[]; events?: string[] },
    ) => Promise<void>
  }
}

export async function registerDataTransferRoutes(
  app: FastifyInstance,
  { db, driver }: Pick<DatabaseHandle, 'db' | 'driver'>,
) {
  await app.register(async (scope) => {
    // In this scope only: every accepted body arrives as bytes (JSON too), others are a 415.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      [...IMPORT_CONTENT_TYPES],
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    )
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(
        new HttpError(
          415,
          'unsupported-media-type',
          msg('Send the file as {types}.', { types: IMPORT_CONTENT_TYPES.join(', ') }),
        ),
        undefined,
      ),
    )
    const r = scope.withTypeProvider<ZodTypeProvider>()

    r.post('/api/import', {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        operationId: 'importFile',
        tags,
        security,
        summary: 'Import a file from another tracker or a backup',
        description: `Stores the habits and history of an uploaded file, sent as the raw body (at most 50 MB). ${english(SUPPORTED)} The format is detected from the content. The import is one transaction: a file that cannot be read answers 400 saying what is wrong and stores nothing. Importing the same file again stores nothing twice (Loop habits are matched by their uuid, else their name, and events by activity and day; backup records by their original id). The answer counts what was stored and, by reason, what was left out.`,
        consumes: [...IMPORT_CONTENT_TYPES],
        querystring: ImportQuery,
        body: z.string().meta({ format: 'binary' }).describe('The file, as it is.'),
        response: {
          200: jsonResponse('Imported: what was stored and what was skipped.', ImportSummary),
          400: errorResponse(
            'The file cannot be read (`import-unreadable`): unknown format, damaged or cut short, empty, or holding what Kindling cannot store (a date outside 0001-01-02 to 9999-12-31, text with NUL characters). Or `progressId` is not a valid name (`validation-failed`).',
          ),
          401: E401,
          403: E403,
          429: E429,
          413: errorResponse('The file is larger than 50 MB.'),
          415: errorResponse(
            'The body is not sent as application/octet-stream, application/zip, text/csv or application/json (`unsupported-media-type`).',
          ),
          503: E503,
        },
      },
      handler: async (request) => {
        const uid = uidOf(request)
        const { progressId } = request.query
        const report = (progress: ImportProgress) => {
          if (progressId) reportImportProgress(uid, progressId, progress)
        }
        report({ stage: 'reading', stored: 0, total: 0 })
        const body = request.body as unknown
        const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array()
        let total = 0
        try {
          const plan = await readImportOffThread(bytes)
          total = plan.activities.reduce((sum, activity) => sum + activity.events.length, 0)
          report({ stage: 'storing', stored: 0, total })
          // PGlite is one session for everyone: its imports commit in slices (decision 117).
          const onStored = scope.onDataImport
          const summary = await applyPlan(db, uid, plan, {
            sliced: driver === 'pglite',
            onProgress: (stored) => report({ stage: 'storing', stored, total }),
            onStored: onStored && ((tx, stored) => onStored(tx, uid, stored)),
            // The summary in the language the app asked in.
            language: languageOfHeader(request.headers['accept-language']),
          })
          report({ stage: 'done', stored: total, total })
          request.log.info(
            { format: summary.format, events: summary.events, activities: summary.activities },
            'import stored',
          )
          return summary
        } catch (error) {
          report({ stage: 'failed', stored: 0, total })
          throw error
        }
      },
    })

    r.get('/api/import/progress', {
      schema: {
        operationId: 'getImportProgress',
        tags,
        security,
        summary: 'How far an upload being imported has come',
        description:
          'For an import sent with `progressId`: the file being read, then how many of its events were stored (or found already there) of how many, then done or failed. Kept for 10 minutes after the last change, by the server node that runs the import: another node answers 404.',
        querystring: ProgressQuery,
        response: {
          200: jsonResponse('How far it has come.', ImportProgress),
          ...queryErrors,
          401: E401,
          403: E403,
          404: E404,
          503: E503,
        },
      },
      handler: async (request) => {
        const progress = readImportProgress(uidOf(request), request.query.progressId)
        if (!progress)
          throw new HttpError(404, 'not-found', msg('No import of yours by that name.'))
        return progress
      },
    })

    r.get('/api/export', {
      schema: {
        operationId: 'exportData',
        tags,
        security,
        summary: 'Download all your data',
        description:
          '`format=json`: a versioned Kindling backup of everything you have (activities, groups, attributes, events with their values, goals, settings), which POST /api/import reads back. `format=csv`: your events, one row per event with its date, time, activity and one column per attribute. Both are sent as attachments (`content-disposition`).',
        querystring: ExportQuery,
        response: {
          200: {
            description: 'The download.',
            headers: {
              'content-disposition': {
                type: 'string',
                description:
                  'attachment; filename="kindling-backup-YYYY-MM-DD.json" (or kindling-events-YYYY-MM-DD.csv)',
              },
            },
            content: {
              'application/json': { schema: KindlingBackup },
              'text/csv': {
                schema: z.string().describe('The events as CSV (UTF-8 with a byte-order mark).'),
              },
            },
          },
          ...queryErrors,
          401: E401,
          403: E403,
          429: E429,
          503: E503,
        },
      },
      handler: async (request, reply) => {
        const uid = uidOf(request)
        const now = new Date()
        if (request.query.format === 'csv') {
          const csv = await buildEventsCsv(db, uid, request.query.timeZone ?? 'UTC')
          return reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="kindling-events-${today(now)}.csv"`,
            )
            .send(csv)
        }
        const backup = await buildBackup(db, uid, now)
        return reply
          .type('application/json; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="kindling-backup-${today(now)}.json"`,
          )
          .send(backup)
      },
    })
  })
}
