/** One problem of a failed parse: where (the path into the input) and why. */
export interface FieldIssue {
  path: readonly PropertyKey[]
  message: string
}

export interface FieldErrorOptions {
  /** Put before every path, e.g. `target` for a nested input. */
  prefix?: string
  /** Keep only this many leading path segments (a form names its top-level fields). */
  depth?: number
  /** The name of an issue with no path (the input as a whole). */
  whole?: string
}

/**
 * Parse issues as field errors: each dotted path (`name`, `schedule.dayOfMonth`,
 * `attributes.<id>`) with its first message. The one reading of validation failures, shared by
 * the server's 400 answers and the app's forms, so both name a field the same way.
 */
export function toFieldErrors(
  issues: readonly FieldIssue[],
  { prefix = '', depth, whole = 'body' }: FieldErrorOptions = {},
): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const segments = issue.path.slice(0, depth).map(String)
    const path = [prefix, ...segments].filter(Boolean).join('.') || whole
    fields[path] ??= issue.message
  }
  return fields
}

// The refusals a device salvages a change from (decision 115): the server names each in the
// error body's `reasons` by a stable code (decision 162), since its `fields` say it in the
// request's language. Kept apart from the schemas, so the app's first screen reads them without
// zod.

/**
 * The field error of an event value whose attribute is not (or no longer) one of its activity's:
 * a client that logged it before another device deleted the attribute can send the rest again.
 * Its reason's code is `not-an-attribute`.
 */
export const NOT_AN_ATTRIBUTE = 'Not an attribute of this activity.'

/**
 * The stable codes of `reasons` in an error body (`{ error: { code, message, fields, reasons } }`):
 * what a client acts on, by field, whatever language the messages are in.
 * - `not-an-activity`: `activityId`, or `activities` with the `ids` listed that are not (or no
 *   longer) the caller's live activities.
 * - `not-an-attribute`: `attributes.<id>`, a value of an attribute that is not (or no longer)
 *   one of the event's activity's.
 */
export const FIELD_REASON = {
  notAnActivity: 'not-an-activity',
  notAnAttribute: 'not-an-attribute',
} as const

/** A field's reason in an error body: its stable code and the records it names, if any. */
export interface FieldReason {
  code: string
  ids?: string[]
}
