import { events as eventsTable, openDatabase } from '@kindling/api/testing'
import { sql } from 'drizzle-orm'
import type { User } from './client'
import {
  activitySpecs,
  attributeSpecs,
  type EventSpec,
  GOALS,
  GROUPS,
  generateEvents,
} from './generator'
import type { ApiServer } from './server'
import { log } from './util'

export interface Seeded {
  user: User
  uid: string
  years: number
  activityIds: string[]
  attributeIds: string[]
  eventCount: number
}

interface Rec {
  id: string
  author: string
}

/** Activities, attributes, groups and goals through the API (about 80 calls). */
export async function seedStructure(user: User): Promise<Omit<Seeded, 'years' | 'eventCount'>> {
  const activityIds: string[] = []
  let uid = ''
  for (const spec of activitySpecs()) {
    const created = await user.api<Rec>('POST', '/api/activities', {
      name: spec.name,
      schedule: spec.schedule,
      description: `Bench habit ${spec.name}`,
    })
    activityIds.push(created.id)
    uid = created.author
  }
  const attributeIds: string[] = []
  for (const spec of attributeSpecs()) {
    const created = await user.api<Rec>('POST', '/api/attributes', {
      ...spec.body,
      activityId: activityIds[spec.activity],
    })
    attributeIds.push(created.id)
  }
  for (const [g, name] of GROUPS.entries()) {
    const members = activitySpecs()
      .map((spec, i) => (spec.group === g ? activityIds[i] : undefined))
      .filter((id): id is string => id !== undefined)
    await user.api('POST', '/api/groups', { name, activities: members })
  }
  for (const goal of GOALS) {
    await user.api('POST', '/api/goals', {
      activityId: activityIds[goal.activity],
      cadence: goal.cadence,
    })
  }
  return { user, uid, activityIds, attributeIds }
}

/**
 * Bulk insert of generated events straight through the API's own Drizzle schema and database
 * module (apps/api/src/db), with the server stopped (PGlite is one process per directory).
 */
export async function insertEvents(
  server: ApiServer,
  batches: { uid: string; activityIds: string[]; attributeIds: string[]; events: EventSpec[] }[],
): Promise<void> {
  const handle = await openDatabase({
    dataDir: server.backend.dataDir,
    databaseUrl: server.backend.databaseUrl,
  })
  try {
    for (const batch of batches) {
      const started = Date.now()
      const rows = batch.events.map((event) => ({
        id: event.id,
        author: batch.uid,
        activityId: batch.activityIds[event.activity] as string,
        eventDate: event.eventDate,
        createdAt: event.createdAt,
        attributes: Object.fromEntries(
          Object.entries(event.values).map(([index, value]) => [
            batch.attributeIds[Number(index)],
            value,
          ]),
        ),
      }))
      const chunk = 2000
      for (let i = 0; i < rows.length; i += chunk) {
        await handle.db.insert(eventsTable).values(rows.slice(i, i + chunk))
      }
      log(`  inserted ${rows.length} events in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    }
    // PostgreSQL's autovacuum would analyze a table after such a bulk load; PGlite has no
    // autovacuum, and we leave it as a real embedded install would be.
    if (server.backend.kind === 'postgres') await handle.db.execute(sql`vacuum analyze events`)
  } finally {
    await handle.close()
  }
}

/** Users with `years` of history each: structure through the API, events in bulk. */
export async function seedUsers(
  server: ApiServer,
  users: { user: User; years: number; seed: number }[],
  endDay: Date,
): Promise<Seeded[]> {
  const seeded: Seeded[] = []
  const batches: Parameters<typeof insertEvents>[1] = []
  for (const { user, years, seed } of users) {
    const structure = await seedStructure(user)
    const events = generateEvents({ seed, years, endDay })
    batches.push({ ...structure, events })
    seeded.push({ ...structure, years, eventCount: events.length })
  }
  await server.stop()
  await insertEvents(server, batches)
  await server.start()
  return seeded
}
