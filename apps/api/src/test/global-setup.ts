import { join } from 'node:path'
import { openDatabase } from '../db/client'
import { type Backend, createBackend, postgresAvailable, TEMPLATE_ENV } from './databases'

/**
 * Migrates one database of each kind before the API suites run; `createBackend` starts every
 * suite's database as a copy of it (test/databases.ts).
 */
export default async function setup() {
  const templates: Backend[] = []
  const pglite = await migrated('pglite')
  templates.push(pglite)
  process.env[TEMPLATE_ENV.pglite] = join(pglite.dataDir, 'pglite')
  if (await postgresAvailable()) {
    const postgres = await migrated('postgres')
    templates.push(postgres)
    process.env[TEMPLATE_ENV.postgres] = new URL(postgres.databaseUrl as string).pathname.slice(1)
  }
  return async () => {
    await Promise.all(templates.map((template) => template.drop()))
  }
}

async function migrated(kind: Backend['kind']): Promise<Backend> {
  const backend = await createBackend(kind, { prefix: 'kindling-template', fresh: true })
  const database = await openDatabase(backend)
  await database.close()
  return backend
}
