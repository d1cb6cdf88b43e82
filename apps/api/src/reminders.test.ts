import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import { pushSubscriptions, reminderDeliveries, reminders } from './db/schema'
import { caller, createBackend, signUp, startApp, startSmtp, type TestUser } from './test/harness'
import { startPushService } from './test/push-service'

describe('reminders on PGlite', () => {
  let app: App
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let push: Awaited<ReturnType<typeof startPushService>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  let alice: TestUser
  let bob: TestUser
  const clock = { now: new Date('2026-03-07T12:00:00.000Z') }
  const call = caller(() => app)
  /** Reminders the scheduler tests watch (other users' reminders fire too). */
  const watched = new Set<string>()
  const at = async (iso: string) =>
    (await app.reminders.tick(new Date(iso))).filter((d) => watched.has(d.reminderId))

  beforeAll(async () => {
    smtp = await startSmtp()
    push = await startPushService()
    backend = await createBackend('pglite')
    app = await startApp(backend, smtp.url, {}, { clock: () => clock.now, testPushService: push })
    ;[alice, bob] = await Promise.all([
      signUp(app, smtp, 'alice-reminders@example.com'),
      signUp(app, smtp, 'bob-reminders@example.com'),
    ])
  })

  afterAll(async () => {
    await app?.close()
    await push?.close()
    await smtp?.close()
    await backend?.drop()
  })

  async function createActivity(user: TestUser, name: string, schedule?: unknown) {
    const response = await call(user, 'POST', '/api/activities', { name, schedule })
    expect(response.statusCode).toBe(201)
    return response.json() as { id: string }
  }

  describe('settings', () => {
    it('answers the defaults until something is saved, then merges what is sent', async () => {
      const initial = await call(bob, 'GET', '/api/settings')
      expect(initial.json()).toEqual({
        timeZone: 'America/Phoenix',
        emailReminders: false,
        remindersPausedUntil: null,
        language: null,
      })
      const saved = await call(bob, 'PUT', '/api/settings', { timeZone: 'Europe/Berlin' })
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toEqual({
        timeZone: 'Europe/Berlin',
        emailReminders: false,
        remindersPausedUntil: null,
        language: null,
      })
      await call(bob, 'PUT', '/api/settings', { remindersPausedUntil: '2026-08-31' })
      expect((await call(bob, 'GET', '/api/settings')).json()).toMatchObject({
        timeZone: 'Europe/Berlin',
        remindersPausedUntil: '2026-08-31',
      })
    })

    it('refuses an unknown zone and a bad day, and writes nothing', async () => {
      const zone = await call(bob, 'PUT', '/api/settings', { timeZone: 'Mars/Olympus' })
      expect(zone.statusCode).toBe(400)
      expect(zone.json().error.fields).toHaveProperty('timeZone')
      const day = await call(bob, 'PUT', '/api/settings', { remindersPausedUntil: '2026-02-30' })
      expect(day.statusCode).toBe(400)
      // A year PostgreSQL has no text for: refused by the schema, not a database error.
      const yearZero = await call(bob, 'PUT', '/api/settings', {
        remindersPausedUntil: '0000-01-01',
      })
      expect(yearZero.statusCode).toBe(400)
      expect((await call(bob, 'GET', '/api/settings')).json().timeZone).toBe('Europe/Berlin')
    })

    it('keeps the language chosen (issue 54), refuses one Kindling does not speak', async () => {
      const saved = await call(bob, 'PUT', '/api/settings', { language: 'ja' })
      expect(saved.json()).toMatchObject({ language: 'ja', timeZone: 'Europe/Berlin' })
      const unknown = await call(bob, 'PUT', '/api/settings', { language: 'tlh' })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().error.fields).toHaveProperty('language')
      expect((await call(bob, 'GET', '/api/settings')).json().language).toBe('ja')
      await call(bob, 'PUT', '/api/settings', { language: null })
      expect((await call(bob, 'GET', '/api/settings')).json().language).toBeNull()
    })
  })

  describe('the reminders API', () => {
    it('creates, lists, reads, merges an update and deletes, for the owner only', async () => {
      const habit = await createActivity(bob, 'Stretch')
      const created = await call(bob, 'POST', '/api/reminders', {
        activityId: habit.id,
        time: '08:15',
        author: 'someone-else',
      })
      expect(created.statusCode).toBe(201)
      const reminder = created.json()
      expect(reminder).toMatchObject({
        activityId: habit.id,
        time: '08:15',
        days: [0, 1, 2, 3, 4, 5, 6],
        deletedAt: null,
        updatedAt: null,
      })
      expect(reminder.author).not.toBe('someone-else')

      const listed = await call(bob, 'GET', `/api/reminders?activityId=${habit.id}`)
      expect(listed.json()).toEqual([reminder])
      expect((await call(bob, 'GET', '/api/reminders?activityId=nope')).json()).toEqual([])

      const updated = await call(bob, 'PUT', `/api/reminders/${reminder.id}`, { days: [5, 1, 1] })
      expect(updated.statusCode).toBe(200)
      expect(updated.json()).toMatchObject({ time: '08:15', days: [1, 5] })

      expect((await call(alice, 'GET', `/api/reminders/${reminder.id}`)).statusCode).toBe(404)
      expect((await call(alice, 'GET', '/api/reminders')).json()).toEqual([])
      const stolen = await call(alice, 'PUT', `/api/reminders/${reminder.id}`, { time: '09:00' })
      expect(stolen.statusCode).toBe(404)

      expect((await call(bob, 'DELETE', `/api/reminders/${reminder.id}`)).statusCode).toBe(204)
      expect((await call(bob, 'GET', `/api/reminders/${reminder.id}`)).statusCode).toBe(404)
      expect((await call(bob, 'GET', '/api/reminders')).json()).toEqual([])
    })

    it('validates the time, the days and the habit', async () => {
      const habit = await createActivity(bob, 'Floss')
      const badTime = await call(bob, 'POST', '/api/reminders', {
        activityId: habit.id,
        time: '25:00',
      })
      expect(badTime.statusCode).toBe(400)
      expect(badTime.json().error.fields).toHaveProperty('time')
      const badDay = await call(bob, 'POST', '/api/reminders', {
        activityId: habit.id,
        time: '07:00',
        days: [7],
      })
      expect(badDay.json().error.fields).toHaveProperty('days.0')
      const aliceHabit = await createActivity(alice, 'Secret')
      const foreign = await call(bob, 'POST', '/api/reminders', {
        activityId: aliceHabit.id,
        time: '07:00',
      })
      expect(foreign.statusCode).toBe(400)
      expect(foreign.json().error.fields).toHaveProperty('activityId')
    })

    it('allows at most 24 reminders per habit', async () => {
      const habit = await createActivity(bob, 'Hydrate')
      for (let hour = 0; hour < 24; hour += 1) {
        const time = `${String(hour).padStart(2, '0')}:00`
        const response = await call(bob, 'POST', '/api/reminders', { activityId: habit.id, time })
        expect(response.statusCode).toBe(201)
      }
      const over = await call(bob, 'POST', '/api/reminders', {
        activityId: habit.id,
        time: '12:30',
      })
      expect(over.statusCode).toBe(400)
      expect(over.json().error.fields.activityId).toMatch(/at most 24/)
    })
  })

  describe('push subscriptions', () => {
    it('stores the browser subscription JSON, refuses plain http, and removes by endpoint', async () => {
      const { subscription } = push.subscribe()
      const created = await call(bob, 'POST', '/api/push/subscriptions', {
        ...subscription,
        expirationTime: null,
      })
      expect(created.statusCode).toBe(201)
      expect(created.json().endpoint).toBe(subscription.endpoint)
      const http = await call(bob, 'POST', '/api/push/subscriptions', {
        ...subscription,
        endpoint: 'http://push.example.com/x',
      })
      expect(http.statusCode).toBe(400)
      const body = { endpoint: subscription.endpoint }
      expect((await call(alice, 'DELETE', '/api/push/subscriptions', body)).statusCode).toBe(404)
      expect((await call(bob, 'DELETE', '/api/push/subscriptions', body)).statusCode).toBe(204)
      expect((await call(bob, 'DELETE', '/api/push/subscriptions', body)).statusCode).toBe(404)
    })

    it('serves the VAPID public key without sign-in', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/push/public-key' })
      expect(response.statusCode).toBe(200)
      expect(response.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    })
  })

  describe('the scheduler', () => {
    let habitId: string
    let reminderId: string
    let subscriber: ReturnType<typeof push.subscribe>

    beforeAll(async () => {
      clock.now = new Date('2026-03-07T12:00:00.000Z') // 07:00 in New York (EST)
      await call(alice, 'PUT', '/api/settings', { timeZone: 'America/New_York' })
      habitId = (await createActivity(alice, 'Meditate')).id
      const created = await call(alice, 'POST', '/api/reminders', {
        activityId: habitId,
        time: '07:30',
      })
      reminderId = created.json().id
      watched.add(reminderId)
      subscriber = push.subscribe()
      const stored = await call(alice, 'POST', '/api/push/subscriptions', subscriber.subscription)
      expect(stored.statusCode).toBe(201)
    })

    const pushesTo = (endpoint: string) =>
      push.received.filter((message) => endpoint.endsWith(message.path))

    it('delivers a due reminder by Web Push once, encrypted for the subscription', async () => {
      expect(await at('2026-03-07T12:29:59.000Z')).toEqual([])
      const deliveries = await at('2026-03-07T12:30:04.000Z')
      expect(push.errors).toEqual([])
      expect(deliveries).toEqual([
        { reminderId, day: '2026-03-07', kind: 'regular', status: 'sent', sent: 1 },
      ])
      expect(await at('2026-03-07T12:31:00.000Z')).toEqual([])
      const [message] = pushesTo(subscriber.subscription.endpoint)
      expect(pushesTo(subscriber.subscription.endpoint)).toHaveLength(1)
      expect(push.errors).toEqual([])
      expect(message?.payload).toMatchObject({
        type: 'reminder',
        title: 'Meditate',
        body: expect.stringContaining('Meditate'),
        reminderId,
        activityId: habitId,
        day: '2026-03-07',
        url: `/activities/${habitId}`,
      })
      const publicKey = (await app.inject({ method: 'GET', url: '/api/push/public-key' })).json()
      expect(message?.vapidKey).toBe(publicKey.publicKey)
      expect(message?.claims.aud).toBe(push.origin)
      expect(message?.claims.sub).toMatch(/^(mailto:|https:)/)
    })

    it('follows New York into daylight saving time: 07:30 EDT is 11:30 UTC', async () => {
      expect(await at('2026-03-08T11:29:00.000Z')).toEqual([])
      const deliveries = await at('2026-03-08T11:30:02.000Z')
      expect(deliveries.map((d) => `${d.day} ${d.status}`)).toEqual(['2026-03-08 sent'])
    })

    it('skips the reminder when the habit is already done that day', async () => {
      clock.now = new Date('2026-03-09T11:00:00.000Z')
      const event = await call(alice, 'POST', '/api/events', {
        activityId: habitId,
        eventDate: '2026-03-09T11:00:00.000Z',
      })
      expect(event.statusCode).toBe(201)
      const deliveries = await at('2026-03-09T11:30:02.000Z')
      expect(deliveries.map((d) => d.status)).toEqual(['skipped-done'])
      expect(pushesTo(subscriber.subscription.endpoint)).toHaveLength(2)
    })

    it('skips the reminder while reminders are paused, the last day included', async () => {
      await call(alice, 'PUT', '/api/settings', { remindersPausedUntil: '2026-03-10' })
      expect((await at('2026-03-10T11:30:02.000Z')).map((d) => d.status)).toEqual([
        'skipped-paused',
      ])
      await call(alice, 'PUT', '/api/settings', { remindersPausedUntil: null })
      const [row] = await app.database.db
        .select()
        .from(reminderDeliveries)
        .where(
          and(
            eq(reminderDeliveries.reminderId, reminderId),
            eq(reminderDeliveries.day, '2026-03-10'),
          ),
        )
      expect(row?.status).toBe('skipped-paused')
    })

    it('also e-mails the reminder when e-mail reminders are on', async () => {
      await call(alice, 'PUT', '/api/settings', { emailReminders: true })
      const deliveries = await at('2026-03-11T11:30:02.000Z')
      expect(deliveries).toMatchObject([{ status: 'sent', sent: 2 }])
      const mail = await smtp.waitFor(alice.email)
      const reminderMail = smtp.mails.find(
        (candidate) =>
          candidate.to === alice.email && /Subject: Reminder: Meditate/.test(candidate.raw),
      )
      expect(mail).toBeDefined()
      expect(reminderMail?.raw.replace(/=\r?\n/g, '')).toContain(`/activities/${habitId}`)
      await call(alice, 'PUT', '/api/settings', { emailReminders: false })
    })

    it('skips a reminder more than an hour late, and sends one less late', async () => {
      // Nothing ran on 03-12 until 90 minutes after the reminder: it is skipped.
      expect(await at('2026-03-12T13:00:00.000Z')).toEqual([])
      const [missed] = await app.database.db
        .select()
        .from(reminderDeliveries)
        .where(
          and(
            eq(reminderDeliveries.reminderId, reminderId),
            eq(reminderDeliveries.day, '2026-03-12'),
          ),
        )
      expect(missed?.status).toBe('missed')
      // On 03-13 the first pass comes 50 minutes late: it is still sent.
      expect((await at('2026-03-13T12:20:00.000Z')).map((d) => `${d.day} ${d.status}`)).toEqual([
        '2026-03-13 sent',
      ])
    })

    it("delivers 'Snooze 1 hour' once, an hour later", async () => {
      clock.now = new Date('2026-03-13T12:25:00.000Z')
      const snoozed = await call(alice, 'POST', `/api/reminders/${reminderId}/snooze`)
      expect(snoozed.statusCode).toBe(201)
      expect(snoozed.json().dueAt).toBe('2026-03-13T13:25:00.000Z')
      expect(await at('2026-03-13T13:24:00.000Z')).toEqual([])
      expect(await at('2026-03-13T13:25:03.000Z')).toMatchObject([
        { reminderId, day: '2026-03-13', kind: 'snooze', status: 'sent' },
      ])
      expect(await at('2026-03-13T13:30:00.000Z')).toEqual([])
      const other = await call(bob, 'POST', `/api/reminders/${reminderId}/snooze`)
      expect(other.statusCode).toBe(404)
    })

    it('removes a subscription the push service answers 410 Gone for', async () => {
      const gone = push.goneSubscription()
      await call(alice, 'POST', '/api/push/subscriptions', gone.subscription)
      const deliveries = await at('2026-03-14T11:30:02.000Z')
      expect(deliveries).toMatchObject([{ status: 'sent', sent: 1 }])
      const left = await app.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, gone.subscription.endpoint))
      expect(left).toEqual([])
    })

    it('never fires twice on a day whose time was edited after it fired', async () => {
      clock.now = new Date('2026-03-14T11:40:00.000Z')
      const moved = await call(alice, 'PUT', `/api/reminders/${reminderId}`, { time: '08:00' })
      expect(moved.statusCode).toBe(200)
      expect(await at('2026-03-14T12:00:05.000Z')).toEqual([])
      expect((await at('2026-03-15T12:00:05.000Z')).map((d) => d.day)).toEqual(['2026-03-15'])
    })

    it('stamps a new change-feed number when the reminder changes, not when it fires', async () => {
      const seqOf = async () => {
        const [row] = await app.database.db
          .select({ seq: reminders.seq })
          .from(reminders)
          .where(eq(reminders.id, reminderId))
        return Number(row?.seq)
      }
      const before = await seqOf()
      expect(before).toBeGreaterThan(0)
      expect(await at('2026-03-16T12:00:05.000Z')).toHaveLength(1)
      expect(await seqOf()).toBe(before)
      clock.now = new Date('2026-03-16T13:00:00.000Z')
      await call(alice, 'PUT', `/api/reminders/${reminderId}`, { days: [1, 2, 3] })
      expect(await seqOf()).toBeGreaterThan(before)
    })

    it('fires at the local time on Lord Howe Island across its half-hour change', async () => {
      clock.now = new Date('2026-10-03T10:00:00.000Z')
      await call(alice, 'DELETE', `/api/reminders/${reminderId}`)
      await call(alice, 'PUT', '/api/settings', { timeZone: 'Australia/Lord_Howe' })
      const created = await call(alice, 'POST', '/api/reminders', {
        activityId: habitId,
        time: '02:15',
      })
      const lordHowe = created.json().id
      watched.add(lordHowe)
      // 02:15 does not exist on 2026-10-04 (02:00 +10:30 → 02:30 +11): it fires at 02:45.
      expect(await at('2026-10-03T15:44:59.000Z')).toEqual([])
      expect(await at('2026-10-03T15:45:02.000Z')).toMatchObject([
        { reminderId: lordHowe, day: '2026-10-04', status: 'sent' },
      ])
      // The next day at 02:15 +11.
      expect(await at('2026-10-04T15:14:00.000Z')).toEqual([])
      expect((await at('2026-10-04T15:15:01.000Z')).map((d) => d.day)).toEqual(['2026-10-05'])
    })
  })

  it('sends the reminders due together at most 16 at a time, each once', async () => {
    clock.now = new Date('2026-05-01T06:00:00.000Z')
    const carol = await signUp(app, smtp, 'carol-reminders@example.com')
    await call(carol, 'PUT', '/api/settings', { timeZone: 'UTC' })
    const subscriber = push.subscribe()
    await call(carol, 'POST', '/api/push/subscriptions', subscriber.subscription)
    const habitId = (await createActivity(carol, 'Stretch')).id
    const ids: string[] = []
    for (let index = 0; index < 20; index += 1) {
      const created = await call(carol, 'POST', '/api/reminders', {
        activityId: habitId,
        time: '07:00',
      })
      expect(created.statusCode).toBe(201)
      ids.push(created.json().id)
      watched.add(created.json().id)
    }
    // Nothing is answered until 16 pushes wait at once; none past the bound comes meanwhile.
    push.hold()
    const pass = at('2026-05-01T07:00:05.000Z')
    await push.whenInFlight(16)
    push.release()
    const deliveries = await pass
    expect(deliveries.filter((d) => ids.includes(d.reminderId)).map((d) => d.status)).toEqual(
      ids.map(() => 'sent'),
    )
    expect(push.maxInFlight).toBe(16)
    for (const id of ids) {
      const mine = push.received.filter((message) => message.payload.reminderId === id)
      expect(mine, id).toHaveLength(1)
    }
  })
})
