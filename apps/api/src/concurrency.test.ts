import { REMINDERS_PER_ACTIVITY_MAX } from '@kindling/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
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

/*
 * Many requests at once through the real app on the real database, as two API nodes behind a
 * load balancer send them (PostgreSQL: two apps with their own pools on one database; PGlite is
 * one connection and one server, where requests still interleave between statements). The
 * assertions are invariants (no 500, exactly one 204, at most 24), never timings, and each race
 * runs a few rounds so that one lucky interleaving does not hide a bug.
 */
describe.each(await testBackends())('concurrent writes on $kind', ({ kind, skip }) => {
  let server: TestServer
  let nodes: App[] = []
  const ROUNDS = 4

  beforeAll(async () => {
    if (skip) return
    server = await startTestServer(kind)
    const second = kind === 'postgres' ? [await startApp(server.backend, server.smtp.url)] : []
    nodes = [server.app, ...second]
  })

  afterAll(async () => {
    if (skip) return
    await Promise.all(nodes.slice(1).map((node) => node.close()))
    await stopTestServer(server)
  })

  /** One caller per node; request `n` goes to node `n % nodes`. */
  const callers = () => nodes.map((node) => caller(() => node))
  const callOn = (n: number) => {
    const list = callers()
    return list[n % list.length] as ReturnType<typeof caller>
  }
  const call = (...args: Parameters<ReturnType<typeof caller>>) => callOn(0)(...args)

  let userCount = 0
  /** A fresh user per test, so one test's records never meet another's. */
  const newUser = () => {
    userCount += 1
    return signUp(server.app, server.smtp, `race-${kind}-${userCount}@example.com`)
  }

  async function create(user: TestUser, plural: string, body: object) {
    const response = await call(user, 'POST', `/api/${plural}`, body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { id: string }
  }

  /** The status codes of `count` requests sent at once, spread over the nodes. */
  async function atOnce(
    count: number,
    request: (n: number) => ReturnType<ReturnType<typeof caller>>,
  ) {
    const responses = await Promise.all(Array.from({ length: count }, (_, n) => request(n)))
    for (const response of responses) expect(response.statusCode, response.body).not.toBe(500)
    return responses
  }

  const tally = (codes: number[]) =>
    codes.reduce<Record<number, number>>((seen, code) => {
      seen[code] = (seen[code] ?? 0) + 1
      return seen
    }, {})

  describe.skipIf(skip)('groups', () => {
    it('answers 200 to every one of eight group updates listing the same activities, and leaves each activity in one group', async () => {
      const user = await newUser()
      const ids = [] as string[]
      for (const name of ['Run', 'Read', 'Write'])
        ids.push((await create(user, 'activities', { name })).id)
      const groups = [] as string[]
      for (let n = 0; n < 8; n += 1) {
        groups.push((await create(user, 'groups', { name: `G${n}`, activities: [ids[n % 3]] })).id)
      }
      const reversed = [...ids].reverse()
      for (let round = 0; round < ROUNDS; round += 1) {
        const responses = await atOnce(groups.length, (n) =>
          callOn(n)(user, 'PUT', `/api/groups/${groups[n]}`, {
            name: `G${n} r${round}`,
            activities: n % 2 === 0 ? ids : reversed,
          }),
        )
        expect(tally(responses.map((response) => response.statusCode))).toEqual({ 200: 8 })
        const stored = (await call(user, 'GET', '/api/groups')).json() as { activities: string[] }[]
        const memberships = stored.flatMap((group) => group.activities)
        expect(memberships.sort()).toEqual([...ids].sort())
      }
    })

    it('never deadlocks group writes with activity deletes, attribute writes and activity edits', async () => {
      const user = await newUser()
      for (let round = 0; round < ROUNDS; round += 1) {
        const ids = [] as string[]
        for (const name of ['Run', 'Read', 'Write', 'Swim']) {
          ids.push((await create(user, 'activities', { name })).id)
        }
        const groups = [] as string[]
        for (let n = 0; n < 4; n += 1) {
          groups.push((await create(user, 'groups', { name: `G${n}`, activities: [ids[n]] })).id)
        }
        const doomed = ids[3] as string
        const writes = [
          ...groups.map((id) => ['PUT', `/api/groups/${id}`, { activities: ids }] as const),
          ['DELETE', `/api/activities/${doomed}`, undefined] as const,
          ...ids
            .slice(0, 3)
            .flatMap((id) => [
              ['PUT', `/api/activities/${id}`, { name: `Edited ${round}` }] as const,
              [
                'POST',
                '/api/attributes',
                { activityId: id, type: 'boolean', name: 'Done' },
              ] as const,
            ]),
        ]
        const responses = await atOnce(writes.length, (n) => {
          const [method, url, body] = writes[n] as (typeof writes)[number]
          return callOn(n)(user, method, url, body)
        })
        // A group update that read the doomed activity as live before its delete may still list
        // it (400 only when the delete came first); nothing else can fail.
        for (const [n, response] of responses.entries()) {
          const [method, url] = writes[n] as (typeof writes)[number]
          const allowed =
            method === 'PUT' && url.startsWith('/api/groups') ? [200, 400] : [200, 201, 204]
          expect(allowed, `${method} ${url}: ${response.body}`).toContain(response.statusCode)
        }
        const stored = (await call(user, 'GET', '/api/groups')).json() as { activities: string[] }[]
        const memberships = stored.flatMap((group) => group.activities)
        expect(new Set(memberships).size).toBe(memberships.length)
      }
    })
  })

  describe.skipIf(skip)('the reminder cap', () => {
    it(`stores at most ${REMINDERS_PER_ACTIVITY_MAX} of 40 reminders created at once for one habit`, async () => {
      const user = await newUser()
      for (let round = 0; round < ROUNDS / 2; round += 1) {
        const habit = await create(user, 'activities', { name: `Stretch ${round}` })
        const responses = await atOnce(40, (n) =>
          callOn(n)(user, 'POST', '/api/reminders', { activityId: habit.id, time: '07:00' }),
        )
        expect(tally(responses.map((response) => response.statusCode))).toEqual({
          201: REMINDERS_PER_ACTIVITY_MAX,
          400: 40 - REMINDERS_PER_ACTIVITY_MAX,
        })
        const stored = await call(user, 'GET', `/api/reminders?activityId=${habit.id}`)
        expect(stored.json()).toHaveLength(REMINDERS_PER_ACTIVITY_MAX)
      }
    })

    it('lets only as many reminders move to a habit at once as it has room for', async () => {
      const user = await newUser()
      const full = await create(user, 'activities', { name: 'Nearly full' })
      const other = await create(user, 'activities', { name: 'Other' })
      const room = 4
      await atOnce(REMINDERS_PER_ACTIVITY_MAX - room, () =>
        call(user, 'POST', '/api/reminders', { activityId: full.id, time: '08:00' }),
      )
      const moving = [] as string[]
      for (let n = 0; n < 12; n += 1) {
        moving.push((await create(user, 'reminders', { activityId: other.id, time: '09:00' })).id)
      }
      const responses = await atOnce(moving.length, (n) =>
        callOn(n)(user, 'PUT', `/api/reminders/${moving[n]}`, { activityId: full.id }),
      )
      expect(tally(responses.map((response) => response.statusCode))).toEqual({
        200: room,
        400: moving.length - room,
      })
      const stored = await call(user, 'GET', `/api/reminders?activityId=${full.id}`)
      expect(stored.json()).toHaveLength(REMINDERS_PER_ACTIVITY_MAX)
    })
  })

  describe.skipIf(skip)('deletes', () => {
    /** One live record of each kind, made afresh. */
    async function build(user: TestUser, plural: string): Promise<string> {
      if (plural === 'activities') return (await create(user, 'activities', { name: 'Doomed' })).id
      const activity = await create(user, 'activities', { name: 'Parent' })
      const activityId = activity.id
      const bodies: Record<string, object> = {
        events: { activityId, eventDate: '2026-01-02T10:00:00.000Z' },
        goals: { activityId, cadence: 'Daily' },
        attributes: { activityId, type: 'boolean', name: 'Done' },
        groups: { name: 'Doomed', activities: [activityId] },
        reminders: { activityId, time: '07:00' },
      }
      return (await create(user, plural, bodies[plural] as object)).id
    }

    const kinds = ['events', 'activities', 'goals', 'attributes', 'groups', 'reminders']

    it.each(kinds)(
      'answers 204 once and 404 to the rest of ten deletes of one of your %s',
      async (plural) => {
        const user = await newUser()
        for (let round = 0; round < ROUNDS; round += 1) {
          const id = await build(user, plural)
          const responses = await atOnce(10, (n) =>
            callOn(n)(user, 'DELETE', `/api/${plural}/${id}`),
          )
          expect(tally(responses.map((response) => response.statusCode))).toEqual({
            204: 1,
            404: 9,
          })
          expect((await call(user, 'GET', `/api/${plural}/${id}`)).statusCode).toBe(404)
        }
      },
    )

    it.each([
      ['events', { eventDate: '2026-01-03T10:00:00.000Z' }],
      ['activities', { name: 'Renamed' }],
      ['goals', { cadence: 'Weekly' }],
      ['groups', { name: 'Renamed' }],
      ['reminders', { time: '08:30' }],
    ])('never brings back one of your %s that updates race a delete of', async (plural, change) => {
      const user = await newUser()
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = await build(user, plural)
        // Updates before and after the delete in sending order; the server may run them in any.
        const responses = await atOnce(9, (n) =>
          n === 4
            ? callOn(n)(user, 'DELETE', `/api/${plural}/${id}`)
            : callOn(n)(user, 'PUT', `/api/${plural}/${id}`, change),
        )
        expect(responses[4]?.statusCode).toBe(204)
        for (const response of responses) expect([200, 204, 404]).toContain(response.statusCode)
        // Whatever an update answered, the record stays deleted: it was written before the
        // delete (200) or found deleted (404), never saved over it.
        expect((await call(user, 'GET', `/api/${plural}/${id}`)).statusCode).toBe(404)
        const list = await call(user, 'GET', `/api/${plural}`)
        if (list.statusCode === 200) {
          expect((list.json() as { id: string }[]).map((record) => record.id)).not.toContain(id)
        }
        // A write answered after the 204 sees it: no update succeeds on a deleted record.
        expect((await call(user, 'PUT', `/api/${plural}/${id}`, change)).statusCode).toBe(404)
      }
    })
  })
})
