import {
  EVERY_OTHER_FIELD,
  FieldTimesInput,
  formatHlc,
  listEditableKeys,
  mergeFieldChanges,
  pickEditable,
  type RecordWrite,
  SERVER_NODE,
  SYNC_TABLES,
  type SyncTable,
} from '@kindling/core'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Database, Tx } from '../db/client'

export type { Tx }

import { type Author, liveRowsOf, lockAuthorsWrites } from '../db/owned'
import { uidOf } from '../http/caller'
import { notFound, validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import { msg, type Text } from '../i18n/message'
import {
  bodyObject,
  createErrors,
  deleteErrors,
  IdParams,
  isUuid,
  listErrors,
  NoContent,
  parseBody,
  readErrors,
  security,
  storedCreate,
  updateErrors,
  writeErrors,
} from './common'
import { storeWriteEffects } from './write-effects'

/*
 * The one pattern of the data API (issue 20): list, get, create (idempotent on a client-chosen
 * id), update by merging the body over the stored record, and soft delete, each scoped to the
 * caller's live records and documented the same way. A resource file gives only its own rules
 * through the hooks below: what makes an input acceptable, how it is stored, and how its list is
 * filtered when that is more than "all of yours". What a write does to other records (group
 * membership, attribute links, cascades) is core's applyWrite, run in the write's transaction
 * (write-effects.ts), the same rules the device runs on its copy. What an update may change is
 * its update schema's fields (core's pickEditable), merged over the stored record.
 *
 * Every write is one transaction that first takes the author's write lock (decision 108): one
 * author's writes run one at a time, from their checks to their commit, on every node.
 */

/** What one write did to one record, for the hook below. */
export interface WriteChange {
  /** The path segment of the resource, e.g. `events`. */
  table: string
  action: 'created' | 'updated' | 'deleted'
  /** The record as the API answers it, after the write. */
  record: unknown
  /** Before an update. */
  previous?: unknown
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs in every write's transaction, after it changed its record (the webhook outbox,
     * decision 141): what it records commits or rolls back with the write.
     */
    onDataWrite?: (tx: Tx, uid: string, change: WriteChange) => Promise<void>
  }
}

/** A table of ours: records with an id, an author and soft-delete stamps. */
export type OwnedTable = PgTable & {
  id: PgColumn
  author: PgColumn
  createdAt: PgColumn
  updatedAt: PgColumn
  deletedAt: PgColumn
  fieldTimes: PgColumn
}
/** What a check reads through: the write's transaction, so it sees what the write will change. */
export type Reader = Database | Tx

type Row<T extends OwnedTable> = T['$inferSelect'] & {
  id: string
  author: string
  createdAt: Date
  updatedAt: Date | null
  fieldTimes: Record<string, string>
}
/** The columns a resource sets itself; id, author and the stamps are the pattern's. */
type Values<T extends OwnedTable> = Omit<
  PgInsertValue<T>,
  'id' | 'author' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'fieldTimes'
>

export interface CrudOptions<
  T extends OwnedTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
> {
  table: T
  /** The path segment and OpenAPI tag, e.g. `goals`. */
  plural: string
  /** The record's name in messages and summaries, e.g. `Goal`. */
  noun: string
  /** The 404's message, in the caller's language (`msg('Goal not found.')`). */
  missing: Text
  record: R
  toRecord: (row: Row<T>) => z.output<R>
  /** The caller's live records (default: theirs and not deleted). */
  live?: (uid: Author) => SQL | undefined
  /** The time of writes (default: the system clock). */
  clock?: () => Date
  /** `GET /api/<plural>` as all of the caller's live records in this order; leave out to write it. */
  list?: { description: string; orderBy: SQL[] }
  get?: { description?: string }
  create: {
    schema: C
    description: string
    summary?: string
    /**
     * Refuses an input the caller may not store (a 400 naming the field). Runs in the write's
     * transaction under the author's lock: read through `reader`, never the pool.
     */
    check?: (uid: string, input: z.output<C>, reader: Reader) => Promise<void>
    values: (
      input: z.output<C>,
      context: { uid: string; id: string; now: Date },
    ) => Values<T> | Promise<Values<T>>
  }
  update: {
    schema: U
    description: string
    /** As create's: in the write's transaction, reading through `reader`. */
    check?: (uid: string, input: z.output<U>, stored: Row<T>, reader: Reader) => Promise<void>
    /** Runs in the write's transaction, as `check`: read through `reader`, never the pool. */
    values: (
      input: z.output<U>,
      stored: Row<T>,
      now: Date,
      reader: Reader,
    ) => PgUpdateSetSource<T> | Promise<PgUpdateSetSource<T>>
  }
  remove: {
    description: string
    /** More columns cleared with the delete. */
    values?: PgUpdateSetSource<T>
  }
}

/** What a resource's own routes (list filters, actions) reuse. */
export interface Crud<T extends OwnedTable> {
  /** The caller's live record with this id, or a 404 naming the noun. */
  load: (uid: string, id: string) => Promise<Row<T>>
  /** The condition for the caller's live record with this id. */
  owned: (uid: string, id: string) => SQL | undefined
  live: (uid: Author) => SQL | undefined
  tags: string[]
}

/** The routes of one record. */
interface ById {
  Params: { id: string }
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a')

export function registerCrud<
  T extends OwnedTable,
  R extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(app: FastifyInstance, db: Database, options: CrudOptions<T, R, C, U>): Crud<T> {
  const { table, plural, noun, missing, record, toRecord, create, update, remove } = options
  // Routes typed by hand: the zod schemas still validate and document them (the app's compilers),
  // but TypeScript cannot resolve a generic record's reply type through the type provider.
  const r = app
  const clock = options.clock ?? (() => new Date())
  const tags = [plural]
  const one = noun.toLowerCase()
  const a = `${article(one)} ${one}`
  const path = `/api/${plural}`
  const live = options.live ?? ((uid: Author) => liveRowsOf(table, uid))
  const owned = (uid: string, id: string) => and(eq(table.id, id), live(uid))
  const synced = (SYNC_TABLES as readonly string[]).includes(plural)
  const onWrite = app.onDataWrite

  /** Core's write rules for a write just stored in `tx` (synced records only). */
  async function storeEffects(
    tx: Tx,
    uid: string,
    write: RecordWrite,
    previous: Row<T> | undefined,
  ): Promise<void> {
    if (!synced) return
    const before = previous ? (toRecord(previous) as { id: string }) : undefined
    await storeWriteEffects(tx, uid, write, before)
  }

  function putOf(row: Row<T>, now: Date): RecordWrite {
    const record = toRecord(row) as { id: string } & Record<string, unknown>
    return { op: 'put', table: plural as SyncTable, record, at: now.toISOString() }
  }

  async function load(uid: string, id: string): Promise<Row<T>> {
    if (!isUuid(id)) throw notFound(missing)
    const [row] = await db
      .select()
      .from(table as PgTable)
      .where(owned(uid, id))
    if (!row) throw notFound(missing)
    return row as Row<T>
  }

  /**
   * Runs a write in one transaction under the author's write lock, taken before any row lock:
   * concurrent writes of one author (on any node) then neither deadlock on each other's rows nor
   * act on a check another write has made stale. A lone statement would take its row lock first
   * and the lock (in migration 0003's trigger) second, the order that deadlocks.
   */
  function asAuthor<R>(uid: string, write: (tx: Tx) => Promise<R>): Promise<R> {
    return db.transaction(async (tx) => {
      await lockAuthorsWrites(tx, uid)
      return write(tx)
    })
  }

  const listOptions = options.list
  if (listOptions) {
    // Built once, and on PostgreSQL parsed and planned once per connection (a named statement):
    // the list is the most frequent read of each record (issue 55).
    const listed = db
      .select()
      .from(table as PgTable)
      .where(live(sql.placeholder('uid')))
      .orderBy(...listOptions.orderBy)
      .prepare(`list_${plural}`)
    r.get(path, {
      schema: {
        operationId: `list${capital(plural)}`,
        tags,
        security,
        summary: `List your ${plural}`,
        description: listOptions.description,
        response: { 200: jsonResponse(`Your live ${plural}.`, z.array(record)), ...listErrors },
      },
      handler: async (request) => {
        const rows = await listed.execute({ uid: uidOf(request) })
        return rows.map((row) => toRecord(row as Row<T>))
      },
    })
  }

  r.get<ById>(`${path}/:id`, {
    schema: {
      operationId: `get${noun}`,
      tags,
      security,
      summary: `Get one ${one}`,
      description: options.get?.description ?? `One of your live ${plural} by id.`,
      params: IdParams,
      response: { 200: jsonResponse('The record.', record), ...readErrors },
    },
    handler: async (request) => toRecord(await load(uidOf(request), request.params.id)),
  })

  r.post(path, {
    schema: {
      operationId: `create${noun}`,
      tags,
      security,
      summary: create.summary ?? `Create ${a}`,
      description: create.description,
      body: create.schema,
      response: {
        201: jsonResponse('Created: the stored record.', record),
        ...(takesClientId(create.schema) ? createErrors : writeErrors),
      },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const input = parseBody(create.schema, request.body)
      const clientId = (input as { id?: string }).id
      const stored = await storedCreate<Row<T>>(db, table, uid, clientId)
      if (stored) return reply.status(201).send(toRecord(stored))
      const id = clientId ?? crypto.randomUUID()
      const now = clock()
      const values = {
        ...(await create.values(input, { uid, id, now })),
        id,
        author: uid,
        createdAt: now,
      } as PgInsertValue<T>
      const row = await asAuthor(uid, async (tx) => {
        // A duplicate sent at once that stored the id while this one waited answers for both.
        const stored = await storedCreate<Row<T>>(tx, table, uid, clientId)
        if (stored) return stored
        await create.check?.(uid, input, tx)
        const [row] = (await tx
          .insert(table)
          .values(values)
          .onConflictDoNothing()
          .returning()) as Row<T>[]
        if (!row) return (await storedCreate<Row<T>>(tx, table, uid, id)) as Row<T>
        await storeEffects(tx, uid, putOf(row, now), undefined)
        await onWrite?.(tx, uid, { table: plural, action: 'created', record: toRecord(row) })
        return row
      })
      return reply.status(201).send(toRecord(row))
    },
  })

  r.put<ById>(`${path}/:id`, {
    schema: {
      operationId: `update${noun}`,
      tags,
      security,
      summary: `Update ${a}`,
      description: `${update.description} ${MERGE_DESCRIPTION}`,
      params: IdParams,
      body: mergedBody(update.schema),
      response: {
        200: jsonResponse('Updated: the stored record.', record, replacedHeader),
        ...updateErrors,
      },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      const { fieldTimes, ...changes } = bodyObject(request.body)
      const times = parseFieldTimes(fieldTimes)
      const editable = (row: Row<T>) =>
        pickEditable(update.schema as never, toRecord(row) as Record<string, unknown>)
      // The whole change is checked first: a bad value is a 400 even when a newer one replaces it.
      const whole = parseBody(update.schema, { ...editable(stored), ...changes })
      const keys = new Set(listEditableKeys(update.schema as never, whole as never))
      const changed = Object.keys(changes).filter((key) => keys.has(key))
      for (const key of Object.keys(times)) {
        if (!changed.includes(key)) {
          throw validationError({
            [`fieldTimes.${key}`]: msg('Send a time only for a field you send.'),
          })
        }
      }
      const now = clock()
      const written = await asAuthor(uid, async (tx) => {
        // The stored record and its field times as of this write's turn under the lock: the
        // merge decides on what the writes before it left (decision 108, 151).
        const [current] = (await tx
          .select()
          .from(table as PgTable)
          .where(owned(uid, stored.id))) as Row<T>[]
        // Only a live record is updated: one deleted meanwhile stays deleted and answers 404.
        if (!current) return undefined
        const merge = mergeFieldChanges({
          stored: { [EVERY_OTHER_FIELD]: lastUntimedChange(current), ...current.fieldTimes },
          createdAt: current.createdAt.getTime(),
          changed,
          times,
          now: now.getTime(),
        })
        if (merge.applied.length === 0) return { row: current, replaced: merge.replaced }
        const applied = Object.fromEntries(merge.applied.map((key) => [key, changes[key]]))
        const input = parseBody(update.schema, { ...editable(current), ...applied })
        await update.check?.(uid, input, current, tx)
        const values = {
          ...(await update.values(input, current, now, tx)),
          updatedAt: now,
          fieldTimes: merge.times,
        } as PgUpdateSetSource<T>
        const [row] = (await tx
          .update(table)
          .set(values)
          .where(owned(uid, current.id))
          .returning()) as Row<T>[]
        if (row) {
          await storeEffects(tx, uid, putOf(row, now), current)
          const change = { record: toRecord(row), previous: toRecord(current) }
          await onWrite?.(tx, uid, { table: plural, action: 'updated', ...change })
        }
        return row && { row, replaced: merge.replaced }
      })
      if (!written) throw notFound(missing)
      if (written.replaced.length > 0) reply.header(REPLACED_HEADER, written.replaced.join(','))
      return toRecord(written.row)
    },
  })

  r.delete<ById>(`${path}/:id`, {
    schema: {
      operationId: `delete${noun}`,
      tags,
      security,
      summary: `Delete ${a}`,
      description: remove.description,
      params: IdParams,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const stored = await load(uid, request.params.id)
      const now = clock()
      const deleted = await asAuthor(uid, async (tx) => {
        // The delete that finds the record still live wins; the others find it deleted (404).
        const [row] = (await tx
          .update(table)
          .set({ ...remove.values, deletedAt: now } as PgUpdateSetSource<T>)
          .where(owned(uid, stored.id))
          .returning()) as Row<T>[]
        if (row) {
          const at = now.toISOString()
          const write: RecordWrite = { op: 'delete', table: plural as SyncTable, id: stored.id, at }
          await storeEffects(tx, uid, write, stored)
          await onWrite?.(tx, uid, { table: plural, action: 'deleted', record: toRecord(row) })
        }
        return row !== undefined
      })
      if (!deleted) throw notFound(missing)
      return reply.status(204).send(null)
    },
  })

  return { load, owned, live, tags }
}

/** The response header naming the fields of an update that newer changes had replaced. */
export const REPLACED_HEADER = 'kindling-replaced-fields'

const replacedHeader = {
  [REPLACED_HEADER]: {
    type: 'string' as const,
    description:
      'The fields sent that were not changed, comma-separated: a newer change of each had already been stored (see `fieldTimes`). Absent when every field sent was changed.',
  },
}

const MERGE_DESCRIPTION =
  'Send only the fields you change; with `fieldTimes`, each is changed only when its time is later than the stored change of that field (so an edit made offline does not overwrite a newer one), and the `kindling-replaced-fields` header names those that were not. Without `fieldTimes` the fields sent count as changed now.'

/** A PUT's `fieldTimes`, checked: a 400 names a bad one. */
function parseFieldTimes(value: unknown): Record<string, string> {
  if (value === undefined) return {}
  const result = FieldTimesInput.safeParse(value)
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    fields[['fieldTimes', ...issue.path.map(String)].join('.')] = issue.message
  }
  throw validationError(fields)
}

/**
 * The time of a record's last change before its fields were timed (its update or creation):
 * what every field not yet timed counts as changed at.
 */
function lastUntimedChange(row: { createdAt: Date; updatedAt: Date | null }): string {
  const wall = (row.updatedAt ?? row.createdAt).getTime()
  return formatHlc({ wall, counter: 0, node: SERVER_NODE })
}

/** Whether a create body has an `id` (the client's choice, which can be taken: 409). */
function takesClientId(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodObject) return 'id' in schema.shape
  if (schema instanceof z.ZodDiscriminatedUnion) {
    return (schema.options as z.ZodType[]).some(takesClientId)
  }
  return false
}

/**
 * An update's body as the OpenAPI document describes it: the handler merges it over the stored
 * record, so every field may be left out (the merged whole is what is validated).
 */
function mergedBody(schema: z.ZodType): z.ZodType {
  const timed = { fieldTimes: FieldTimesInput.optional() }
  // From its shape: a schema with refinements (a break's `to` after `from`) refuses .partial().
  if (schema instanceof z.ZodObject) return z.object(schema.shape).partial().extend(timed)
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options = schema.options as z.ZodObject[]
    return z.union(options.map((option) => option.partial().extend(timed)))
  }
  return schema
}
