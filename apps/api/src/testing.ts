/*
 * What the API package offers tools outside it (the bench): fresh databases to run a server on,
 * the database client and schema to seed one, and real export files of other trackers to import.
 * Imported as `@kindling/api/testing`; nothing of the server's own code depends on it.
 */

export { sql } from 'drizzle-orm'
export { buildApp } from './app'
export { loadConfig } from './config'
export { openDatabase } from './db/client'
export { setDrizzleParsers } from './db/pglite-parsers'
export { startPgliteThread } from './db/pglite-thread'
export { events } from './db/schema'
export type { Backend, BackendKind } from './test/databases'
export { createBackend } from './test/databases'
export type { FixtureHabit } from './test/import-fixtures'
export { buildLoopBackup } from './test/import-fixtures'
