import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CreatedWebhook, WebhookDelivery, WebhookPayload } from '@kindling/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import {
  createBackend,
  postgresAvailable,
  signUp,
  startApp,
  startSmtp,
  type TestUser,
  testBackends,
} from './test/harness'
import { buildHabitBullCsv } from './test/import-fixtures'
import { webhookBackoff } from './webhooks/sender'

/*
 * Issue 52: webhooks, against a receiver this test runs on 127.0.0.1 (allowed by the operator's
 * WEBHOOK_ALLOWED_HOSTS, as a service of one's own network would be). The sender is driven by
 * hand (app.webhooks.tick) on a clock the test moves: retries and the day of failures pass
 * without waiting.
 */

const NOW = new Date('2027-03-03T18:00:00Z')
const MINUTE = 60_000
const HOUR = 60 * MINUTE

interface Received {
  headers: IncomingMessage['headers']
  body: string
}

/** What the receiver does with the next request: answer a status, or never answer. */
type Behaviour = number | 'hang'

/** An HTTP receiver that keeps every request and answers as told (200 by default). */
async function startReceiver() {
  const received: Received[] = []
  const plan: Behaviour[] = []
  let always: Behaviour = 200
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      const behaviour = plan.shift() ?? always
      if (behaviour === 'hang') return
      response.writeHead(behaviour, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The next requests' answers, in order; then `always`. */
    answer: (...next: Behaviour[]) => plan.push(...next),
    answerAlways: (behaviour: Behaviour) => {
      always = behaviour
    },
    payloads: () => received.map((item) => JSON.parse(item.body) as WebhookPayload),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Checks a `Kindling-Signature` header as the docs tell receivers to. */
function verifySignature(secret: string, header: string, body: string): number {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)))
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest()
  const given = Buffer.from(parts.v1 ?? '', 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error('bad signature')
  }
  return Number(parts.t)
}

function testClock() {
  let now = NOW.getTime()
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` })

async function addWebhook(
  app: App,
  user: TestUser,
  url: string,
  events: string[],
): Promise<CreatedWebhook> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(user),
    payload: { url, events },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const ALL_EVENTS = [
  'event.logged',
  'event.changed',
  'event.deleted',
  'habit.created',
  'habit.changed',
  'habit.deleted',
  'goal.done',
]

describe.each(await testBackends())('webhooks on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  const time = testClock()

  beforeAll(async () => {
    if (skip) return
    smtp = await startSmtp()
    backend = await createBackend(kind)
    receiver = await startReceiver()
    app = await startApp(
      backend,
      smtp.url,
      { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
      { clock: time.clock, webhooks: { timeoutMs: 500 } },
    )
  })

  afterAll(async () => {
    if (skip) return
    await app.close()
    await receiver.close()
    await smtp.close()
    await backend.drop()
  })

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) })

  const deliveriesOf = async (user: TestUser, webhookId: string) =>
    (await call(user, 'GET', `/api/webhooks/${webhookId}/deliveries`)).json() as WebhookDelivery[]

  describe.skipIf(skip)('delivery', () => {
    it('sends each change once, signed, with its id, type, time and record', async () => {
      receiver.received.splice(0)
      const user = await signUp(app, smtp, `hooks-${kind}-${crypto.randomUUID()}@example.com`)
      const { webhook, secret } = await addWebhook(app, user, receiver.url, ALL_EVENTS)
      expect(secret).toMatch(/^whsec_/)
      expect(webhook).toMatchObject({ url: receiver.url, events: ALL_EVENTS, disabledAt: null })
      const listed = await call(user, 'GET', '/api/webhooks')
      expect(listed.json()).toEqual([webhook])
      expect(listed.body).not.toContain(secret)

      const habit = (await call(user, 'POST', '/api/activities', { name: 'Read' })).json()
      const goal = (
        await call(user, 'POST', '/api/goals', { activityId: habit.id, cadence: 'Daily' })
      ).json()
      const first = (
        await call(user, 'POST', '/api/events', {
          activityId: habit.id,
          eventDate: NOW.toISOString(),
          attributes: {},
        })
      ).json()
      // A second event the same day: the goal was already done.
      const second = (
        await call(user, 'POST', '/api/events', {
          activityId: habit.id,
          eventDate: NOW.toISOString(),
          attributes: {},
        })
      ).json()
      const renamed = (
        await call(user, 'PUT', `/api/activities/${habit.id}`, { name: 'Study' })
      ).json()
      expect((await call(user, 'DELETE', `/api/events/${second.id}`)).statusCode).toBe(204)

      const attempts = await app.webhooks.tick()
      expect(attempts.map((attempt) => attempt.outcome)).toEqual(Array(6).fill('delivered'))
      expect(await app.webhooks.tick()).toEqual([])

      const payloads = receiver.payloads()
      const byType = (type: string) => payloads.filter((payload) => payload.type === type)
      expect(payloads.map((payload) => payload.type).sort()).toEqual([
        'event.deleted',
        'event.logged',
        'event.logged',
        'goal.done',
        'habit.changed',
        'habit.created',
      ])
      expect(byType('habit.created')[0]?.record).toEqual(habit)
      expect(byType('habit.changed')[0]?.record).toEqual(renamed)
      expect(
        byType('event.logged')
          .map((payload) => payload.record.id)
          .sort(),
      ).toEqual([first.id, second.id].sort())
      expect(byType('goal.done')[0]?.record).toEqual(goal)
      expect(byType('event.deleted')[0]?.record).toMatchObject({ id: second.id })
      expect(byType('event.deleted')[0]?.record.deletedAt).not.toBeNull()
      for (const payload of payloads) {
        expect(payload.createdAt).toBe(NOW.toISOString())
        expect(payload.id).toMatch(/^[0-9a-f-]{36}$/)
      }
      expect(new Set(payloads.map((payload) => payload.id)).size).toBe(6)

      for (const item of receiver.received) {
        expect(item.headers['content-type']).toBe('application/json')
        const t = verifySignature(secret, String(item.headers['kindling-signature']), item.body)
        expect(t).toBe(Math.floor(NOW.getTime() / 1000))
        // Another secret does not verify it.
        expect(() =>
          verifySignature('whsec_other', String(item.headers['kindling-signature']), item.body),
        ).toThrow()
      }
      const deliveries = await deliveriesOf(user, webhook.id)
      expect(deliveries).toHaveLength(6)
      expect(deliveries.every((item) => item.status === 'delivered' && item.attempts === 1)).toBe(
        true,
      )
      expect(deliveries[0]?.responseStatus).toBe(200)
    })

    it('sends only the subscribed types, and nothing of other users', async () => {
      receiver.received.splice(0)
      const user = await signUp(app, smtp, `types-${kind}-${crypto.randomUUID()}@example.com`)
      const other = await signUp(
        app,
        smtp,
        `types-other-${kind}-${crypto.randomUUID()}@example.com`,
      )
      await addWebhook(app, user, receiver.url, ['habit.deleted'])
      const habit = (await call(user, 'POST', '/api/activities', { name: 'Walk' })).json()
      await call(other, 'POST', '/api/activities', { name: 'Swim' })
      await call(user, 'DELETE', `/api/activities/${habit.id}`)
      await app.webhooks.tick()
      expect(receiver.payloads().map((payload) => [payload.type, payload.record.id])).toEqual([
        ['habit.deleted', habit.id],
      ])
    })

    it('retries after a 500 and a timeout with exponential backoff, the same delivery id each time', async () => {
      receiver.received.splice(0)
      const user = await signUp(app, smtp, `retry-${kind}-${crypto.randomUUID()}@example.com`)
      const { webhook, secret } = await addWebhook(app, user, receiver.url, ['habit.created'])
      await call(user, 'POST', '/api/activities', { name: 'Yoga' })
      receiver.answer(500, 'hang', 204)

      const firstTry = await app.webhooks.tick()
      expect(firstTry.map((attempt) => attempt.outcome)).toEqual(['retry'])
      let [delivery] = await deliveriesOf(user, webhook.id)
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 })
      expect(Date.parse(delivery?.nextAttemptAt ?? '') - time.clock().getTime()).toBe(
        webhookBackoff(1),
      )
      // Not due yet: nothing is sent.
      expect(await app.webhooks.tick()).toEqual([])
      expect(receiver.received).toHaveLength(1)

      time.advance(webhookBackoff(1))
      const timedOut = await app.webhooks.tick()
      expect(timedOut.map((attempt) => [attempt.outcome, attempt.error])).toEqual([
        ['retry', 'No answer within 0.5 s.'],
      ])
      ;[delivery] = await deliveriesOf(user, webhook.id)
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2, responseStatus: null })
      expect(Date.parse(delivery?.nextAttemptAt ?? '') - time.clock().getTime()).toBe(
        webhookBackoff(2),
      )
      expect(webhookBackoff(2)).toBe(2 * webhookBackoff(1))

      time.advance(webhookBackoff(2))
      expect((await app.webhooks.tick()).map((attempt) => attempt.outcome)).toEqual(['delivered'])
      ;[delivery] = await deliveriesOf(user, webhook.id)
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204 })

      const ids = receiver.payloads().map((payload) => payload.id)
      expect(ids).toHaveLength(3)
      expect(new Set(ids).size).toBe(1)
      for (const item of receiver.received) {
        verifySignature(secret, String(item.headers['kindling-signature']), item.body)
      }
      const hooks = (await call(user, 'GET', '/api/webhooks')).json()
      expect(hooks[0].failingSince).toBeNull()
    })

    it('turns a webhook that fails for a day off and tells its owner by e-mail; its owner turns it on again', async () => {
      receiver.received.splice(0)
      const email = `failing-${kind}-${crypto.randomUUID()}@example.com`
      const user = await signUp(app, smtp, email)
      smtp.mails.splice(0)
      const { webhook } = await addWebhook(app, user, receiver.url, ['habit.created'])
      await call(user, 'POST', '/api/activities', { name: 'Run' })
      receiver.answerAlways(503)
      try {
        const outcomes: string[] = []
        for (let hour = 0; hour <= 25; hour++) {
          for (const attempt of await app.webhooks.tick()) outcomes.push(attempt.outcome)
          time.advance(HOUR)
        }
        expect(outcomes.at(-1)).toBe('failed')
        expect(outcomes.filter((outcome) => outcome === 'retry').length).toBeGreaterThan(10)
      } finally {
        receiver.answerAlways(200)
      }
      const [hook] = (await call(user, 'GET', '/api/webhooks')).json()
      expect(hook.disabledAt).not.toBeNull()
      const [delivery] = await deliveriesOf(user, webhook.id)
      expect(delivery?.status).toBe('failed')
      const mail = await smtp.waitFor(email)
      expect(mail.raw).toContain('stopped sending to a webhook')
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain(receiver.url)

      // Turned off: new changes are not recorded for it.
      const sent = receiver.received.length
      await call(user, 'POST', '/api/activities', { name: 'Swim' })
      expect(await app.webhooks.tick()).toEqual([])
      expect(receiver.received).toHaveLength(sent)

      // The way back: only its owner, with a session, turns it on; its failures are forgotten.
      const other = await signUp(
        app,
        smtp,
        `failing-other-${kind}-${crypto.randomUUID()}@example.com`,
      )
      expect((await call(other, 'POST', `/api/webhooks/${webhook.id}/enable`)).statusCode).toBe(404)
      const token = (
        await call(user, 'POST', '/api/tokens', { name: 'bot', scope: 'write', expires: 'never' })
      ).json().secret as string
      const withToken = await app.inject({
        method: 'POST',
        url: `/api/webhooks/${webhook.id}/enable`,
        headers: { authorization: `Bearer ${token}` },
      })
      expect(withToken.statusCode).toBe(403)
      expect(withToken.json().error.code).toBe('token-not-allowed')
      expect((await call(user, 'GET', '/api/webhooks')).json()[0].disabledAt).not.toBeNull()

      const enabled = await call(user, 'POST', `/api/webhooks/${webhook.id}/enable`)
      expect(enabled.statusCode, enabled.body).toBe(200)
      expect(enabled.json()).toMatchObject({ id: webhook.id, disabledAt: null, failingSince: null })
      expect((await call(user, 'GET', '/api/webhooks')).json()[0]).toMatchObject({
        disabledAt: null,
        failingSince: null,
      })
      // Turning on one that is on changes nothing.
      const again = await call(user, 'POST', `/api/webhooks/${webhook.id}/enable`)
      expect(again.json()).toEqual(enabled.json())

      // Deliveries resume with the next change; what changed while it was off is not sent.
      await call(user, 'POST', '/api/activities', { name: 'Row' })
      expect((await app.webhooks.tick()).map((attempt) => attempt.outcome)).toEqual(['delivered'])
      expect(receiver.payloads().at(-1)?.record).toMatchObject({ name: 'Row' })
      expect(receiver.received).toHaveLength(sent + 1)
    })

    it('sends what an import stored', async () => {
      receiver.received.splice(0)
      const user = await signUp(app, smtp, `import-${kind}-${crypto.randomUUID()}@example.com`)
      await addWebhook(app, user, receiver.url, ['habit.created', 'event.logged'])
      const csv = buildHabitBullCsv([
        { name: 'Floss', day: '2027-03-01', value: 1 },
        { name: 'Floss', day: '2027-03-02', value: 1 },
      ])
      const imported = await app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { ...bearer(user), 'content-type': 'text/csv' },
        payload: csv,
      })
      expect(imported.statusCode, imported.body).toBe(200)
      await app.webhooks.tick()
      expect(
        receiver
          .payloads()
          .map((payload) => payload.type)
          .sort(),
      ).toEqual(['event.logged', 'event.logged', 'habit.created'])
    })
  })

  describe.skipIf(skip)('managing', () => {
    it('refuses URLs of this machine, its network or without https (SSRF), and takes public https ones', async () => {
      const user = await signUp(app, smtp, `ssrf-${kind}-${crypto.randomUUID()}@example.com`)
      for (const url of [
        'http://hooks.example.com/x',
        'https://127.0.0.2/x',
        'https://10.0.0.8/x',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/x',
        'https://localhost/x',
        'https://printer.local/x',
        'https://nas.lan/x',
        'https://intranet/x',
        'https://hooks.example.com:8443/x',
        'https://user:secret@hooks.example.com/x',
        'ftp://hooks.example.com/x',
        'not a url',
      ]) {
        const refused = await call(user, 'POST', '/api/webhooks', { url, events: ['event.logged'] })
        expect(refused.statusCode, url).toBe(400)
        expect(refused.json().error.fields, url).toHaveProperty('url')
      }
      const noEvents = await call(user, 'POST', '/api/webhooks', {
        url: 'https://hooks.example.com/x',
        events: [],
      })
      expect(noEvents.json().error.fields).toHaveProperty('events')
      expect((await call(user, 'GET', '/api/webhooks')).json()).toEqual([])
      const taken = await call(user, 'POST', '/api/webhooks', {
        url: 'https://hooks.example.com/kindling',
        events: ['event.logged', 'event.logged'],
      })
      expect(taken.statusCode).toBe(201)
      expect(taken.json().webhook.events).toEqual(['event.logged'])
    })

    it("removes a webhook with its deliveries; another user's is 404; tokens cannot manage them", async () => {
      const user = await signUp(app, smtp, `remove-${kind}-${crypto.randomUUID()}@example.com`)
      const other = await signUp(
        app,
        smtp,
        `remove-other-${kind}-${crypto.randomUUID()}@example.com`,
      )
      const { webhook } = await addWebhook(app, user, receiver.url, ['habit.created'])
      expect((await call(other, 'DELETE', `/api/webhooks/${webhook.id}`)).statusCode).toBe(404)
      expect((await call(other, 'GET', `/api/webhooks/${webhook.id}/deliveries`)).statusCode).toBe(
        404,
      )
      const token = (
        await call(user, 'POST', '/api/tokens', { name: 'bot', scope: 'write', expires: 'never' })
      ).json().secret as string
      const withToken = await app.inject({
        method: 'GET',
        url: '/api/webhooks',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(withToken.statusCode).toBe(403)
      expect(withToken.json().error.code).toBe('token-not-allowed')

      await call(user, 'POST', '/api/activities', { name: 'Knit' })
      expect((await call(user, 'DELETE', `/api/webhooks/${webhook.id}`)).statusCode).toBe(204)
      expect(await app.webhooks.tick()).toEqual([])
      expect((await call(user, 'GET', '/api/webhooks')).json()).toEqual([])
    })
  })
})

describe.skipIf(!(await postgresAvailable()))('webhooks on two servers', () => {
  it('sends each change once when both servers send at the same time', async () => {
    const smtp = await startSmtp()
    const backend = await createBackend('postgres')
    const receiver = await startReceiver()
    const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }
    const one = await startApp(backend, smtp.url, env)
    const two = await startApp(backend, smtp.url, env)
    try {
      const user = await signUp(one, smtp, `two-nodes-hooks-${crypto.randomUUID()}@example.com`)
      await addWebhook(one, user, receiver.url, ['habit.created', 'event.logged'])
      const habit = (
        await one.inject({
          method: 'POST',
          url: '/api/activities',
          headers: bearer(user),
          payload: { name: 'Row' },
        })
      ).json()
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 ? one : two).inject({
            method: 'POST',
            url: '/api/events',
            headers: bearer(user),
            payload: { activityId: habit.id, eventDate: new Date().toISOString(), attributes: {} },
          }),
        ),
      )
      // Both servers pass together until nothing is left.
      for (let round = 0; round < 10; round++) {
        const [a, b] = await Promise.all([one.webhooks.tick(), two.webhooks.tick()])
        if (a.length === 0 && b.length === 0) break
      }
      const ids = receiver.payloads().map((payload) => payload.id)
      expect(ids).toHaveLength(41)
      expect(new Set(ids).size).toBe(41)
    } finally {
      await one.close()
      await two.close()
      await receiver.close()
      await smtp.close()
      await backend.drop()
    }
  }, 120_000)
})
