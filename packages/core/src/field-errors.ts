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

// The refusals a device salvages a change from (decision 115): their wording is shared by the
// server that writes them and the app that reads them, and kept apart from the schemas, so the
// app's first screen reads them without zod.

/**
 * The field error of an event value whose attribute is not (or no longer) one of its activity's:
 * a client that logged it before another device deleted the attribute can send the rest again.
 */
export const NOT_AN_ATTRIBUTE = 'Not an attribute of this activity.'

/**
 * The `activities` field error of a group write listing activities that are not (or no longer)
 * the caller's live ones. It names their ids: a client that listed one before another device
 * deleted it can send the rest again.
 */
export function describeMissingActivities(ids: readonly string[]): string {
  return `Not an activity of yours: ${ids.join(', ')}`
}
