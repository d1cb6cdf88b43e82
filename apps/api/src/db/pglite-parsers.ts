import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite'
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
 * a parser for every array type, over any given at create (`_initArrayTypes`).
 */
export function setDrizzleParsers(client: PGlite): void {
  Object.assign(client.parsers, DRIZZLE_PARSERS)
}

/** The part of a PGlite client that drizzle's PGlite driver calls. */
export interface DrizzlePgliteClient {
  query: PGlite['query']
  transaction: PGlite['transaction']
}

type Queryable = Pick<PGlite | Transaction, 'query'>

function query(client: Queryable): PGlite['query'] {
  return ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return client.query(text, params, options)
    const { parsers: _parsers, ...rest } = options
    return client.query(text, params, rest)
  }) as PGlite['query']
}

/**
 * `client` for drizzle, less the parsers drizzle passes with each statement: PGlite copies its
 * whole parser table for every statement given parsers (`{...instance, ...statement}` in
 * parseResults), a third of a small read's CPU (decision 167). `client` must have drizzle's
 * parsers (setDrizzleParsers), so that rows come back as drizzle expects.
 */
export function withoutStatementParsers(client: PGlite): DrizzlePgliteClient {
  return {
    query: query(client),
    transaction: ((fn: (tx: Transaction) => Promise<unknown>) =>
      client.transaction((tx) =>
        fn(
          new Proxy(tx, {
            get: (target, key) => (key === 'query' ? query(target) : Reflect.get(target, key)),
          }),
        ),
      )) as PGlite['transaction'],
  }
}
