import type { PGlite } from '@electric-sql/pglite'
import { types } from '@electric-sql/pglite'

const asText = (value: string) => value

/**
 * The parsers drizzle's PGlite driver (drizzle-orm/pglite/session.js) passes with every
 * statement: dates, times and intervals (and their arrays, and numeric[]) stay PostgreSQL's text,
 * which drizzle's columns then map.
 */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
} as const

/**
 * Gives `client` drizzle's parsers once, for every statement. After create: PGlite's start sets
 * a parser for every array type, over any given at create (`_initArrayTypes`). Drizzle's driver
 * also passes them with every statement, for which PGlite copies its whole parser table (a third
 * of a small read's CPU): the thread PGlite runs on drops those (pglite-thread.ts, decision 167).
 */
export function setDrizzleParsers(client: PGlite): void {
  Object.assign(client.parsers, DRIZZLE_PARSERS)
}
