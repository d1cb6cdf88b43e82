import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import type { App } from './app'
import {
  createBackend,
  postgresAvailable,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
} from './test/harness'
import { startPushService } from './test/push-service'

const hasPostgres = await postgresAvailable()

/**
 * Issue 18's "exactly once": several API nodes on one PostgreSQL, and nodes that stop and start
 * around the due time. Each node is a whole app (its own pool, scheduler and DATA_DIR) sharing
 * the database and the configured VAPID keys, as a real deployment would.
 */
describe.skipIf(!hasPostgres)('reminders across nodes on PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let push: Awaited<ReturnType<typeof startPushService>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  const dataDirs: string[] = []
  const nodes: App[] = []
  const clock = { now: new Date('2026-03-07T12:00:00.000Z') }
  const keys = webpush.generateVAPIDKeys()
  let user: TestUser
  let endpoint: string

  async function startNode(env: Record<string, string> = {}): Promise<App> {
    const dataDir = mkdtempSync(join(tmpdir(), 'kindling-node-'))
    dataDirs.push(dataDir)
    const node = await startApp(
      { dataDir, databaseUrl: backend.databaseUrl },
      smtp.url,
      {
        AUTH_SECRET: 'a shared secret of all the nodes, 32+ chars',
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        ...env,
      },
      { clock: () => clock.now, testPushService: push },
    )
    nodes.push(node)
    return node
  }

  const call = (node: App, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    node.inject({
      method,
      url,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  const pushesFor = (reminderId: string) =>
    push.received.filter(
      (message) => endpoint.endsWith(message.path) && message.payload.reminderId === reminderId,
    )

  async function createReminder(node: App, time: string): Promise<string> {
    const habit = await call(node, 'POST', '/api/activities', { name: `Habit ${time}` })
    const reminder = await call(node, 'POST', '/api/reminders', {
      activityId: habit.json().id,
      time,
    })
    expect(reminder.statusCode).toBe(201)
    return reminder.json().id
  }

  beforeAll(async () => {
    smtp = await startSmtp()
    push = await startPushService()
    backend = await createBackend('postgres')
    const first = await startNode()
    user = await signUp(first, smtp, 'nodes@example.com')
    await call(first, 'PUT', '/api/settings', { timeZone: 'America/New_York' })
    const subscriber = push.subscribe()
    endpoint = subscriber.subscription.endpoint
    await call(first, 'POST', '/api/push/subscriptions', subscriber.subscription)
  })

  afterAll(async () => {
    for (const node of nodes) await node.close().catch(() => undefined)
    await push?.close()
    await smtp?.close()
    await backend?.drop()
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  })

  it('two nodes passing at the same moment deliver one reminder once', async () => {
    const [a] = nodes as [App]
    const b = await startNode()
    clock.now = new Date('2026-03-07T12:00:00.000Z')
    const reminderId = await createReminder(b, '07:30') // 12:30 UTC
    const due = new Date('2026-03-07T12:30:01.000Z')
    const passes = await Promise.all([a.reminders.tick(due), b.reminders.tick(due)])
    const mine = passes.flat().filter((delivery) => delivery.reminderId === reminderId)
    expect(mine).toMatchObject([{ day: '2026-03-07', status: 'sent' }])
    expect(pushesFor(reminderId)).toHaveLength(1)
    expect(pushesFor(reminderId)[0]?.payload.title).toBe('Habit 07:30')
  })

  it('two nodes share forty reminders due together: each is delivered exactly once', async () => {
    const [a, b] = nodes as [App, App]
    clock.now = new Date('2026-03-08T12:00:00.000Z')
    const habits = [
      (await call(a, 'POST', '/api/activities', { name: 'Many' })).json().id,
      (await call(b, 'POST', '/api/activities', { name: 'More' })).json().id,
    ]
    const ids: string[] = []
    for (let index = 0; index < 40; index += 1) {
      // Twenty per habit, half at 08:45 and half at 08:46 (EDT): all due by the passes below.
      const response = await call(index % 2 ? a : b, 'POST', '/api/reminders', {
        activityId: habits[index % 2],
        time: index < 20 ? '08:45' : '08:46',
      })
      expect(response.statusCode).toBe(201)
      ids.push(response.json().id)
    }
    const due = new Date('2026-03-08T12:46:30.000Z')
    const passes = await Promise.all([
      a.reminders.tick(due),
      b.reminders.tick(due),
      a.reminders.tick(due),
      b.reminders.tick(due),
    ])
    const delivered = passes.flat().filter((delivery) => ids.includes(delivery.reminderId))
    expect(delivered).toHaveLength(40)
    expect(new Set(delivered.map((delivery) => delivery.reminderId)).size).toBe(40)
    for (const id of ids) expect(pushesFor(id), id).toHaveLength(1)
  })

  it('delivers many due reminders several at a time, never more than the bound, each once', async () => {
    // Two more nodes that send at most three at once.
    const [c, d] = [
      await startNode({ REMINDER_CONCURRENCY: '3' }),
      await startNode({ REMINDER_CONCURRENCY: '3' }),
    ]
    clock.now = new Date('2026-03-14T12:00:00.000Z')
    const habits: string[] = []
    for (const name of ['Pool A', 'Pool B']) {
      habits.push((await call(c, 'POST', '/api/activities', { name })).json().id)
    }
    const ids: string[] = []
    for (let index = 0; index < 30; index += 1) {
      const response = await call(c, 'POST', '/api/reminders', {
        activityId: habits[index % 2],
        time: '08:30', // 12:30 UTC (EDT)
      })
      expect(response.statusCode).toBe(201)
      ids.push(response.json().id)
    }
    const due = new Date('2026-03-14T12:30:10.000Z')
    // The push service answers nothing until three pushes wait at once: they went out together.
    push.hold()
    const passes = Promise.all([c.reminders.tick(due), d.reminders.tick(due)])
    await push.whenInFlight(3)
    push.release()
    const delivered = (await passes).flat().filter((item) => ids.includes(item.reminderId))
    expect(delivered.map((item) => item.status)).toEqual(ids.map(() => 'sent'))
    expect(new Set(delivered.map((item) => item.reminderId)).size).toBe(30)
    for (const id of ids) expect(pushesFor(id), id).toHaveLength(1)
    // Three at most per node, whichever of them claimed what.
    expect(push.maxInFlight).toBeGreaterThanOrEqual(3)
    expect(push.maxInFlight).toBeLessThanOrEqual(6)
  })

  it('a node holding a reminder mid-claim is skipped; when it dies the other sends it once', async () => {
    const [a] = nodes as [App]
    clock.now = new Date('2026-03-09T12:00:00.000Z')
    const reminderId = await createReminder(a, '09:10') // 13:10 UTC
    const due = new Date('2026-03-09T13:10:05.000Z')
    // Another node's claim transaction, stopped in the middle: it holds the reminder's row.
    const dying = new pg.Client({ connectionString: backend.databaseUrl })
    await dying.connect()
    await dying.query('begin')
    await dying.query('select id from reminders where id = $1 for update', [reminderId])
    const whileHeld = await a.reminders.tick(due)
    expect(whileHeld.filter((delivery) => delivery.reminderId === reminderId)).toEqual([])
    // The node dies: its connection ends and its transaction rolls back.
    await dying.end()
    const after = await a.reminders.tick(due)
    expect(after.filter((delivery) => delivery.reminderId === reminderId)).toMatchObject([
      { status: 'sent' },
    ])
    expect(pushesFor(reminderId)).toHaveLength(1)
  })

  it('restarts around the due time: sent once, and sent late only within the hour', async () => {
    const [a] = nodes as [App]
    clock.now = new Date('2026-03-10T12:00:00.000Z')
    const reminderId = await createReminder(a, '10:00') // 14:00 UTC
    const passAt = async (node: App, iso: string) =>
      (await node.reminders.tick(new Date(iso))).filter((d) => d.reminderId === reminderId)

    // Delivered by a node that is then killed; a node started after it does not send again.
    expect(await passAt(a, '2026-03-10T14:00:01.000Z')).toMatchObject([{ status: 'sent' }])
    const restarted = await startNode()
    expect(await passAt(restarted, '2026-03-10T14:00:30.000Z')).toEqual([])
    expect(await passAt(restarted, '2026-03-10T14:05:00.000Z')).toEqual([])
    expect(pushesFor(reminderId)).toHaveLength(1)

    // Down over the next day's due time, back 20 minutes later: sent once, on the first pass.
    await restarted.close()
    const back = await startNode()
    expect(await passAt(back, '2026-03-11T14:20:00.000Z')).toMatchObject([
      { day: '2026-03-11', status: 'sent' },
    ])
    const again = await startNode()
    expect(await passAt(again, '2026-03-11T14:21:00.000Z')).toEqual([])
    expect(pushesFor(reminderId)).toHaveLength(2)

    // Down for 90 minutes over the due time: skipped, and the next day fires as usual.
    expect(await passAt(again, '2026-03-12T15:30:00.000Z')).toEqual([])
    expect(await passAt(back, '2026-03-13T14:00:02.000Z')).toMatchObject([
      { day: '2026-03-13', status: 'sent' },
    ])
    expect(pushesFor(reminderId)).toHaveLength(3)
    const stored = await call(back, 'GET', `/api/reminders/${reminderId}`)
    expect(stored.statusCode).toBe(200)
  })
})
