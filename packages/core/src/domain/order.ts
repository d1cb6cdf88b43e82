/**
 * Orders of strings. Dates, instants and ids compare code unit by code unit, as the database
 * orders them; only names people read need a locale's collation, whose data costs a phone tens
 * of milliseconds to load, so it is loaded the first time two names are compared (issue 19).
 */

/** ISO days and instants, ids, "HH:MM" times: code unit order (the database's). */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

let collator: Intl.Collator | undefined

/** Names as people read them ("apple" before "Banana" before "éclair"). */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('en')
  return collator.compare(a, b)
}
