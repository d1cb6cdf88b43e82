import { z } from 'zod'

// In a browser the app runs under a Content-Security-Policy without 'unsafe-eval': zod must not
// compile its fast paths with `new Function`, nor even probe for it (the caught probe is still
// reported as a policy violation). The server keeps the faster compiled checks.
if ('document' in globalThis) z.config({ jitless: true })

/** Opaque record id (UUID on our server; 'temp-id' only lives in the client cache). */
export const Id = z.string().min(1).max(100)

/**
 * The id a client may choose for a record it creates (a UUID, e.g. v7 made on the device), so
 * that sending the same create twice stores it once. Without it the server picks one.
 */
export const ClientId = z
  .uuid('Id must be a UUID.')
  // The nil and max UUIDs are no device's random id: the first account to claim one would
  // keep every other from using it.
  .refine((id) => !/^(0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i.test(id), {
    message: 'Id must be a random UUID, not the nil or max one.',
  })
  .optional()
  .describe(
    'Optional id made by the client (a UUID). Sending the same create again with this id stores nothing new and answers the stored record.',
  )

/** An instant as an ISO 8601 string with offset, e.g. `2026-11-23T07:30:00.000Z`. */
/** The earliest day stored (a day into year 1: PostgreSQL takes no year 0000 text). */
export const EARLIEST_DAY = '0001-01-02'
const EARLIEST_INSTANT = Date.parse(`${EARLIEST_DAY}T00:00:00Z`)

export const IsoDateTime = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) >= EARLIEST_INSTANT, 'Must be a date from the year 1 on.')

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30), from the earliest instant's day on. */
export const CalendarDay = z.iso
  .date()
  .refine((value) => value >= EARLIEST_DAY, 'Must be a date from the year 1 on.')

export const HexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Color must be a hex colour like #ff8800')
  .transform((value) => value.toLowerCase())

/**
 * A place in the user's own order (issue 49): a fractional index key (base 62 digits), compared
 * code unit by code unit; null before the record is first moved.
 */
export const OrderPosition = z
  .string()
  .regex(/^[0-9A-Za-z]{1,100}$/, 'Must be an order key (letters and digits).')
  .nullable()
  .describe('Place in your own order: a fractional index key, or null (none given yet).')

export const Visibility = z.enum(['public', 'private'])
export type Visibility = z.infer<typeof Visibility>

export const Cadence = z.enum(['Daily', 'Weekly', 'Monthly'])
export type Cadence = z.infer<typeof Cadence>

export const GoalFilter = z.enum(['all', 'daily', 'weekly', 'monthly', 'unscheduled'])
export type GoalFilter = z.infer<typeof GoalFilter>

export const TaskStatus = z.enum(['TODO', 'DONE'])
export type TaskStatus = z.infer<typeof TaskStatus>

/** Fields the server stamps on every record; clients' values for them are ignored. */
export const RecordStamp = {
  id: Id,
  author: z.string(),
  createdAt: IsoDateTime,
  deletedAt: IsoDateTime.nullable(),
}

/** The one error body of the API: `{ error: { code, message, fields?, reasons? } }`. */
export const ApiError = z.object({
  error: z.object({
    code: z
      .string()
      .describe('Stable and in English, e.g. `validation-failed`: what a client branches on.'),
    message: z
      .string()
      .describe('For a person, in the language the request asks for (Accept-Language).'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Each failing field by its dotted path (`name`, `attributes.<id>`) with its problem, for a person (Accept-Language).',
      ),
    reasons: z
      .record(
        z.string(),
        z.object({
          code: z.string().describe('`not-an-activity` or `not-an-attribute`.'),
          ids: z
            .array(z.string())
            .optional()
            .describe('The records it names: the ids of `activities` that are not yours.'),
        }),
      )
      .optional()
      .describe(
        "For the field problems a client can act on, a stable code by field (as `fields` names it): `not-an-activity` for `activityId`, or `activities` with the `ids` that are not (or no longer) your live activities; `not-an-attribute` for `attributes.<id>`, an attribute that is not (or no longer) one of the activity's. A client that wrote offline sends its change again without those.",
      ),
  }),
})
export type ApiError = z.infer<typeof ApiError>

/** Trims a string and bounds its length; `label` names the field in messages. */
export function trimmedText(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be ${max} characters or less.`)
}
