/**
 * The messages between the server's thread and the thread that runs PGlite (pglite-worker.ts,
 * pglite-thread.ts). PGlite is one session: statements of a transaction name it (`tx`) and
 * PGlite's own lock keeps every other statement waiting until it ends.
 */
export type PgliteRequest = { id: number } & (
  | { op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'commit'; tx: number }
  | { op: 'rollback'; tx: number }
  | { op: 'dump'; file: string }
  | { op: 'close' }
)

/** A PostgreSQL error's fields as PGlite gives them (pg-protocol's DatabaseError). */
export interface ErrorFields {
  message: string
  name?: string
  [field: string]: unknown
}

export type PgliteAnswer =
  | { id: number; value: unknown }
  | { id: number; error: ErrorFields }
  | { opened: true }
  | { openFailed: ErrorFields }

/** The fields of an error thrown on the PGlite thread, to be thrown again on the server's. */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: ErrorFields = { message: error.message, name: error.name }
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue
    fields[key] = value
  }
  return fields
}

/** An Error with `fields` (PostgreSQL's `code`, `detail`, `constraint`...) as its own. */
export function errorOf(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields
  const error = new Error(message)
  if (name) error.name = name
  return Object.assign(error, rest)
}
