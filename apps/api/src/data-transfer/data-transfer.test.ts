import { readFileSync } from 'node:fs'
import {
  type Activity,
  type Break,
  DEFAULT_TIME_ZONE,
  type Event,
  type Goal,
  type Group,
  type ImportSummary,
  KINDLING_BACKUP_VERSION,
  type KindlingBackup,
  type SyncChanges,
  sortByPosition,
} from '@kindling/core'
import { and, eq, isNull } from 'drizzle-orm'
import { strToU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../app'
import { reminders } from '../db/schema'
import { buildFullAccount } from '../test/full-account'
import {
  signUp,
  startTestServer,
  stopTestServer,
  type TestServer,
  type TestUser,
  testBackends,
} from '../test/harness'
import {
  buildHabitBullCsv,
  buildKindlingBackup,
  buildLoopBackup,
  buildLoopCsvZip,
  buildTableHabitJson,
  editLoopBackup,
  epochDay,
  type FixtureHabit,
} from '../test/import-fixtures'
import { transferCalls } from '../test/transfer-api'
import { applyPlan, EVENT_SLICE } from './apply'
import { parseCsv } from './csv'
import type { ImportPlan, PlannedEvent } from './plan'
import { SKIP, SkipCounter } from './plan'
import { readImport } from './read-import'
import { IMPORT_MAX_BYTES } from './routes'

/** A plan of one plain daily habit and its `events`, as a HabitBull file gives one. */
function habitPlan(name: string, events: PlannedEvent[]): ImportPlan {
  return {
    format: 'habitbull-csv',
    source: 'habitbull',
    groups: [],
    activities: [
      {
        keys: [`name:${name}`],
        name,
        description: '',
        color: '#123456',
        visibility: 'private',
        schedule: { type: 'Daily' },
        attributes: [],
        goals: [],
        events,
      },
    ],
    skipped: new SkipCounter(),
    eventIdentity: 'day',
  }
}

const HABITS: FixtureHabit[] = [
  {
    name: 'Meditate',
    uuid: 'f00dbabe000000000000000000000001',
    repetitions: [
      { day: '2021-06-01', value: 2, notes: 'Felt calm' },
      { day: '2021-06-02', value: 3 },
      { day: '2021-06-03', value: 2 },
    ],
  },
  {
    name: 'Run',
    uuid: 'f00dbabe000000000000000000000002',
    numerical: true,
    unit: 'km',
    targetType: 0,
    targetValue: 5,
    freqDen: 7,
    repetitions: [
      { day: '2021-06-01', value: 5200 },
      { day: '2021-06-05', value: 12000 },
    ],
  },
  {
    name: 'Floss',
    uuid: 'f00dbabe000000000000000000000003',
    archived: true,
    repetitions: [{ day: '2021-06-02', value: 2 }],
  },
]

describe.each(await testBackends())('import and export on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']
  let alice: TestUser
  let bob: TestUser
  let carol: TestUser
  let carolUid = ''
  let bobUid = ''

  beforeAll(async () => {
    if (skip) return
    ;({ smtp, backend, app } = await startTestServer(kind))
    ;[alice, bob, carol] = await Promise.all([
      signUp(app, smtp, `alice-io-${kind}@example.com`),
      signUp(app, smtp, `bob-io-${kind}@example.com`),
      signUp(app, smtp, `carol-io-${kind}@example.com`),
    ])
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: carol.cookie },
    })
    carolUid = session.json().user.id
    const bobs = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: bob.cookie },
    })
    bobUid = bobs.json().user.id
  }, 180_000)

  afterAll(async () => {
    if (skip) return
    await stopTestServer({ smtp, backend, app })
  })

  const { upload, get, exportJson } = transferCalls(() => app)
  const uidOf = async (user: TestUser): Promise<string> => {
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: user.cookie },
    })
    return session.json().user.id
  }

  describe.skipIf(skip)('POST /api/import', () => {
    it('imports a Loop backup, and the same file again stores nothing twice', async () => {
      const file = await buildLoopBackup(25, HABITS)
      const first = await upload(alice, file)
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toEqual({
        format: 'loop-db',
        activities: 3,
        events: 5,
        attributes: 2,
        goals: 1,
        groups: 0,
        breaks: 1,
        reminders: 0,
        settings: false,
        skipped: [],
        notes: [],
      } satisfies ImportSummary)

      const activities = await get<Activity[]>(alice, '/api/activities')
      expect(activities.map((activity) => activity.name).sort()).toEqual([
        'Floss',
        'Meditate',
        'Run',
      ])
      const run = activities.find((activity) => activity.name === 'Run') as Activity
      expect(run.schedule).toEqual({ type: 'Weekly', days: [] })
      const events = await get<Event[]>(alice, `/api/events?activityId=${run.id}`)
      expect(events.map((event) => [event.eventDate, Object.values(event.attributes)])).toEqual([
        ['2021-06-05T12:00:00.000Z', [12]],
        ['2021-06-01T12:00:00.000Z', [5.2]],
      ])
      const goals = await get<Goal[]>(alice, '/api/goals')
      expect(goals).toEqual([
        expect.objectContaining({
          activityId: run.id,
          cadence: 'Weekly',
          target: {
            kind: 'amount',
            attributeId: run.attributes[0],
            comparison: 'atLeast',
            value: 5,
          },
        }),
      ])
      // Loop's archived habit is archived (issue 49), in no group; Loop's order is the user's.
      expect(await get<Group[]>(alice, '/api/groups')).toEqual([])
      const floss = activities.find((activity) => activity.name === 'Floss') as Activity
      expect(floss.archived).toBe(true)
      expect(run.archived).toBe(false)
      const meditate = activities.find((activity) => activity.name === 'Meditate') as Activity
      expect(sortByPosition(activities).map((activity) => activity.name)).toEqual([
        'Meditate',
        'Run',
        'Floss',
      ])
      // Its skipped day is a break of one day.
      expect(await get<Break[]>(alice, '/api/breaks')).toEqual([
        expect.objectContaining({
          activityId: meditate.id,
          from: '2021-06-02',
          to: '2021-06-02',
        }),
      ])

      const again = await upload(alice, file)
      expect(again.json()).toEqual({
        format: 'loop-db',
        activities: 0,
        events: 0,
        attributes: 0,
        goals: 0,
        groups: 0,
        reminders: 0,
        settings: false,
        skipped: [{ reason: 'Events already in Kindling (imported before)', count: 5 }],
        notes: [],
      })
      expect(await get<Break[]>(alice, '/api/breaks')).toHaveLength(1)
      // The CSV export of the same data matches the habits by name and the events by day.
      const csv = await upload(alice, buildLoopCsvZip('labels', HABITS), 'application/zip')
      expect(csv.json()).toMatchObject({ format: 'loop-csv', activities: 0, events: 0 })
      expect(await get<Activity[]>(alice, '/api/activities')).toHaveLength(3)
    })

    it('adds only the new days of a newer backup, also to a renamed habit', async () => {
      const first = await buildLoopBackup(24, HABITS)
      expect((await upload(bob, first)).json()).toMatchObject({ activities: 3, events: 5 })
      const renamed = HABITS.map((habit) =>
        habit.name === 'Meditate'
          ? {
              ...habit,
              name: 'Meditation',
              repetitions: [...habit.repetitions, { day: '2021-06-04', value: 2 }],
            }
          : habit,
      )
      const second = await upload(bob, await buildLoopBackup(24, renamed))
      expect(second.json()).toMatchObject({ activities: 0, events: 1, attributes: 0 })
      const activities = await get<Activity[]>(bob, '/api/activities')
      expect(activities.map((activity) => activity.name).sort()).toEqual([
        'Floss',
        'Meditate',
        'Run',
      ])
    })

    it('answers 400 for a file it cannot read and stores nothing', async () => {
      const before = await exportJson(carol)
      const file = await buildLoopBackup(25, HABITS)
      for (const body of [file.slice(0, 4096), strToU8('Date,Steps\n2020-01-01,1\n')]) {
        const response = await upload(carol, body)
        expect(response.statusCode).toBe(400)
        expect(response.json().error.code).toBe('import-unreadable')
        expect(response.json().error.message).toMatch(/./)
      }
      const empty = await upload(carol, new Uint8Array())
      expect(empty.statusCode).toBe(400)
      expect(empty.json().error.message).toMatch(/empty/)
      expect({ ...(await exportJson(carol)), exportedAt: '' }).toEqual({
        ...before,
        exportedAt: '',
      })
    })

    it('answers 400 for dates out of range and text the database cannot store, and stores nothing', async () => {
      const erin = await signUp(app, smtp, `erin-io-${kind}@example.com`)
      const walk = (day: string, notes = ''): FixtureHabit[] => [
        {
          name: 'Walk',
          repetitions: [
            { day: '2020-01-01', value: 2, notes },
            { day, value: 2 },
          ],
        },
      ]
      const range = /out of range: Kindling keeps dates from 0001-01-02 to 9999-12-31/
      const nul = /must not contain NUL characters/
      const files: [Uint8Array | string, RegExp][] = [
        [buildHabitBullCsv([{ name: 'Walk', day: '0000-01-01', value: 1 }]), range],
        [buildHabitBullCsv([{ name: 'Walk', day: '1/1/0000', value: 1 }]), range],
        [buildKindlingBackup({ events: [{ eventDate: '0000-01-01' }] }), /from the year 1 on/],
        [await buildLoopBackup(25, walk('0000-01-01')), range],
        [buildTableHabitJson({ records: [{ recordDate: 1e15 }] }), range],
        [buildTableHabitJson({ records: [{ recordDate: -800_000 }] }), range],
        [buildKindlingBackup({ name: 'Wa\u0000lk', events: [] }), nul],
        [buildHabitBullCsv([{ name: 'Wa\u0000lk', day: '2020-01-01', value: 1 }]), nul],
        [buildTableHabitJson({ name: 'Wa\u0000lk', records: [] }), nul],
        [await buildLoopBackup(25, [{ name: 'Wa\u0000lk', repetitions: [] }]), nul],
        [await buildLoopBackup(25, walk('2020-01-02', 'Felt\u0000 fine')), nul],
        [
          buildTableHabitJson({
            records: [{ recordDate: epochDay('2020-01-01'), reason: 'x\ud800' }],
          }),
          /must be valid Unicode text/,
        ],
      ]
      for (const [file, expected] of files) {
        const response = await upload(erin, file)
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().error.code).toBe('import-unreadable')
        expect(response.json().error.message).toMatch(expected)
      }
      const stored = await exportJson(erin)
      expect([stored.activities, stored.groups, stored.events]).toEqual([[], [], []])
    })

    it('imports a Loop habit without a name apart from any other, and counts check-ins of missing habits', async () => {
      const frank = await signUp(app, smtp, `frank-io-${kind}@example.com`)
      const untitled: FixtureHabit = {
        name: 'Untitled',
        uuid: 'f00dbabe0000000000000000000000aa',
        repetitions: [{ day: '2021-06-01', value: 2 }],
      }
      expect((await upload(frank, await buildLoopBackup(25, [untitled]))).json()).toMatchObject({
        activities: 1,
        events: 1,
      })
      const nameless = await editLoopBackup(
        await buildLoopBackup(25, [
          { ...untitled, uuid: 'f00dbabe0000000000000000000000bb', name: 'gone' },
        ]),
        [
          ['update Habits set name = null'],
          [
            'insert into Repetitions (habit, timestamp, value) values (42, ?, 2)',
            [Date.parse('2021-06-03T00:00:00Z')],
          ],
        ],
      )
      const response = await upload(frank, nameless)
      expect(response.json()).toEqual({
        format: 'loop-db',
        activities: 1,
        events: 1,
        attributes: 0,
        goals: 0,
        groups: 0,
        reminders: 0,
        settings: false,
        skipped: [{ reason: 'Check-ins of habits missing from the backup', count: 1 }],
        notes: [],
      } satisfies ImportSummary)
      const activities = await get<Activity[]>(frank, '/api/activities')
      expect(activities.map((activity) => activity.name).sort()).toEqual([
        'Unnamed habit 1',
        'Untitled',
      ])
      expect((await upload(frank, nameless)).json()).toMatchObject({ activities: 0, events: 0 })
    })

    it('stores nothing when the database refuses part of an import', async () => {
      const plan = habitPlan('Atomic', [
        { eventDate: '2020-01-01T12:00:00.000Z', values: {} },
        { eventDate: 'not a date', values: {} },
      ])
      await expect(applyPlan(app.database.db, carolUid, plan)).rejects.toThrow()
      expect((await exportJson(carol)).activities).toEqual([])
    })

    it('takes back all a sliced import wrote when a later slice fails', async () => {
      const AMOUNT = {
        type: 'number',
        valueType: 'integer',
        name: 'Amount',
        description: '',
        required: false,
      } as const
      const post = async <T>(url: string, payload: object) => {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${carol.token}` },
          payload,
        })
        expect(response.statusCode, response.body).toBe(201)
        return response.json() as T
      }
      const kept = await post<Activity>('/api/activities', { name: 'Kept' })
      const group = await post<Group>('/api/groups', { name: 'Morning', activities: [kept.id] })
      const before = await exportJson(carol)
      const feed = (after: string) =>
        get<SyncChanges>(carol, `/api/sync/changes?after=${after}&limit=5000`)
      const { cursor } = await feed('0')
      const days = Array.from({ length: EVENT_SLICE + 10 }, (_, index) => ({
        eventDate: new Date(Date.UTC(2000, 0, 1 + index, 12)).toISOString(),
        values: { amount: index } as Record<string, number>,
      }))
      days.push({ eventDate: 'not a date', values: {} })
      const plan: ImportPlan = {
        format: 'kindling-json',
        source: 'kindling',
        // The group and `Kept` are the caller's own: the import adds to them.
        groups: [
          {
            key: 'g',
            keys: ['g'],
            name: 'Morning',
            description: '',
            color: '',
            originalId: group.id,
          },
        ],
        activities: [
          {
            keys: ['kept'],
            name: 'Kept',
            description: '',
            color: kept.color,
            visibility: 'private',
            schedule: { type: 'Daily' },
            originalId: kept.id,
            attributes: [{ key: 'amount', fields: AMOUNT }],
            goals: [],
            events: days.slice(0, 5),
          },
          {
            keys: ['new'],
            name: 'Sliced',
            description: '',
            color: '#123456',
            visibility: 'private',
            schedule: { type: 'Daily' },
            groupKey: 'g',
            attributes: [{ key: 'amount', fields: AMOUNT }],
            goals: [{ key: 'daily', cadence: 'Daily', target: null }],
            events: days,
          },
        ],
        skipped: new SkipCounter(),
        eventIdentity: 'day',
        sameAccountIds: true,
      }
      await expect(applyPlan(app.database.db, carolUid, plan, { sliced: true })).rejects.toThrow()
      // The first slices had committed: now they are deleted, and the lists are as they were.
      // (The group's `updatedAt` tells that it was changed, and changed back.)
      expect(await exportJson(carol)).toEqual({
        ...before,
        exportedAt: expect.any(String),
        groups: before.groups.map((row) => ({ ...row, updatedAt: expect.any(String) })),
      })
      // A device that pulled the first slice meanwhile hears that its events are gone.
      const after = await feed(cursor)
      expect(after.events).toHaveLength(EVENT_SLICE)
      expect(after.events.every((event) => event.deletedAt !== null)).toBe(true)
      expect(
        after.activities.map((activity) => [activity.name, activity.deletedAt !== null]),
      ).toEqual(expect.arrayContaining([['Sliced', true]]))
    })

    it('skips the days already there when they fall in several slices, in any order', async () => {
      // More days than two slices; the days already there fall in every slice of the second
      // import, and its first and last day are among them.
      const total = 2 * EVENT_SLICE + 500
      const all = Array.from({ length: total }, (_, n) => n)
      const there = all.filter((n) => n % 7 === 0 || n === total - 1)
      const planOf = (name: string, days: number[]) =>
        habitPlan(
          name,
          days.map((n) => ({
            eventDate: new Date(Date.UTC(1990, 0, 1 + n, 12)).toISOString(),
            values: {},
          })),
        )
      for (const sliced of [true, false]) {
        const name = sliced ? 'Spread sliced' : 'Spread whole'
        const first = await applyPlan(app.database.db, bobUid, planOf(name, there), { sliced })
        expect(first.events).toBe(there.length)
        // Newest first: a slice's days are not in order.
        const second = await applyPlan(app.database.db, bobUid, planOf(name, [...all].reverse()), {
          sliced,
        })
        expect(second).toMatchObject({ activities: 0, events: total - there.length })
        expect(second.skipped).toContainEqual({ reason: SKIP.alreadyThere, count: there.length })
        const backup = await exportJson(bob)
        const activity = backup.activities.find((row) => row.name === name)
        const days = backup.events
          .filter((row) => row.activityId === activity?.id)
          .map((row) => row.eventDate)
        expect(days).toHaveLength(total)
        expect(new Set(days).size).toBe(total)
      }
    })

    it('tells its caller, and no one else, how far an import named by progressId has come', async () => {
      const csv = buildHabitBullCsv(
        ['2021-03-01', '2021-03-02', '2021-03-03'].map((day) => ({
          name: 'Progress',
          day,
          value: 1,
        })),
      )
      const progressId = 'a1b2c3d4-0000-4000-8000-000000000051'
      const response = await app.inject({
        method: 'POST',
        url: `/api/import?progressId=${progressId}`,
        headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'text/csv' },
        payload: csv,
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(await get(bob, `/api/import/progress?progressId=${progressId}`)).toEqual({
        stage: 'done',
        stored: 3,
        total: 3,
      })
      const ask = (user: TestUser, id: string) =>
        app.inject({
          method: 'GET',
          url: `/api/import/progress?progressId=${id}`,
          headers: { authorization: `Bearer ${user.token}` },
        })
      expect((await ask(alice, progressId)).statusCode).toBe(404)
      expect((await ask(bob, 'b1b2c3d4-0000-4000-8000-000000000051')).statusCode).toBe(404)
      expect((await ask(bob, 'no/good')).statusCode).toBe(400)
      const refused = await app.inject({
        method: 'POST',
        url: '/api/import?progressId=x',
        headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'text/csv' },
        payload: csv,
      })
      expect(refused.statusCode).toBe(400)
    })

    it('counts the events dealt with as it writes them, sliced or whole', async () => {
      const total = 2 * EVENT_SLICE + 7
      for (const sliced of [true, false]) {
        const seen: number[] = []
        const plan = habitPlan(
          sliced ? 'Counted sliced' : 'Counted whole',
          Array.from({ length: total }, (_, n) => ({
            eventDate: new Date(Date.UTC(1991, 0, 1 + n, 12)).toISOString(),
            values: {},
          })),
        )
        await applyPlan(app.database.db, bobUid, plan, {
          sliced,
          onProgress: (stored) => seen.push(stored),
        })
        expect(seen.at(-1)).toBe(total)
        expect(seen).toEqual([...seen].sort((a, b) => a - b))
        if (sliced) expect(seen).toEqual([EVENT_SLICE, 2 * EVENT_SLICE, total])
      }
    })

    it('stores a file sent twice at once only once', async () => {
      // Two habits of these days: more events than one slice.
      const days = Array.from({ length: EVENT_SLICE / 2 + 1 }, (_, n) =>
        new Date(Date.UTC(2000, 0, 1 + n)).toISOString().slice(0, 10),
      )
      const fileOf = (name: string) =>
        buildLoopBackup(25, [
          {
            name: `${name} A`,
            uuid: `${name.toLowerCase()}a`.padEnd(32, '0'),
            repetitions: days.map((day) => ({ day, value: 2 })),
          },
          {
            name: `${name} B`,
            uuid: `${name.toLowerCase()}b`.padEnd(32, '0'),
            repetitions: days.map((day) => ({ day, value: 2 })),
          },
        ])
      const events = async (name: string) => {
        const backup = await exportJson(bob)
        const ids = new Set(
          backup.activities.filter((row) => row.name.startsWith(name)).map((row) => row.id),
        )
        return {
          activities: ids.size,
          events: backup.events.filter((row) => ids.has(row.activityId)).length,
        }
      }
      const file = await fileOf('Twice')
      const answers = await Promise.all([upload(bob, file), upload(bob, file)])
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
      const stored = answers.map((answer) => answer.json() as ImportSummary)
      expect(stored.map((summary) => summary.events).sort()).toEqual([0, 2 * days.length])
      expect(await events('Twice')).toEqual({ activities: 2, events: 2 * days.length })

      // Read already, two plans start storing at the same moment: the second waits for the
      // first's last slice and finds every day there.
      const race = await fileOf('Race')
      const plans = await Promise.all([readImport(race), readImport(race)])
      const raced = await Promise.all(
        plans.map((plan) =>
          applyPlan(app.database.db, bobUid, plan, { sliced: kind === 'pglite' }),
        ),
      )
      expect(raced.map((summary) => summary.events).sort()).toEqual([0, 2 * days.length])
      expect(await events('Race')).toEqual({ activities: 2, events: 2 * days.length })
    })

    it('needs a verified caller, a known content type and at most 50 MB', async () => {
      expect((await upload(null, 'x')).statusCode).toBe(401)
      const plain = await upload(alice, 'hello', 'text/plain')
      expect(plain.statusCode).toBe(415)
      expect(plain.json().error.code).toBe('unsupported-media-type')
      const huge = await upload(alice, new Uint8Array(IMPORT_MAX_BYTES + 1))
      expect(huge.statusCode).toBe(413)
      expect(huge.json().error.code).toBe('payload-too-large')
    })

    it("keeps each user's imports apart", async () => {
      const csv = buildHabitBullCsv([{ name: 'Meditate', day: '2021-06-01', value: 1 }])
      const response = await upload(carol, csv, 'text/csv')
      expect(response.json()).toMatchObject({ format: 'habitbull-csv', activities: 1, events: 1 })
      const carols = await get<Activity[]>(carol, '/api/activities')
      const alices = await get<Activity[]>(alice, '/api/activities')
      expect(carols.map((activity) => activity.id)).not.toEqual(
        expect.arrayContaining(alices.map((activity) => activity.id)),
      )
    })
  })

  describe.skipIf(skip)('GET /api/export', () => {
    it('round-trips: export, import into an empty account, export again gives the same content', async () => {
      // Alice has Loop data; add a multi-valued event and an attribute of every kind of value.
      const activity = (await get<Activity[]>(alice, '/api/activities')).find(
        (candidate) => candidate.name === 'Meditate',
      ) as Activity
      const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
        app.inject({ method, url, headers: { authorization: `Bearer ${alice.token}` }, payload })
      const mood = (
        await call('POST', '/api/attributes', {
          activityId: activity.id,
          type: 'multiselect',
          name: 'Mood',
          options: ['calm', 'tired'],
        })
      ).json()
      for (const eventDate of ['2021-07-01T06:30:00.000Z', '2021-07-01T18:00:00.000Z']) {
        const created = await call('POST', '/api/events', {
          activityId: activity.id,
          eventDate,
          attributes: { [mood.id]: ['calm', 'tired'] },
        })
        expect(created.statusCode, created.body).toBe(201)
      }
      const group = await call('POST', '/api/groups', { name: 'Mind', activities: [activity.id] })
      expect(group.statusCode, group.body).toBe(201)

      const response = await app.inject({
        method: 'GET',
        url: '/api/export?format=json',
        headers: { authorization: `Bearer ${alice.token}` },
      })
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="kindling-backup-\d{4}-\d{2}-\d{2}\.json"$/,
      )
      const original = response.json() as KindlingBackup
      expect(original.events.length).toBe(7)

      const dave = await signUp(app, smtp, `dave-io-${kind}@example.com`)
      const restored = await upload(dave, response.body, 'application/json')
      expect(restored.json()).toEqual({
        format: 'kindling-json',
        activities: 3,
        events: 7,
        attributes: 3,
        goals: 1,
        groups: 1,
        breaks: 1,
        reminders: 0,
        settings: false,
        skipped: [],
        notes: [],
      })
      const copy = await exportJson(dave)
      expect(normalise(copy)).toEqual(normalise(original))

      // Importing the backup again, or into its own account, adds nothing.
      expect((await upload(dave, response.body, 'application/json')).json()).toMatchObject({
        activities: 0,
        events: 0,
        groups: 0,
      })
      expect((await upload(alice, response.body, 'application/json')).json()).toMatchObject({
        activities: 0,
        events: 0,
        attributes: 0,
        goals: 0,
        groups: 0,
      })
    })

    it('round-trips a full account: every record type and setting, and re-imports add nothing', async () => {
      const erin = await signUp(app, smtp, `erin-full-${kind}@example.com`)
      await buildFullAccount(app, erin)
      const original = await exportJson(erin)
      expect(original.version).toBe(KINDLING_BACKUP_VERSION)
      expect(original.settings).toEqual({
        timeZone: 'Europe/Berlin',
        emailReminders: true,
        remindersPausedUntil: '2031-01-31',
        language: 'pt-BR',
      })
      // What was deleted is left out: the habit and its event, an event, a goal, a reminder.
      expect(
        [original.activities, original.attributes, original.events, original.goals].map(
          (list) => list.length,
        ),
      ).toEqual([4, 10, 5, 3])
      expect(original.reminders.map(({ time, days }) => ({ time, days }))).toEqual([
        { time: '06:15', days: [1, 3, 5] },
        { time: '19:00', days: [] },
        { time: '07:00', days: [0, 1, 2, 3, 4, 5, 6] },
      ])
      expect(original.goals.filter((goal) => goal.target !== null)).toHaveLength(2)

      const fresh = await signUp(app, smtp, `fresh-full-${kind}@example.com`)
      const file = JSON.stringify(original)
      const restored = await upload(fresh, file, 'application/json')
      expect(restored.json()).toEqual({
        format: 'kindling-json',
        activities: 4,
        events: 5,
        attributes: 10,
        goals: 3,
        groups: 1,
        reminders: 3,
        settings: true,
        skipped: [],
        notes: [],
      } satisfies ImportSummary)
      const copy = await exportJson(fresh)
      expect(normalise(copy)).toEqual(normalise(original))
      // The restored reminders are planned to fire, in the restored zone.
      const due = await app.database.db
        .select({ nextDueAt: reminders.nextDueAt, nextDueDay: reminders.nextDueDay })
        .from(reminders)
        .where(and(eq(reminders.author, await uidOf(fresh)), isNull(reminders.deletedAt)))
      expect(due.filter((row) => row.nextDueAt !== null)).toHaveLength(2)

      // Again, into the copy or into the account it came from: nothing is added or changed.
      const nothing = {
        activities: 0,
        events: 0,
        attributes: 0,
        goals: 0,
        groups: 0,
        reminders: 0,
        settings: false,
      }
      expect((await upload(fresh, file, 'application/json')).json()).toMatchObject(nothing)
      expect((await upload(erin, file, 'application/json')).json()).toMatchObject(nothing)
      expect(normalise(await exportJson(fresh))).toEqual(normalise(original))
      expect(normalise(await exportJson(erin))).toEqual(normalise(original))
    })

    it('still imports a version 1 backup (no reminders, no settings) as it was', async () => {
      const fixture = JSON.parse(
        readFileSync(new URL('./fixtures/kindling-backup-v1.json', import.meta.url), 'utf8'),
      ) as Omit<KindlingBackup, 'version' | 'reminders' | 'settings'> & { version: 1 }
      expect(fixture.version).toBe(1)
      const finn = await signUp(app, smtp, `finn-v1-${kind}@example.com`)
      const answer = await upload(finn, JSON.stringify(fixture), 'application/json')
      expect(answer.json()).toEqual({
        format: 'kindling-json',
        activities: 4,
        events: 5,
        attributes: 10,
        goals: 3,
        groups: 1,
        reminders: 0,
        settings: false,
        skipped: [],
        notes: [],
      } satisfies ImportSummary)
      const copy = await exportJson(finn)
      expect(normalise(copy)).toEqual(
        normalise({
          ...fixture,
          version: KINDLING_BACKUP_VERSION,
          // What later formats added, as an older backup's records are read.
          activities: fixture.activities.map((activity) => ({
            ...activity,
            archived: false,
            position: null,
          })),
          groups: fixture.groups.map((group) => ({ ...group, position: null })),
          events: fixture.events.map((event) => ({ ...event, updatedAt: null })),
          goals: fixture.goals.map((goal) => ({
            ...goal,
            // Version 1 wrote a total's target without its kind.
            target:
              goal.target &&
              ('count' in goal.target ? goal.target : { ...goal.target, kind: 'amount' as const }),
          })),
          reminders: [],
          settings: copy.settings,
          breaks: [],
        }),
      )
      expect(copy.settings).toEqual({
        timeZone: DEFAULT_TIME_ZONE,
        emailReminders: false,
        remindersPausedUntil: null,
        language: null,
      })
    })

    it('writes the events as CSV with one column per attribute, in the asked zone', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/export?format=csv&timeZone=Asia/Tokyo',
        headers: { authorization: `Bearer ${alice.token}` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/csv/)
      expect(response.headers['content-disposition']).toMatch(/kindling-events-.*\.csv"$/)
      const [header, ...rows] = parseCsv(response.body)
      expect(header).toEqual(['Date', 'Time', 'Instant', 'Activity', 'km', 'Notes', 'Mood'])
      expect(rows).toContainEqual([
        '2021-06-01',
        '21:00',
        '2021-06-01T12:00:00.000Z',
        'Meditate',
        '',
        'Felt calm',
        '',
      ])
      expect(rows).toContainEqual([
        '2021-07-02',
        '03:00',
        '2021-07-01T18:00:00.000Z',
        'Meditate',
        '',
        '',
        'calm; tired',
      ])
      expect(rows).toContainEqual([
        '2021-06-05',
        '21:00',
        '2021-06-05T12:00:00.000Z',
        'Run',
        '12',
        '',
        '',
      ])
      const bad = await app.inject({
        method: 'GET',
        url: '/api/export?format=xml',
        headers: { authorization: `Bearer ${alice.token}` },
      })
      expect(bad.statusCode).toBe(400)
    })
  })

  describe.skipIf(skip)('GET /api/export?format=csv and spreadsheet formulas', () => {
    it('starts names and text a spreadsheet would run with a quote, numbers stay numbers', async () => {
      const grace = await signUp(app, smtp, `grace-io-${kind}@example.com`)
      const call = async (url: string, payload: object) => {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${grace.token}` },
          payload,
        })
        expect(response.statusCode, response.body).toBe(201)
        return response.json()
      }
      const activity = await call('/api/activities', { name: '=HYPERLINK("x")' })
      const note = await call('/api/attributes', {
        activityId: activity.id,
        type: 'text',
        name: '@SUM(1+1)',
      })
      const score = await call('/api/attributes', {
        activityId: activity.id,
        type: 'number',
        name: '-Score',
        valueType: 'decimal',
      })
      const values = [
        ['+cmd|"/c calc"!A1', -5],
        ['-5', -0.5],
        ['\tlead', 3],
        ['\rback', 4],
        ['plain - text', -12],
      ] as const
      for (const [index, [text, number]] of values.entries()) {
        await call('/api/events', {
          activityId: activity.id,
          eventDate: `2024-01-0${index + 1}T12:00:00.000Z`,
          attributes: { [note.id]: text, [score.id]: number },
        })
      }
      const response = await app.inject({
        method: 'GET',
        url: '/api/export?format=csv',
        headers: { authorization: `Bearer ${grace.token}` },
      })
      const [header, ...rows] = parseCsv(response.body)
      expect(header).toEqual(['Date', 'Time', 'Instant', 'Activity', "'@SUM(1+1)", "'-Score"])
      expect(rows.map((row) => row.slice(3))).toEqual([
        ['\'=HYPERLINK("x")', '\'+cmd|"/c calc"!A1', '-5'],
        ['\'=HYPERLINK("x")', "'-5", '-0.5'],
        ['\'=HYPERLINK("x")', "'\tlead", '3'],
        ['\'=HYPERLINK("x")', "'\rback", '4'],
        ['\'=HYPERLINK("x")', 'plain - text', '-12'],
      ])
      // The backup keeps every value as it is.
      const backup = await exportJson(grace)
      expect(backup.activities[0]?.name).toBe('=HYPERLINK("x")')
      expect(backup.attributes.map((attribute) => attribute.name)).toEqual(['@SUM(1+1)', '-Score'])
      expect(backup.events.map((event) => event.attributes[note.id])).toEqual(
        values.map(([text]) => text),
      )
    })
  })

  describe.skipIf(skip)('goal targets over REST', () => {
    it('takes a target on a number attribute of the same activity only', async () => {
      const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
        app.inject({ method, url, headers: { authorization: `Bearer ${bob.token}` }, payload })
      const activity = (await call('POST', '/api/activities', { name: 'Swim' })).json()
      const other = (await call('POST', '/api/activities', { name: 'Bike' })).json()
      const laps = (
        await call('POST', '/api/attributes', {
          activityId: activity.id,
          type: 'number',
          name: 'Laps',
        })
      ).json()
      const note = (
        await call('POST', '/api/attributes', {
          activityId: activity.id,
          type: 'text',
          name: 'Note',
        })
      ).json()
      const target = { attributeId: laps.id, comparison: 'atLeast', value: 20 }
      const goal = await call('POST', '/api/goals', {
        activityId: activity.id,
        cadence: 'Weekly',
        target,
      })
      expect(goal.statusCode, goal.body).toBe(201)
      // The shape of before counts existed is taken, and answered with its kind.
      expect(goal.json().target).toEqual({ kind: 'amount', ...target })
      const kept = await call('PUT', `/api/goals/${goal.json().id}`, { cadence: 'Monthly' })
      expect(kept.json()).toMatchObject({
        cadence: 'Monthly',
        target: { kind: 'amount', ...target },
      })
      const plain = await call('POST', '/api/goals', { activityId: activity.id, cadence: 'Daily' })
      expect(plain.json().target).toBeNull()
      for (const wrong of [
        { ...target, attributeId: note.id },
        { ...target, attributeId: '00000000-0000-4000-8000-000000000000' },
      ]) {
        const refused = await call('POST', '/api/goals', {
          activityId: activity.id,
          cadence: 'Daily',
          target: wrong,
        })
        expect(refused.statusCode).toBe(400)
        expect(refused.json().error.fields).toHaveProperty(['target.attributeId'])
      }
      const elsewhere = await call('POST', '/api/goals', {
        activityId: other.id,
        cadence: 'Daily',
        target,
      })
      expect(elsewhere.statusCode).toBe(400)
    })

    it('takes a number of events, refuses a count that is not a whole number of 1 or more', async () => {
      const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
        app.inject({ method, url, headers: { authorization: `Bearer ${bob.token}` }, payload })
      const activity = (await call('POST', '/api/activities', { name: 'Row' })).json()
      const three = { kind: 'count', count: 3 }
      const goal = await call('POST', '/api/goals', {
        activityId: activity.id,
        cadence: 'Weekly',
        target: three,
      })
      expect(goal.statusCode, goal.body).toBe(201)
      expect(goal.json().target).toEqual(three)
      for (const count of [0, 2.5, -1, '3']) {
        const refused = await call('PUT', `/api/goals/${goal.json().id}`, {
          target: { kind: 'count', count },
        })
        expect(refused.statusCode, JSON.stringify(count)).toBe(400)
        expect(refused.json().error.fields).toHaveProperty(['target.count'])
      }
      const stored = await app.inject({
        method: 'GET',
        url: `/api/goals/${goal.json().id}`,
        headers: { authorization: `Bearer ${bob.token}` },
      })
      expect(stored.json().target).toEqual(three)
    })
  })

  describe.skipIf(skip)("Loop's frequencies, targets and reminders (issue 48)", () => {
    it('imports what each habit asks: counts, amounts, limits, reminders; approximations said', async () => {
      const dave = await signUp(app, smtp, `dave-goals-${kind}@example.com`)
      const file = await buildLoopBackup(25, [
        {
          name: 'Swim',
          freqNum: 3,
          freqDen: 7,
          // 07:30 on Monday and Wednesday (Loop's mask: Saturday bit 0, Monday bit 2).
          reminder: { hour: 7, minute: 30, days: (1 << 2) | (1 << 4) },
          repetitions: [{ day: '2021-06-01', value: 2 }],
        },
        { name: 'Stretch', freqNum: 1, freqDen: 2, repetitions: [] },
        { name: 'Yoga', freqNum: 8, freqDen: 30, repetitions: [] },
        {
          name: 'Pages read',
          numerical: true,
          unit: 'pages',
          targetType: 0,
          targetValue: 20,
          repetitions: [{ day: '2021-06-01', value: 5000 }],
        },
        {
          name: 'Coffee',
          numerical: true,
          unit: 'cups',
          targetType: 1,
          targetValue: 2,
          repetitions: [{ day: '2021-06-01', value: 3000 }],
        },
      ])
      const first = await upload(dave, file)
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toMatchObject({
        activities: 5,
        goals: 5,
        reminders: 1,
        notes: ['Stretch: every 2 days became 4 times a week.'],
      })
      const activities = await get<Activity[]>(dave, '/api/activities')
      const byName = new Map(activities.map((activity) => [activity.name, activity]))
      const goalsOf = async (name: string) =>
        (await get<Goal[]>(dave, '/api/goals')).filter(
          (goal) => goal.activityId === byName.get(name)?.id,
        )
      expect(byName.get('Swim')?.schedule).toEqual({ type: 'Weekly', days: [] })
      expect(await goalsOf('Swim')).toMatchObject([
        { cadence: 'Weekly', target: { kind: 'count', count: 3 } },
      ])
      expect(await goalsOf('Stretch')).toMatchObject([
        { cadence: 'Weekly', target: { kind: 'count', count: 4 } },
      ])
      expect(byName.get('Yoga')?.schedule).toEqual({ type: 'Monthly', dayOfMonth: 1 })
      expect(await goalsOf('Yoga')).toMatchObject([
        { cadence: 'Monthly', target: { kind: 'count', count: 8 } },
      ])
      const pages = byName.get('Pages read') as Activity
      expect(await goalsOf('Pages read')).toMatchObject([
        {
          cadence: 'Daily',
          target: {
            kind: 'amount',
            attributeId: pages.attributes[0],
            comparison: 'atLeast',
            value: 20,
          },
        },
      ])
      expect(await goalsOf('Coffee')).toMatchObject([
        { cadence: 'Daily', target: { kind: 'amount', comparison: 'atMost', value: 2 } },
      ])
      const reminders = await get<{ activityId: string; time: string; days: number[] }[]>(
        dave,
        '/api/reminders',
      )
      expect(reminders).toMatchObject([
        { activityId: byName.get('Swim')?.id, time: '07:30', days: [1, 3] },
      ])
      // Descriptions no longer carry what is now real (the reminder, the frequency).
      expect(byName.get('Swim')?.description ?? '').not.toContain('Reminder')

      const again = await upload(dave, file)
      expect(again.json()).toMatchObject({ activities: 0, goals: 0, reminders: 0, events: 0 })
    })
  })
})

/**
 * A backup without what differs between two accounts holding the same content: ids (activities
 * and attributes become their positions, others are dropped), authors and the export time.
 * Lists whose order falls back on ids are sorted by content.
 */
function normalise(backup: KindlingBackup) {
  const ids = new Map<string, string>()
  const idOf = (id: string) => {
    if (!ids.has(id)) ids.set(id, `#${ids.size}`)
    return ids.get(id) as string
  }
  for (const activity of backup.activities) {
    idOf(activity.id)
    activity.attributes.forEach(idOf)
  }
  const sorted = <T>(list: T[]) =>
    [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  return {
    ...backup,
    exportedAt: '',
    activities: backup.activities.map((activity) => ({
      ...activity,
      id: idOf(activity.id),
      author: '',
      attributes: activity.attributes.map(idOf),
    })),
    groups: sorted(
      backup.groups.map((group) => ({
        ...group,
        id: '',
        author: '',
        activities: group.activities.map(idOf),
      })),
    ),
    attributes: sorted(
      backup.attributes.map((attribute) => ({
        ...attribute,
        id: idOf(attribute.id),
        author: '',
        activityId: idOf(attribute.activityId),
      })),
    ),
    goals: sorted(
      backup.goals.map((goal) => ({
        ...goal,
        id: '',
        author: '',
        activityId: idOf(goal.activityId),
        target:
          goal.target?.kind === 'amount'
            ? { ...goal.target, attributeId: idOf(goal.target.attributeId) }
            : goal.target,
      })),
    ),
    reminders: sorted(
      backup.reminders.map((reminder) => ({
        ...reminder,
        id: '',
        author: '',
        activityId: idOf(reminder.activityId),
      })),
    ),
    events: sorted(
      backup.events.map((event) => ({
        ...event,
        id: '',
        author: '',
        activityId: idOf(event.activityId),
        attributes: Object.fromEntries(
          Object.entries(event.attributes).map(([id, value]) => [idOf(id), value]),
        ),
      })),
    ),
    breaks: sorted(
      backup.breaks.map((brk) => ({
        ...brk,
        id: '',
        author: '',
        activityId: brk.activityId === null ? null : idOf(brk.activityId),
      })),
    ),
  }
}
