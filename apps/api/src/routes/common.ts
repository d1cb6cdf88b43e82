import { and, eq, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { z as zod } from 'zod'
import type { Database } from '../db/client'
import { liveRowsOf } from '../db/owned'
import { activities } from '../db/schema'
import { HttpError, validationError, zodFields } from '../http/errors'
import {
  ApiErrorBody,
  bearerOrTokenSecurity,
  bearerSecurity,
  errorResponse,
  jsonResponse,
  retryAfterHeader,
} from '../http/openapi'
import { msg } from '../i18n/message'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids are UUIDs; anything else can only be "not found". */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value)

export const IdParams = zod.object({ id: zod.string().describe('The record id (UUID).') })

/** Validates a body with a core schema; a failure is a 400 naming each field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {})
  if (!result.success) throw validationError(zodFields(result.error))
  return result.data
}

/** Reads a JSON object body (PUT merges it over the stored record). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw validationError({ body: msg('Send a JSON object.') })
  }
  return body as Record<string, unknown>
}

/** The caller's live activity with this id, or undefined. */
export async function findLiveActivity(db: Pick<Database, 'select'>, author: string, id: unknown) {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), liveRowsOf(activities, author)))
  return row
}

/** Those of `ids` that are not the caller's live activities. */
export async function missingActivities(
  db: Pick<Database, 'select'>,
  author: string,
  ids: string[],
) {
  const valid = ids.filter(isUuid)
  if (valid.length === 0) return ids
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(liveRowsOf(activities, author), inArray(activities.id, valid)))
  const found = new Set(rows.map((row) => row.id))
  return ids.filter((id) => !found.has(id))
}

/** A table of ours whose records have a UUID id and an author. */
type OwnedTable = PgTable & { id: PgColumn; author: PgColumn }

/**
 * The record a create with a client-chosen id already stored, if any: sending the same create
 * twice (a retry after a lost answer) answers the stored record and changes nothing. An id
 * taken by someone else's record is a 409 and reveals nothing of it.
 */
export async function storedCreate<Row>(
  db: Pick<Database, 'select'>,
  table: OwnedTable,
  author: string,
  id: string | undefined,
): Promise<Row | undefined> {
  if (id === undefined) return undefined
  const [row] = await db.select().from(table).where(eq(table.id, id))
  if (!row) return undefined
  if ((row as { author: string }).author !== author) {
    throw new HttpError(409, 'id-conflict', msg('This id is already taken: send another one.'))
  }
  return row as Row
}

export const E400 = errorResponse(
  'Invalid input: `fields` names each failing field and its rule (`validation-failed`), or the body is not valid JSON (`invalid-json`).',
)
export const E400Query = errorResponse(
  'Invalid query parameters: `fields` names each failing one and its rule.',
)
export const E400Body = errorResponse('A body was sent and is not valid JSON (`invalid-json`).')
export const E401 = jsonResponse(
  'No or invalid id token (expired, or its session has ended), or an unknown, revoked or expired personal API token.',
  ApiErrorBody,
  {
    'www-authenticate': {
      type: 'string',
      description:
        'The challenge: `Bearer realm="kindling"`, with `error="invalid_token"` when a token was sent.',
    },
  },
)
export const E403 = errorResponse(
  'The e-mail address is not verified yet (`email-not-verified`), a read-only personal API token tried to write (`insufficient-scope`), or a personal API token was sent to a route that needs a session (`token-not-allowed`).',
)
export const E429 = jsonResponse(
  'Too many requests with this personal API token (`rate-limited`): retry after the `Retry-After` seconds.',
  ApiErrorBody,
  retryAfterHeader,
)
export const E404 = errorResponse(
  "No such record of yours (deleted, someone else's, or never existed).",
)
export const E409 = errorResponse(
  'The client-chosen `id` belongs to another record (`id-conflict`): choose a new one.',
)
export const E413 = errorResponse('The request body is larger than 1 MiB.')
export const E415 = errorResponse('The body is not JSON (`unsupported-media-type`).')
export const E503 = jsonResponse(
  'The database cannot be reached for a moment, e.g. while it restarts (`unavailable`): retry after the `Retry-After` seconds.',
  ApiErrorBody,
  retryAfterHeader,
)

/** Data routes: an id token or a personal API token. */
export const security = bearerOrTokenSecurity
/** The account's own settings: a signed-in session's id token only, never a personal token. */
export const sessionOnlySecurity = bearerSecurity

/** The errors each kind of data operation can answer (every one needs a verified id token). */
const always = { 401: E401, 403: E403, 429: E429, 503: E503 }
/** What a request body can fail with. */
const bodyErrors = { 413: E413, 415: E415 }
export const listErrors = always
export const queryErrors = { 400: E400Query, ...always }
export const readErrors = { ...always, 404: E404 }
/** A write with a JSON body that names no existing record (settings, a push subscription). */
export const writeErrors = { 400: E400, ...always, ...bodyErrors }
/** A create that takes a client-chosen `id`, which can be taken (409). */
export const createErrors = { ...writeErrors, 409: E409 }
export const updateErrors = { ...writeErrors, 404: E404 }
/** DELETE takes no body, but one that is sent is still parsed (and can fail). */
export const deleteErrors = { ...updateErrors, 400: E400Body }
export const NoContent = zod.null().describe('Deleted (soft delete).')
