import {
  compareCodeUnits,
  type FieldIssue,
  pickEditable,
  type SyncTable,
  toFieldErrors,
} from '@kindling/core'
import { notifications } from '@mantine/notifications'
import { startTransition, useCallback, useState } from 'react'
import { ApiError } from './api-client'
import { t } from './i18n'
import { isSameValue } from './sync/engine'
import {
  loadWriteSchemas,
  type WriteSchemas as Schemas,
  writeSchemasNow,
} from './sync/load-schemas'
import { getSyncEngine, type Synced, useSynced } from './sync/store'
import type { RecordOf } from './sync/types'
import { uuidv7 } from './sync/uuid'
import type { Tables } from './sync/view'

/** Query of a list: equality filters on record fields, e.g. `{ activityId }`. */
export type ListQuery = Record<string, string | number | undefined>

interface MutateOptions<T> {
  onSuccess?: (result: T) => void
  onError?: (error: Error) => void
  onSettled?: () => void
}

export interface Write<TInput, TResult> {
  mutate: (input: TInput, options?: MutateOptions<TResult>) => void
  mutateAsync: (input: TInput) => Promise<TResult>
  isPending: boolean
}

/** A validation failure worded like the server's 400, so forms treat both alike. */
function invalid(issues: readonly FieldIssue[]): ApiError {
  const fields = toFieldErrors(issues)
  const [first] = Object.entries(fields)
  return new ApiError(400, 'validation-failed', first ? `${first[0]}: ${first[1]}` : '', fields)
}

function requireEngine() {
  const engine = getSyncEngine()
  if (!engine?.status.loaded) throw new Error('Your data is still loading: try again.')
  return engine
}

/**
 * Runs `options`' callbacks when a write settles; a failure without `onError` is logged and told
 * ('Not saved'). Resolves once the callbacks have run, never rejects. For a write started outside
 * `useWrite` (one that must not draw its whole screen again for its pending state).
 */
export function settle<T>(write: Promise<T>, options: MutateOptions<T> = {}): Promise<void> {
  return write.then(
    (result) => {
      options.onSuccess?.(result)
      options.onSettled?.()
    },
    (error: Error) => {
      console.error(error)
      if (options.onError) options.onError(error)
      else notifications.show({ color: 'red', title: t('Not saved'), message: error.message })
      options.onSettled?.()
    },
  )
}

/** Wraps an async write with React Query's mutation surface (mutate, callbacks, isPending). */
export function useWrite<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const [pending, setPending] = useState(0)
  const mutateAsync = useCallback(
    async (input: TInput) => {
      setPending((count) => count + 1)
      try {
        return await run(input)
      } finally {
        // After what the write's callbacks draw: a form that goes back is gone by then, not
        // drawn once more on its way out (issue 55).
        startTransition(() => setPending((count) => count - 1))
      }
    },
    [run],
  )
  const mutate = useCallback(
    (input: TInput, options: MutateOptions<TResult> = {}) => {
      void settle(mutateAsync(input), options)
    },
    [mutateAsync],
  )
  return { mutate, mutateAsync, isPending: pending > 0 } satisfies Write<TInput, TResult>
}

interface Schema {
  safeParse: (value: unknown) => {
    success: boolean
    data?: unknown
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> }
  }
}

interface ResourceSpec<T extends SyncTable> {
  /** The create and update schemas (of the module loaded on the first write). */
  schemas: (lib: Schemas) => { create: Schema; update: Schema }
  /** Order of lists, as the API answers them. */
  compare: (a: RecordOf[T], b: RecordOf[T]) => number
  /** Checks that need other records (an event's values against its attributes). */
  check?: (input: Record<string, unknown>, view: Tables, lib: Schemas) => Record<string, string>
  /** Fills what the device must decide once for every copy (an activity's colour). */
  prepare?: (input: Record<string, unknown>) => Record<string, unknown>
}

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
  compareCodeUnits(b.createdAt, a.createdAt)

export const latestEdit = (a: { createdAt: string; updatedAt: string | null }) =>
  a.updatedAt ?? a.createdAt

function validate(schema: Schema, input: unknown): Record<string, unknown> {
  const result = schema.safeParse(input)
  if (!result.success) throw invalid(result.error?.issues ?? [])
  return result.data as Record<string, unknown>
}

/**
 * Reads and writes of one synced table. Reads come from the device's copy at once; writes are
 * validated with the shared schemas, applied to the copy and queued for the server. Call it
 * once per table at module level: the hooks it returns are stable module-level functions.
 */
export function createResource<
  T extends SyncTable,
  TCreate extends object,
  TUpdate extends object = Partial<TCreate>,
>(table: T, spec: ResourceSpec<T>) {
  type TRecord = RecordOf[T]

  function list(view: Tables, query: ListQuery = {}): TRecord[] {
    const filters = Object.entries(query).filter(([, value]) => value !== undefined)
    const records = [...(view[table] as Map<string, TRecord>).values()].filter((record) =>
      filters.every(([key, value]) => (record as Record<string, unknown>)[key] === value),
    )
    return records.sort(spec.compare)
  }

  async function create(input: TCreate): Promise<TRecord> {
    const engine = requireEngine()
    const lib = writeSchemasNow() ?? (await loadWriteSchemas())
    const body = validate(
      spec.schemas(lib).create,
      spec.prepare ? spec.prepare({ ...input } as Record<string, unknown>) : input,
    )
    const problems = spec.check?.(body, engine.view, lib) ?? {}
    if (Object.keys(problems).length > 0) throw invalid(toIssues(problems))
    const id = (body.id as string | undefined) ?? uuidv7()
    await engine.write({ op: 'create', table, id, body: { ...body, id } })
    return (engine.view[table] as Map<string, TRecord>).get(id) as TRecord
  }

  async function update({ id, ...change }: TUpdate & { id: string }): Promise<TRecord> {
    const engine = requireEngine()
    const stored = (engine.view[table] as Map<string, TRecord>).get(id)
    if (!stored) throw new ApiError(404, 'not-found', 'This was deleted on another device.')
    const lib = writeSchemasNow() ?? (await loadWriteSchemas())
    const schema = spec.schemas(lib).update
    // What the server merges a PUT over: the stored record's fields of the update schema.
    const editable = pickEditable(schema as never, stored as unknown as Record<string, unknown>)
    const body = validate(schema, { ...editable, ...change })
    const problems = spec.check?.(body, engine.view, lib) ?? {}
    if (Object.keys(problems).length > 0) throw invalid(toIssues(problems))
    // Only what changed is sent, each field with its time, so that a change of one field made
    // here does not overwrite another changed elsewhere (decision 151). An attribute is sent
    // whole: its type decides which of its other fields it has.
    const changed =
      table === 'attributes'
        ? body
        : Object.fromEntries(
            Object.entries(body).filter(([key, value]) => !isSameValue(value, editable[key])),
          )
    if (Object.keys(changed).length > 0) {
      await engine.write({ op: 'update', table, id, body: changed })
    }
    return (engine.view[table] as Map<string, TRecord>).get(id) as TRecord
  }

  async function remove(id: string): Promise<void> {
    const engine = requireEngine()
    await engine.write({ op: 'delete', table, id })
  }

  return {
    list,
    create,
    update,
    remove,
    useList: (query: ListQuery = {}): Synced<TRecord[]> =>
      useSynced((view) => list(view, query), [JSON.stringify(query)]),
    useOne: (id: string): Synced<TRecord> & { isMissing: boolean } => {
      const result = useSynced((view) => (view[table] as Map<string, TRecord>).get(id), [id])
      return { ...result, isMissing: result.isSuccess && result.data === undefined }
    },
    useCreate: () => useWrite(create),
    useUpdate: () => useWrite(update),
    useDelete: () => useWrite(remove),
  }
}

function toIssues(problems: Record<string, string>) {
  return Object.entries(problems).map(([path, message]) => ({ path: path.split('.'), message }))
}

export { newestFirst }
