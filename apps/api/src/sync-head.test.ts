import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SyncChanges } from '@kindling/core'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from './db/client'
import {
  caller,
  signUp,
  startApp,
  startTestServer,
  stopTestServer,
  type TestServer,
  type TestUser,
  testBackends,
} from './test/harness'
import { buildLoopBackup } from './test/import-fixtures'

const WINDOW = 'eventsFrom=2026-11-01T00:00:00.000Z'
const EMPTY = { activities: [], attributes: [], groups: [], goals: [], events: [], breaks: [] }

/**
 * Issue 55's warm delta (decision 155): a read whose cursor is the author's latest change number
 * answers from `change_heads` alone, so that number must move with every write that reaches the
 * feed, whatever path it takes, and on every node.
 */
describe.each(await testBackends())('the change head on $kind', ({ kind, skip }) => {
  let server: TestServer
  const call = caller(() => server.app)
  const changes = async (user: TestUser, query = '', app = server.app) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/sync/changes${query}`,
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as SyncChanges
  }
  /** Every page after `after`; the records of all pages and the final cursor. */
  const drain = async (user: TestUser, after: string) => {
    const pages: SyncChanges[] = []
    let cursor = after
    for (;;) {
      const page = await changes(user, `?limit=1000&after=${cursor}`)
      pages.push(page)
      cursor = page.cursor
      if (!page.more) return { pages, cursor }
    }
  }
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    rowsOf<T>(await server.app.database.db.execute(statement))
  /** The head row, and the greatest number of the six tables as the feed used to compute it. */
  const heads = async (uid: string) => {
    const tables = ['activities', 'attributes', 'groups', 'goals', 'events', 'breaks'].map(
      (table) => sql`(select max(seq) from ${sql.identifier(table)} where author = ${uid})`,
    )
    const [row] = await query<{ head: string | null; greatest: string | null }>(sql`
      select (select seq from change_heads where author = ${uid}) as head,
        greatest(${sql.join(tables, sql`, `)}) as greatest`)
    return { head: Number(row?.head ?? 0), greatest: Number(row?.greatest ?? 0) }
  }

  beforeAll(async () => {
    if (skip) return
    server = await startTestServer(kind)
  })
  afterAll(async () => {
    await stopTestServer(server ?? {})
  })

  it.skipIf(skip)('answers a read at the latest cursor exactly as before', async () => {
    const frank = await signUp(server.app, server.smtp, `head-frank-${kind}@example.com`)
    // A new account: nothing at all, no history.
    expect(await changes(frank)).toEqual({ ...EMPTY, cursor: '0', more: false })
    expect(await changes(frank, `?${WINDOW}`)).toEqual({
      ...EMPTY,
      cursor: '0',
      more: false,
      olderEvents: false,
    })

    const habit = (await call(frank, 'POST', '/api/activities', { name: 'Read' })).json()
    for (const eventDate of ['2020-03-01T08:00:00.000Z', '2026-11-20T08:00:00.000Z']) {
      await call(frank, 'POST', '/api/events', { activityId: habit.id, eventDate })
    }
    const first = await changes(frank, `?${WINDOW}`)
    expect(first).toMatchObject({ more: false, olderEvents: true })
    expect(first.events).toHaveLength(1)
    expect(Number(first.cursor)).toBe((await heads(habit.author)).greatest)

    // Nothing new: the same answer the six-table read gave.
    expect(await changes(frank, `?after=${first.cursor}&${WINDOW}`)).toEqual({
      ...EMPTY,
      cursor: first.cursor,
      more: false,
      olderEvents: true,
      olderEventsChanged: false,
    })
    expect(await changes(frank, `?after=${first.cursor}`)).toEqual({
      ...EMPTY,
      cursor: first.cursor,
      more: false,
    })
    // A cursor past the latest (another server's) is answered as it was: itself, nothing new.
    const ahead = String(Number(first.cursor) + 5)
    expect(await changes(frank, `?after=${ahead}`)).toEqual({
      ...EMPTY,
      cursor: ahead,
      more: false,
    })
    // Its old event deleted, the quiet read says there is no history any more.
    const old = (await changes(frank, '?limit=1000')).events.find((event) =>
      event.eventDate.startsWith('2020'),
    )
    expect((await call(frank, 'DELETE', `/api/events/${old?.id}`)).statusCode).toBe(204)
    const { cursor } = await drain(frank, first.cursor)
    expect(await changes(frank, `?after=${cursor}&${WINDOW}`)).toMatchObject({
      events: [],
      cursor,
      olderEvents: false,
    })
  })

  it.skipIf(skip)('moves with every write that reaches the feed, whatever its path', async () => {
    const gina = await signUp(server.app, server.smtp, `head-gina-${kind}@example.com`)
    const habit = (await call(gina, 'POST', '/api/activities', { name: 'Walk' })).json()
    let cursor = (await changes(gina)).cursor
    /** Runs `write`, then reads from the last cursor: `write` must have moved the head. */
    const moved = async (label: string, write: () => Promise<unknown>) => {
      await write()
      const { head, greatest } = await heads(habit.author)
      expect(head, label).toBe(greatest)
      expect(head, label).toBeGreaterThan(Number(cursor))
      const read = await drain(gina, cursor)
      expect(read.cursor, label).toBe(String(head))
      expect(await changes(gina, `?after=${read.cursor}`), label).toEqual({
        ...EMPTY,
        cursor: read.cursor,
        more: false,
      })
      cursor = read.cursor
      return read.pages
    }
    const records = (pages: SyncChanges[], table: keyof typeof EMPTY) =>
      pages.flatMap((page) => page[table] as { id: string; deletedAt: string | null }[])

    // Creates and edits of every kind of record (the row trigger numbers them).
    const made: Record<string, string> = {}
    await moved('creates', async () => {
      made.attribute = (
        await call(gina, 'POST', '/api/attributes', {
          activityId: habit.id,
          type: 'number',
          name: 'Km',
        })
      ).json().id
      made.goal = (
        await call(gina, 'POST', '/api/goals', { activityId: habit.id, cadence: 'Daily' })
      ).json().id
      made.group = (
        await call(gina, 'POST', '/api/groups', { name: 'Out', activities: [habit.id] })
      ).json().id
      made.break = (
        await call(gina, 'POST', '/api/breaks', { from: '2026-12-01', to: '2026-12-03' })
      ).json().id
      for (const day of [20, 21, 22]) {
        await call(gina, 'POST', '/api/events', {
          activityId: habit.id,
          eventDate: `2026-11-${day}T08:00:00.000Z`,
        })
      }
    })
    const edited = await moved('an edit', () =>
      call(gina, 'PUT', `/api/activities/${habit.id}`, { name: 'Long walk' }),
    )
    expect(records(edited, 'activities').map((record) => record.id)).toEqual([habit.id])

    // An import numbers its events itself (migration 0006), not through the row trigger.
    const backup = await buildLoopBackup(25, [
      {
        name: 'Imported',
        repetitions: ['2019-01-01', '2019-01-02', '2019-01-03'].map((day) => ({ day, value: 2 })),
      },
    ])
    const imported = await moved('an import', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: {
          authorization: `Bearer ${gina.token}`,
          'content-type': 'application/octet-stream',
        },
        payload: Buffer.from(backup),
      })
      expect(response.statusCode, response.body).toBe(200)
    })
    expect(records(imported, 'events')).toHaveLength(3)

    // One statement renumbering many rows (the row trigger on each).
    await moved('a bulk update', () =>
      server.app.database.db.execute(
        sql`update events set attributes = attributes where author = ${habit.author}`,
      ),
    )

    // A habit's delete takes its attributes with it and out of its group, in other statements.
    const cascade = await moved('a cascade', () =>
      call(gina, 'DELETE', `/api/activities/${habit.id}`),
    )
    expect(records(cascade, 'activities').map((record) => record.deletedAt === null)).toEqual([
      false,
    ])
    expect(records(cascade, 'attributes').map((record) => record.id)).toEqual([made.attribute])
    expect(records(cascade, 'attributes')[0]?.deletedAt).not.toBeNull()
    expect(records(cascade, 'groups').map((record) => record.id)).toEqual([made.group])

    // A write rolled back leaves it where it was.
    const before = await heads(habit.author)
    await expect(
      server.app.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update breaks set note = 'gone' where author = ${habit.author} and id = ${made.break}`,
        )
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await heads(habit.author)).toEqual(before)
    expect(await changes(gina, `?after=${cursor}`)).toMatchObject({ ...EMPTY, cursor })
  })

  it.skipIf(skip || kind !== 'postgres')('sees a write made on another node', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kindling-head-'))
    const other = await startApp(
      { dataDir, databaseUrl: server.backend.databaseUrl },
      server.smtp.url,
    )
    try {
      const hana = await signUp(server.app, server.smtp, `head-hana-${kind}@example.com`)
      const habit = (await call(hana, 'POST', '/api/activities', { name: 'Swim' })).json()
      const { cursor } = await changes(hana)
      expect(await changes(hana, `?after=${cursor}`, other)).toMatchObject({ ...EMPTY, cursor })
      const event = await other.inject({
        method: 'POST',
        url: '/api/events',
        headers: { authorization: `Bearer ${hana.token}` },
        payload: { activityId: habit.id, eventDate: '2026-11-20T08:00:00.000Z' },
      })
      expect(event.statusCode).toBe(201)
      const read = await changes(hana, `?after=${cursor}`)
      expect(read.events.map((item) => item.id)).toEqual([event.json().id])
      expect(await changes(hana, `?after=${read.cursor}`, other)).toEqual({
        ...EMPTY,
        cursor: read.cursor,
        more: false,
      })
    } finally {
      await other.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
