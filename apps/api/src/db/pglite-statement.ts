import type { PGlite, Results } from '@electric-sql/pglite'
import utils from 'pg/lib/utils.js'
import { serialize } from 'pg-protocol'
import type {
  BackendMessage,
  CommandCompleteMessage,
  DatabaseError,
  DataRowMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js'
import { Parser } from 'pg-protocol/dist/parser.js'

/** What PGlite's `query` answers, as far as drizzle reads it. */
export interface StatementResult {
  rows: unknown[]
  fields: Results['fields']
  affectedRows: number
}

/** Commands whose completion counts rows (as PGlite's `parseResults` adds them up). */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'])

/**
 * One statement on PGlite, as its `query(text, params, { rowMode })` answers it, in one pass of
 * the database and with node-postgres's parser (decision 181). PGlite's own `query` enters the
 * database five times (parse, describe, bind, describe, execute) and reads its answer with a
 * parser that copies every field into a fresh buffer: for 40 rows that was three quarters of
 * the statement's time. Here the five messages go in together, the parameters as node-postgres
 * sends them to PostgreSQL (`prepareValue`: the same text our PostgreSQL path sends, the server
 * inferring their types), and the answer is read once.
 *
 * The caller holds PGlite's locks (pglite-worker.ts); `inTransaction`: the statement is one of an
 * open transaction, whose commit writes the files (PGlite skips that per statement too).
 * Notices and notifications are not read: Kindling's PGlite has no listener (its change signals
 * are in-process calls, change-signals.ts).
 */
export async function runStatement(
  pg: PGlite,
  text: string,
  params: unknown[] = [],
  rowMode: 'array' | 'object' = 'object',
  inTransaction = false,
): Promise<StatementResult> {
  const message = Buffer.concat([
    serialize.parse({ text }),
    serialize.bind({ values: params, valueMapper: utils.prepareValue }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ])
  const chunks: Buffer[] = []
  await pg.execProtocolRawStream(message, {
    syncToFs: !inTransaction,
    // A view of the database's memory, which its next write reuses: copied.
    onRawData: (data) => chunks.push(Buffer.from(data)),
  })

  const result: StatementResult = { rows: [], fields: [], affectedRows: 0 }
  let error: Error | undefined
  new Parser().parse(Buffer.concat(chunks), (answer: BackendMessage) => {
    switch (answer.name) {
      case 'rowDescription':
        result.fields = (answer as RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
          name,
          dataTypeID,
        }))
        break
      case 'dataRow':
        result.rows.push(rowOf(pg, result.fields, (answer as DataRowMessage).fields, rowMode))
        break
      case 'commandComplete': {
        const words = (answer as CommandCompleteMessage).text.split(' ')
        const count = Number.parseInt(words.at(-1) ?? '', 10)
        if (COUNTED.has(words[0] ?? '') && !Number.isNaN(count)) result.affectedRows += count
        break
      }
      case 'error':
        error ??= answer as DatabaseError
        break
    }
  })
  if (error) throw error
  return result
}

/** A data row's values through PGlite's parsers (drizzle's set once: pglite-parsers.ts). */
function rowOf(
  pg: PGlite,
  fields: Results['fields'],
  values: (string | null)[],
  rowMode: 'array' | 'object',
): unknown {
  const parsed = values.map((value, i) => {
    if (value === null) return null
    const type = fields[i]?.dataTypeID ?? 0
    const parser = pg.parsers[type]
    return parser ? parser(value, type) : value
  })
  if (rowMode === 'array') return parsed
  const row: Record<string, unknown> = {}
  fields.forEach((field, i) => {
    row[field.name] = parsed[i]
  })
  return row
}
