import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** The columns of a table whose rows belong to one user and are deleted softly. */
export interface OwnedColumns {
  author: PgColumn
  deletedAt: PgColumn
}

/** The caller's rows that are not deleted: what every read of a user's own records starts from. */
export function liveRowsOf(table: OwnedColumns, uid: string): SQL {
  return sql`(${table.author} = ${uid} and ${table.deletedAt} is null)`
}
