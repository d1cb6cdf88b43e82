import type { SyncChanges, SyncHistory } from '@kindling/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  caller,
  signUp,
  startTestServer,
  stopTestServer,
  type TestServer,
  type TestUser,
  testBackends,
} from './test/harness'
import { buildLoopBackup } from './test/import-fixtures'

describe.each(await testBackends())('sync API on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']
  let alice: TestUser
  let bob: TestUser

  const call = caller(() => app)
  const changes = async (user: TestUser, query = '') => {
    const response = await call(user, 'GET', `/api/sync/changes${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as SyncChanges
  }
  /** Every change after `after`, page by page, and the final cursor. */
  const drain = async (user: TestUser, after?: string, limit = 1000) => {
    const pages: SyncChanges[] = []
    let cursor = after
    for (;;) {
      const page = await changes(
        user,
        `?limit=${limit}${cursor === undefined ? '' : `&after=${cursor}`}`,
      )
      pages.push(page)
      cursor = page.cursor
      if (!page.more) return { pages, cursor }
    }
  }

  /**
   * A reader of `user`'s feed from where it stands now: `write(...)` posts an event and then
   * pulls once more, as a device would, while other writers go on; `seen()` drains the rest and
   * answers every event id read.
   */
  const feedReader = async (user: TestUser) => {
    let cursor = (await changes(user)).cursor
    const seen = new Set<string>()
    let reading = Promise.resolve()
    const readOnce = async () => {
      const page = await changes(user, `?after=${cursor}`)
      for (const event of page.events) seen.add(event.id)
      cursor = page.cursor
    }
    return {
      write: async (activityId: string, eventDate: string) => {
        await call(user, 'POST', '/api/events', { activityId, eventDate })
        reading = reading.then(readOnce)
      },
      seen: async () => {
        await reading
        for (const event of (await drain(user, cursor)).pages.flatMap((page) => page.events)) {
          seen.add(event.id)
        }
        return seen
      },
    }
  }

  beforeAll(async () => {
    if (skip) return
    ;({ smtp, backend, app } = await startTestServer(kind))
    ;[alice, bob] = await Promise.all([
      signUp(app, smtp, `sync-alice-${kind}@example.com`),
      signUp(app, smtp, `sync-bob-${kind}@example.com`),
    ])
  })

  afterAll(async () => {
    if (skip) return
    await stopTestServer({ smtp, backend, app })
  })

  describe.skipIf(skip)('creates with device-made ids', () => {
    it('stores a create sent twice once and answers the stored record both times', async () => {
      const id = '01938f6e-8c1a-7b2e-9f00-0a1b2c3d4e5f'
      const first = await call(alice, 'POST', '/api/activities', { id, name: 'Read' })
      expect(first.statusCode).toBe(201)
      const again = await call(alice, 'POST', '/api/activities', { id, name: 'Read' })
      expect(again.statusCode).toBe(201)
      expect(again.json()).toEqual(first.json())
      const eventId = '01938f6e-8c1a-7b2e-9f00-0a1b2c3d4e60'
      const event = { id: eventId, activityId: id, eventDate: '2026-11-20T08:00:00.000Z' }
      expect((await call(alice, 'POST', '/api/events', event)).statusCode).toBe(201)
      expect((await call(alice, 'POST', '/api/events', event)).statusCode).toBe(201)
      const list = await call(alice, 'GET', `/api/events?activityId=${id}`)
      expect(list.json()).toHaveLength(1)
      const counts = await call(alice, 'GET', '/api/events/counts/activity')
      expect(counts.json()).toEqual([expect.objectContaining({ activityId: id, count: 1 })])
    })

    it("refuses an id that is someone else's record with 409, revealing nothing", async () => {
      const id = '01938f6e-8c1a-7b2e-9f00-0a1b2c3d4e5f'
      const response = await call(bob, 'POST', '/api/activities', { id, name: 'Mine now' })
      expect(response.statusCode).toBe(409)
      expect(response.json().error.code).toBe('id-conflict')
      expect(response.body).not.toContain('Read')
      expect((await call(bob, 'GET', '/api/activities')).json()).toEqual([])
    })

    it("answers an id of someone else's record the same whether it is live or deleted (decision 114)", async () => {
      const live = crypto.randomUUID()
      const deleted = crypto.randomUUID()
      for (const id of [live, deleted]) {
        expect((await call(alice, 'POST', '/api/groups', { id, name: 'Hers' })).statusCode).toBe(
          201,
        )
      }
      expect((await call(alice, 'DELETE', `/api/groups/${deleted}`)).statusCode).toBe(204)
      const answers = await Promise.all(
        [live, deleted].map((id) => call(bob, 'POST', '/api/groups', { id, name: 'His' })),
      )
      for (const answer of answers) expect(answer.statusCode).toBe(409)
      expect(answers[0]?.json()).toEqual(answers[1]?.json())
      expect(answers[0]?.body).not.toMatch(/Hers|another user|someone/i)
    })

    it('refuses an id that is not a UUID', async () => {
      const response = await call(bob, 'POST', '/api/goals', { id: 'x', cadence: 'Daily' })
      expect(response.statusCode).toBe(400)
      expect(response.json().error.fields.id).toBe('Id must be a UUID.')
    })
  })

  describe.skipIf(skip)('change feed', () => {
    it('starts empty for a new user and gives a cursor that answers nothing new', async () => {
      const first = await changes(bob)
      expect(first).toMatchObject({ activities: [], events: [], more: false })
      const again = await call(bob, 'GET', `/api/sync/changes?after=${first.cursor}`)
      expect(again.json()).toMatchObject({ activities: [], cursor: first.cursor, more: false })
      expect(again.body.length).toBeLessThan(1024)
    })

    it('pages every change once, in order, then only what changed, tombstones included', async () => {
      const activity = (await call(bob, 'POST', '/api/activities', { name: 'Run' })).json()
      for (let day = 1; day <= 25; day += 1) {
        const eventDate = `2026-10-${String(day).padStart(2, '0')}T07:00:00.000Z`
        await call(bob, 'POST', '/api/events', { activityId: activity.id, eventDate })
      }
      const group = (
        await call(bob, 'POST', '/api/groups', { name: 'Body', activities: [activity.id] })
      ).json()
      const { pages, cursor } = await drain(bob, undefined, 7)
      expect(pages).toHaveLength(4)
      const all = pages.flatMap((page) => page.events.map((event) => event.id))
      expect(new Set(all).size).toBe(25)
      expect(pages.flatMap((page) => page.groups).map((g) => g.id)).toEqual([group.id])

      const removed = (
        await call(bob, 'GET', `/api/events?activityId=${activity.id}&limit=1`)
      ).json()[0]
      await call(bob, 'DELETE', `/api/events/${removed.id}`)
      await call(bob, 'PUT', `/api/activities/${activity.id}`, { name: 'Run far' })
      const delta = await changes(bob, `?after=${cursor}`)
      expect(delta.activities.map((a) => a.name)).toEqual(['Run far'])
      expect(delta.events).toEqual([expect.objectContaining({ id: removed.id })])
      expect(delta.events[0]?.deletedAt).not.toBeNull()
      expect(delta.more).toBe(false)

      // A first sync leaves the deleted event out; eventsFrom leaves out the older ones.
      const fresh = await drain(bob)
      expect(fresh.pages.flatMap((page) => page.events)).toHaveLength(24)
      const recent = await changes(bob, '?eventsFrom=2026-10-20T00:00:00.000Z')
      expect(recent.events.map((event) => event.eventDate).sort()[0]).toBe(
        '2026-10-20T07:00:00.000Z',
      )
    })

    it("ends a first sync's cursor past what it left out, so the next pull brings nothing", async () => {
      const carol = await signUp(app, smtp, `sync-carol-${kind}@example.com`)
      const activity = (await call(carol, 'POST', '/api/activities', { name: 'Walk' })).json()
      const post = async (eventDate: string) =>
        (await call(carol, 'POST', '/api/events', { activityId: activity.id, eventDate })).json()
      await post('2026-11-20T08:00:00.000Z')
      // Changed after everything the first sync sends: one dated before its window, one deleted.
      await post('2025-01-05T08:00:00.000Z')
      const removed = await post('2026-11-21T08:00:00.000Z')
      await call(carol, 'DELETE', `/api/events/${removed.id}`)

      for (const limit of [1, 1000]) {
        let first = await changes(carol, `?limit=${limit}&eventsFrom=2026-11-01T00:00:00.000Z`)
        const sent = [...first.events]
        // Whether there is a history to fetch is said once, on the last page.
        if (first.more) expect(first.olderEvents).toBeUndefined()
        while (first.more) {
          first = await changes(
            carol,
            `?limit=${limit}&after=${first.cursor}&eventsFrom=2026-11-01T00:00:00.000Z`,
          )
          sent.push(...first.events)
        }
        // Later pages of a first sync may carry the deletion; never the old event.
        const live = sent.filter((event) => event.deletedAt === null)
        expect(live.map((event) => event.eventDate)).toEqual(['2026-11-20T08:00:00.000Z'])
        expect(first.olderEvents).toBe(true)
        const next = await changes(carol, `?after=${first.cursor}`)
        expect(next).toMatchObject({ activities: [], events: [], more: false })
        expect(next.olderEvents).toBeUndefined()
      }
      const before = await changes(carol, '?eventsFrom=2024-01-01T00:00:00.000Z')
      expect(before.olderEvents).toBe(false)
      // What changes later still comes, the old and the deleted alike.
      const cursor = (await changes(carol, '?eventsFrom=2026-11-01T00:00:00.000Z')).cursor
      const old = await post('2024-06-01T08:00:00.000Z')
      expect((await changes(carol, `?after=${cursor}`)).events.map((e) => e.id)).toEqual([old.id])
    })

    it('leaves old events added later (an import) out of a later read with eventsFrom, and says so', async () => {
      const dave = await signUp(app, smtp, `sync-dave-${kind}@example.com`)
      const activity = (await call(dave, 'POST', '/api/activities', { name: 'Swim' })).json()
      const post = async (eventDate: string) =>
        (await call(dave, 'POST', '/api/events', { activityId: activity.id, eventDate })).json()
      const window = 'eventsFrom=2026-11-01T00:00:00.000Z'
      const recent = await post('2026-11-10T08:00:00.000Z')
      const edited = await post('2026-11-11T08:00:00.000Z')
      const first = await changes(dave, `?${window}`)
      expect(first.more).toBe(false)

      // Years of history come in; one recent event is moved back before the window.
      for (const day of ['2019-05-01', '2019-05-02', '2020-01-01'])
        await post(`${day}T08:00:00.000Z`)
      const moved = { activityId: activity.id, eventDate: '2024-02-02T08:00:00.000Z' }
      expect((await call(dave, 'PUT', `/api/events/${edited.id}`, moved)).statusCode).toBe(200)
      const added = await post('2026-11-12T08:00:00.000Z')

      // Page by page, as a device reads: the added old events never come, but are told of.
      let page = await changes(dave, `?after=${first.cursor}&limit=1&${window}`)
      const sent = [...page.events]
      let told = page.olderEventsChanged === true
      while (page.more) {
        page = await changes(dave, `?after=${page.cursor}&limit=1&${window}`)
        sent.push(...page.events)
        told ||= page.olderEventsChanged === true
      }
      expect(told).toBe(true)
      // The moved event comes (a device holds its earlier version), and the new recent one.
      expect(sent.map((event) => event.id).sort()).toEqual([edited.id, added.id].sort())
      expect(sent.find((event) => event.id === recent.id)).toBeUndefined()

      const quiet = await changes(dave, `?after=${page.cursor}&${window}`)
      expect(quiet).toMatchObject({ events: [], more: false, olderEventsChanged: false })
      // Without eventsFrom every change still comes.
      const all = await changes(dave, `?after=${first.cursor}`)
      expect(all.events).toHaveLength(5)
      expect(all.olderEventsChanged).toBeUndefined()
    })

    it("never shows one user's changes to another", async () => {
      const { pages } = await drain(alice)
      const names = pages.flatMap((page) => page.activities.map((a) => a.name))
      expect(names).toEqual(['Read'])
    })

    it('answers 400 naming a bad cursor, limit or date', async () => {
      const response = await call(bob, 'GET', '/api/sync/changes?after=abc&limit=0')
      expect(response.statusCode).toBe(400)
      const history = await call(bob, 'GET', '/api/sync/history?before=now&timeZone=Mars/Base')
      expect(history.statusCode).toBe(400)
    })

    it('misses nothing while eight writers race a reader', async () => {
      const activity = (await call(alice, 'POST', '/api/activities', { name: 'Race' })).json()
      const reader = await feedReader(alice)
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let n = 0; n < 10; n += 1) {
            await reader.write(
              activity.id,
              new Date(Date.UTC(2026, 9, 1 + n, writer)).toISOString(),
            )
          }
        }),
      )
      expect((await reader.seen()).size).toBe(80)
    })

    it('misses none of an import that races writers and a reader', async () => {
      const activity = (await call(alice, 'POST', '/api/activities', { name: 'Beside' })).json()
      // The import numbers its own events in the feed (migration 0006). Its habits exist
      // already (a first, smaller file), so it writes events only.
      const days = Array.from({ length: 3001 }, (_, n) =>
        new Date(Date.UTC(2010, 0, 1 + n)).toISOString().slice(0, 10),
      )
      const backup = (count: number) =>
        buildLoopBackup(25, [
          {
            name: 'Imported A',
            repetitions: days.slice(0, count).map((day) => ({ day, value: 2 })),
          },
          {
            name: 'Imported B',
            repetitions: days.slice(0, count).map((day) => ({ day, value: 2 })),
          },
        ])
      const importFile = async (file: Uint8Array) =>
        app.inject({
          method: 'POST',
          url: '/api/import',
          headers: {
            authorization: `Bearer ${alice.token}`,
            'content-type': 'application/octet-stream',
          },
          payload: Buffer.from(file),
        })
      expect((await importFile(await backup(1))).statusCode).toBe(200)
      const file = await backup(3001)
      const reader = await feedReader(alice)
      const [imported] = await Promise.all([
        importFile(file),
        ...Array.from({ length: 4 }, async (_, writer) => {
          for (let n = 0; n < 10; n += 1) {
            await reader.write(
              activity.id,
              new Date(Date.UTC(2026, 10, 1 + n, writer)).toISOString(),
            )
          }
        }),
      ])
      expect(imported?.statusCode, imported?.body).toBe(200)
      expect(imported?.json().events).toBe(6000)
      expect((await reader.seen()).size).toBe(6040)
    })
  })

  describe.skipIf(skip)('history', () => {
    it("counts live events per calendar day of the user's zone, before the given instant", async () => {
      const activity = (await call(bob, 'POST', '/api/activities', { name: 'Stretch' })).json()
      // 03:00 UTC on Nov 2 is still Nov 1 in New York; the 18:00 one is Nov 2 there.
      const dates = [
        '2026-11-02T03:00:00.000Z',
        '2026-11-02T18:00:00.000Z',
        '2026-11-04T15:00:00.000Z',
        '2026-11-10T15:00:00.000Z',
      ]
      const created: string[] = []
      for (const eventDate of dates) {
        const event = await call(bob, 'POST', '/api/events', { activityId: activity.id, eventDate })
        created.push(event.json().createdAt)
      }
      // Logged last, dated first: the latest use of the habit all the same.
      const backDated = (
        await call(bob, 'POST', '/api/events', {
          activityId: activity.id,
          eventDate: '2026-11-01T12:00:00.000Z',
        })
      ).json()
      const response = await call(
        bob,
        'GET',
        '/api/sync/history?before=2026-11-10T00:00:00.000Z&timeZone=America/New_York',
      )
      expect(response.statusCode, response.body).toBe(200)
      const history = response.json() as SyncHistory
      const stretch = history.activities.find((item) => item.activityId === activity.id)
      expect(stretch).toEqual({
        activityId: activity.id,
        firstDay: '2026-11-01',
        counts: [2, 1, 0, 1],
        lastEventAt: '2026-11-04T15:00:00.000Z',
        lastCreatedAt: backDated.createdAt,
      })
      expect(backDated.createdAt >= (created.at(-1) ?? '')).toBe(true)
    })

    it('sums number values per day with their entries, minimum and maximum', async () => {
      const activity = (await call(bob, 'POST', '/api/activities', { name: 'Reading' })).json()
      const pages = (
        await call(bob, 'POST', '/api/attributes', {
          activityId: activity.id,
          type: 'number',
          name: 'Pages',
        })
      ).json()
      for (const [eventDate, value] of [
        ['2026-10-03T09:00:00.000Z', 12],
        ['2026-10-03T19:00:00.000Z', 8],
        ['2026-10-05T09:00:00.000Z', 30],
        // Logged without a number: counted, and the numbers still line up with the counts.
        ['2026-10-01T09:00:00.000Z', undefined],
      ] as const) {
        const response = await call(bob, 'POST', '/api/events', {
          activityId: activity.id,
          eventDate,
          ...(value === undefined ? {} : { attributes: { [pages.id]: value } }),
        })
        expect(response.statusCode, response.body).toBe(201)
      }
      const history = (
        await call(bob, 'GET', '/api/sync/history?before=2026-11-01T00:00:00.000Z&timeZone=UTC')
      ).json() as SyncHistory
      const reading = history.activities.find((item) => item.activityId === activity.id)
      expect(reading?.firstDay).toBe('2026-10-01')
      expect(reading?.counts).toEqual([1, 0, 2, 0, 1])
      expect(reading?.numbers?.[pages.id]).toEqual({
        sums: [0, 0, 20, 0, 30],
        entries: [0, 0, 2, 0, 1],
        mins: [0, 0, 8, 0, 30],
        maxes: [0, 0, 12, 0, 30],
      })
    })
  })
})
