import {
  type Activity,
  type Break,
  buildHabitDays,
  computeStreak,
  type Event,
  isDoneInPeriod,
  type KindlingBackup,
  type SyncChanges,
} from '@kindling/core'
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
import { transferCalls } from './test/transfer-api'

/* Breaks, archived habits and the user's own order (issue 49) over REST, the feed and backups. */
describe.each(await testBackends())('breaks and archive on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']
  let alice: TestUser
  let bob: TestUser

  const call = caller(() => app)
  const { upload, exportJson } = transferCalls(() => app)
  const post = async <T>(user: TestUser, path: string, body: unknown): Promise<T> => {
    const response = await call(user, 'POST', path, body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as T
  }
  /** Everything of `user`'s feed after `after` (one page is enough here). */
  const feed = async (user: TestUser, after?: string) => {
    const response = await call(
      user,
      'GET',
      `/api/sync/changes${after === undefined ? '' : `?after=${after}`}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as SyncChanges
  }

  beforeAll(async () => {
    if (skip) return
    ;({ smtp, backend, app } = await startTestServer(kind))
    ;[alice, bob] = await Promise.all([
      signUp(app, smtp, `breaks-alice-${kind}@example.com`),
      signUp(app, smtp, `breaks-bob-${kind}@example.com`),
    ])
  }, 180_000)

  afterAll(async () => {
    if (skip) return
    await stopTestServer({ smtp, backend, app })
  })

  describe.skipIf(skip)('breaks', () => {
    it('stores a break of one habit or of all, and refuses a bad one naming the field', async () => {
      const run = await post<Activity>(alice, '/api/activities', { name: 'Run' })
      const skipDay = await post<Break>(alice, '/api/breaks', {
        activityId: run.id,
        from: '2026-03-04',
        to: '2026-03-04',
      })
      expect(skipDay).toMatchObject({ activityId: run.id, from: '2026-03-04', note: '' })
      const vacation = await post<Break>(alice, '/api/breaks', {
        from: '2026-08-01',
        to: '2026-08-14',
        note: 'Lisbon',
      })
      expect(vacation.activityId).toBeNull()

      const reversed = await call(alice, 'POST', '/api/breaks', {
        activityId: run.id,
        from: '2026-03-05',
        to: '2026-03-04',
      })
      expect(reversed.statusCode).toBe(400)
      expect(reversed.json().error.fields).toEqual({ to: "Must be on or after 'From'." })
      const notHers = await call(bob, 'POST', '/api/breaks', {
        activityId: run.id,
        from: '2026-03-04',
        to: '2026-03-04',
      })
      expect(notHers.statusCode).toBe(400)
      expect(notHers.json().error.fields).toEqual({ activityId: 'Not an activity of yours.' })
      const badDay = await call(alice, 'POST', '/api/breaks', {
        from: '2026-02-30',
        to: '2026-03-01',
      })
      expect(badDay.statusCode).toBe(400)
      expect(Object.keys(badDay.json().error.fields)).toEqual(['from'])

      const list = (await call(alice, 'GET', '/api/breaks')).json() as Break[]
      expect(list.map((brk) => brk.id)).toEqual([vacation.id, skipDay.id])
      expect((await call(bob, 'GET', '/api/breaks')).json()).toEqual([])
      expect((await call(bob, 'GET', `/api/breaks/${vacation.id}`)).statusCode).toBe(404)

      // A PUT merges over the stored break and checks the whole.
      const moved = await call(alice, 'PUT', `/api/breaks/${vacation.id}`, { to: '2026-08-20' })
      expect(moved.json()).toMatchObject({ from: '2026-08-01', to: '2026-08-20', note: 'Lisbon' })
      const before = await call(alice, 'PUT', `/api/breaks/${vacation.id}`, { to: '2026-07-01' })
      expect(before.statusCode).toBe(400)
    })

    it('two devices: a break added offline and an event logged elsewhere on that day both stay', async () => {
      const read = await post<Activity>(bob, '/api/activities', { name: 'Read' })
      const start = await feed(bob)
      // Phone (offline) skips 3 March; the laptop logs reading that very day. The phone's
      // outbox reaches the server afterwards.
      const logged = await post<Event>(bob, '/api/events', {
        activityId: read.id,
        eventDate: '2026-03-03T20:00:00.000Z',
      })
      await post<Event>(bob, '/api/events', {
        activityId: read.id,
        eventDate: '2026-03-02T20:00:00.000Z',
      })
      const skipped = await post<Break>(bob, '/api/breaks', {
        id: '01938f6e-8c1a-7b2e-9f00-0a1b2c3d4e90',
        activityId: read.id,
        from: '2026-03-03',
        to: '2026-03-03',
      })
      const changed = await feed(bob, start.cursor)
      expect(changed.breaks.map((brk) => brk.id)).toEqual([skipped.id])
      expect(changed.events.map((event) => event.id)).toContain(logged.id)
      // The device's days: the event stays, the day counts as done, the streak holds both days.
      const days = buildHabitDays({
        history: undefined,
        events: changed.events,
        eventsFrom: undefined,
        timeZone: 'UTC',
        breaks: changed.breaks,
        activityIds: [read.id],
      }).get(read.id)
      expect(isDoneInPeriod(days, 'Daily', '2026-03-03')).toBe(true)
      expect(computeStreak(days ?? { firstDay: '2026-03-01', counts: [] }, '2026-03-04')).toBe(2)

      // Undone on one device: the tombstone reaches the other.
      const cursor = changed.cursor
      expect((await call(bob, 'DELETE', `/api/breaks/${skipped.id}`)).statusCode).toBe(204)
      const undone = await feed(bob, cursor)
      expect(undone.breaks).toEqual([
        expect.objectContaining({ id: skipped.id, deletedAt: expect.any(String) }),
      ])
    })
    it("deletes a deleted habit's breaks with it, and keeps the vacations", async () => {
      const dan = await signUp(app, smtp, `breaks-dan-${kind}@example.com`)
      const swim = await post<Activity>(dan, '/api/activities', { name: 'Swim' })
      const walk = await post<Activity>(dan, '/api/activities', { name: 'Walk' })
      const skipped = await post<Break>(dan, '/api/breaks', {
        activityId: swim.id,
        from: '2026-03-03',
        to: '2026-03-03',
      })
      const rest = await post<Break>(dan, '/api/breaks', {
        activityId: walk.id,
        from: '2026-03-04',
        to: '2026-03-05',
      })
      const vacation = await post<Break>(dan, '/api/breaks', {
        from: '2026-08-01',
        to: '2026-08-14',
      })
      const start = await feed(dan)

      expect((await call(dan, 'DELETE', `/api/activities/${swim.id}`)).statusCode).toBe(204)

      const list = (await call(dan, 'GET', '/api/breaks')).json() as Break[]
      expect(list.map((brk) => brk.id)).toEqual([vacation.id, rest.id])
      expect((await call(dan, 'GET', `/api/breaks/${skipped.id}`)).statusCode).toBe(404)
      // Other devices take it out of their copy: its tombstone is in the feed.
      const changed = await feed(dan, start.cursor)
      expect(changed.breaks).toEqual([
        expect.objectContaining({ id: skipped.id, deletedAt: expect.any(String) }),
      ])
    })
  })

  describe.skipIf(skip)('archive and order', () => {
    it('keeps the archive flag and the position through a PUT of other fields', async () => {
      const floss = await post<Activity>(alice, '/api/activities', { name: 'Floss' })
      expect(floss).toMatchObject({ archived: false, position: null })
      const archived = await call(alice, 'PUT', `/api/activities/${floss.id}`, {
        archived: true,
        position: 'a0',
      })
      expect(archived.json()).toMatchObject({ archived: true, position: 'a0' })
      const renamed = await call(alice, 'PUT', `/api/activities/${floss.id}`, { name: 'Flossing' })
      expect(renamed.json()).toMatchObject({ name: 'Flossing', archived: true, position: 'a0' })
      const bad = await call(alice, 'PUT', `/api/activities/${floss.id}`, { position: 'a 0' })
      expect(bad.statusCode).toBe(400)
      const group = await post<{ id: string; position: string | null }>(alice, '/api/groups', {
        name: 'Teeth',
        activities: [floss.id],
        position: 'Zz',
      })
      expect(group.position).toBe('Zz')
    })

    it('a backup keeps breaks, the archive flag and the order', async () => {
      const carol = await signUp(app, smtp, `breaks-carol-${kind}@example.com`)
      const walk = await post<Activity>(carol, '/api/activities', {
        name: 'Walk',
        archived: true,
        position: 'a1',
      })
      await post<Break>(carol, '/api/breaks', {
        activityId: walk.id,
        from: '2026-01-02',
        to: '2026-01-03',
      })
      await post<Break>(carol, '/api/breaks', { from: '2026-02-01', to: '2026-02-07', note: 'Ski' })
      const backup = await exportJson(carol)
      expect(backup.breaks).toHaveLength(2)

      const dave = await signUp(app, smtp, `breaks-dave-${kind}@example.com`)
      const first = await upload(dave, JSON.stringify(backup), 'application/json')
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toMatchObject({ activities: 1, breaks: 2 })
      const again = await upload(dave, JSON.stringify(backup), 'application/json')
      expect(again.json().breaks).toBeUndefined()
      const restored: KindlingBackup = await exportJson(dave)
      const [activity] = restored.activities
      expect(activity).toMatchObject({ name: 'Walk', archived: true, position: 'a1' })
      expect(
        restored.breaks.map(({ activityId, from, to, note }) => ({ activityId, from, to, note })),
      ).toEqual([
        { activityId: activity?.id, from: '2026-01-02', to: '2026-01-03', note: '' },
        { activityId: null, from: '2026-02-01', to: '2026-02-07', note: 'Ski' },
      ])
    })
  })
})
