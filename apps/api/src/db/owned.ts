import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** The columns of a table whose rows belong to one user and are deleted softly. */
export interface OwnedColumns {
  author: PgColumn
  deletedAt: PgColumn
}

/** A user's id, or the placeholder that binds it when a prepared statement runs. */
export type Author = string | Placeholder

/** The caller's rows that are not deleted: what every read of a user's own records starts from. */
export function liveRowsOf(table: OwnedColumns, uid: Author): SQL {
  return sql`(${table.author} = ${uid} and ${table.deletedAt} is null)`
}

/**
 * Takes the author's write lock until the transaction ends: the lock migration 0003's trigger
 * takes on every insert and update of the author's records (the change feed's order). A write
 * transaction takes it first, before any row lock, so that all of one author's writes take
 * their locks in one order (this lock, then rows) and cannot deadlock each other, and so that
 * what it checks before writing (a habit's reminder count, which activities are live) still
 * holds when it commits (decision 108).
 */
export async function lockAuthorsWrites(
  tx: { execute: (query: SQL) => PromiseLike<unknown> },
  uid: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('kindling:changes'), hashtext(${uid}))`,
  )
}
