import { createHmac } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { and, eq, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { type Database, rowsOf } from '../db/client'
import { user, webhookDeliveries, webhooks } from '../db/schema'
import { languageOfAccount } from '../i18n/account-language'
import { english } from '../i18n/message'
import { buildWebhookDisabledMail, type Mailer } from '../mail/mailer'
import { lookupFor, webhookUrlProblem } from './urls'

/*
 * Sends the webhook outbox (decision 141). Every node runs a pass every few seconds and after
 * each write it answered: a pass claims due deliveries in the database (`for update skip
 * locked`, then `claimed_until`), so one node sends each, and sends them after its claim has
 * committed. A node that dies while sending leaves its claim to lapse, and another node sends
 * the delivery again: at least once, never lost, the body's `id` the same for de-duplication.
 */

/** How long an attempt may take, connection to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** A delivery is retried for this long after the change, then given up. */
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60 * 1000
/** A webhook whose deliveries have failed this long, with no success since, is turned off. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000
/** Deliveries claimed (and sent at once) per pass. */
const BATCH = 20
/** Settled deliveries are kept this long for 'Recent deliveries'. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000
const PRUNE_EVERY_MS = 60 * 60 * 1000

/**
 * The wait before attempt `attempt + 1`, after `attempt` failed ones: 30 s, 1 min, 2 min... up
 * to an hour between tries, about 30 tries in the day.
 */
export function webhookBackoff(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000)
}

/** The `Kindling-Signature` header of `body` sent at `unixSeconds` (Stripe's scheme). */
export function signWebhookBody(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}

export interface WebhookSenderOptions {
  db: Database
  mailer: Mailer
  logger: Logger
  clock: () => Date
  publicUrl: string
  /** Hosts the operator allowed although not public (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: readonly string[]
  /** The wait before the next attempt after `attempt` failed ones (tests shorten it). */
  backoff?: (attempt: number) => number
  timeoutMs?: number
}

export interface WebhookAttempt {
  deliveryId: string
  webhookId: string
  outcome: 'delivered' | 'retry' | 'failed'
  status: number | null
  error: string | null
}

export interface WebhookSender {
  /** One pass: claims the due deliveries, sends them and records each outcome. */
  tick(): Promise<WebhookAttempt[]>
  /** Runs a pass now and every `intervalSeconds`, and soon after each kick, until stop(). */
  start(intervalSeconds: number): void
  /** A write was answered: send what it recorded soon (only once started). */
  kick(): void
  stop(): Promise<void>
}

interface Claimed {
  id: string
  webhook_id: string
  body: string
  created_at: string | Date
  attempts: number
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db, mailer, logger, clock, allowedHosts } = options
  const backoff = options.backoff ?? webhookBackoff
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  let running: Promise<WebhookAttempt[]> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  let started = false
  let prunedAt = 0

  async function claim(now: Date): Promise<Claimed[]> {
    // The claim outlives the longest attempt, so a live sender never has its delivery taken.
    const until = new Date(now.getTime() + timeoutMs + 60_000).toISOString()
    const at = now.toISOString()
    return rowsOf<Claimed>(
      await db.execute(sql`
        update webhook_deliveries
        set claimed_until = ${until}::timestamptz, attempts = attempts + 1,
            last_attempt_at = ${at}::timestamptz
        where id in (
          select id from webhook_deliveries
          where status = 'pending' and next_attempt_at <= ${at}::timestamptz
            and (claimed_until is null or claimed_until <= ${at}::timestamptz)
          order by next_attempt_at
          limit ${BATCH}
          for update skip locked)
        returning id, webhook_id, body, created_at, attempts`),
    )
  }

  async function settle(
    item: Claimed,
    result: { status: number | null; error: string | null },
  ): Promise<WebhookAttempt> {
    const now = clock()
    const base = { deliveryId: item.id, webhookId: item.webhook_id, ...result }
    if (result.error === null) {
      await db
        .update(webhookDeliveries)
        .set({
          status: 'delivered',
          responseStatus: result.status,
          error: null,
          nextAttemptAt: null,
        })
        .where(eq(webhookDeliveries.id, item.id))
      await db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, item.webhook_id))
      return { ...base, outcome: 'delivered' }
    }
    const giveUp = now.getTime() - new Date(item.created_at).getTime() >= WEBHOOK_RETRY_FOR_MS
    await db
      .update(webhookDeliveries)
      .set({
        status: giveUp ? 'failed' : 'pending',
        responseStatus: result.status,
        error: result.error,
        claimedUntil: null,
        nextAttemptAt: giveUp ? null : new Date(now.getTime() + backoff(item.attempts)),
      })
      .where(eq(webhookDeliveries.id, item.id))
    await db
      .update(webhooks)
      .set({
        failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhooks.id, item.webhook_id))
    await disableIfFailingForADay(item.webhook_id, now)
    return { ...base, outcome: giveUp ? 'failed' : 'retry' }
  }

  /** Turns the webhook off once it has failed for a day; one node wins and mails its owner. */
  async function disableIfFailingForADay(webhookId: string, now: Date): Promise<void> {
    const [disabled] = await db
      .update(webhooks)
      .set({ disabledAt: now })
      .where(
        and(
          eq(webhooks.id, webhookId),
          isNull(webhooks.disabledAt),
          lte(webhooks.failingSince, new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS)),
        ),
      )
      .returning({ userId: webhooks.userId, url: webhooks.url })
    if (!disabled) return
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'The webhook was turned off after failing for a day.' })
      .where(
        and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')),
      )
    const [owner] = await db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, disabled.userId))
    logger.warn({ webhookId }, 'a webhook failing for a day was turned off')
    if (!owner) return
    const account = new URL('/me', options.publicUrl).toString()
    const language = await languageOfAccount(db, disabled.userId)
    await mailer
      .send(buildWebhookDisabledMail(owner.email, disabled.url, account, language))
      .catch((error: unknown) =>
        logger.error({ err: error, webhookId }, 'the webhook-disabled e-mail was not sent'),
      )
  }

  async function pass(): Promise<WebhookAttempt[]> {
    const now = clock()
    const claimed = await claim(now)
    if (claimed.length > 0) {
      const hooks = await db
        .select()
        .from(webhooks)
        .where(inArray(webhooks.id, [...new Set(claimed.map((item) => item.webhook_id))]))
      const byId = new Map(hooks.map((hook) => [hook.id, hook]))
      const attempts = await Promise.all(
        claimed.map(async (item) => {
          const hook = byId.get(item.webhook_id)
          if (!hook || hook.disabledAt) {
            await db
              .update(webhookDeliveries)
              .set({ status: 'failed', error: 'The webhook was turned off.', nextAttemptAt: null })
              .where(eq(webhookDeliveries.id, item.id))
            const attempt: WebhookAttempt = {
              deliveryId: item.id,
              webhookId: item.webhook_id,
              outcome: 'failed',
              status: null,
              error: 'turned off',
            }
            return attempt
          }
          const result = await post(hook.url, hook.secret, item.body)
          return settle(item, result)
        }),
      )
      await prune(now)
      return attempts
    }
    await prune(now)
    return []
  }

  async function prune(now: Date) {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = now.getTime()
    await db
      .delete(webhookDeliveries)
      .where(
        and(
          ne(webhookDeliveries.status, 'pending'),
          lt(webhookDeliveries.createdAt, new Date(now.getTime() - KEEP_MS)),
        ),
      )
  }

  /** One POST: its status, or why it failed (a status outside 2xx, a timeout, a refusal). */
  function post(
    target: string,
    secret: string,
    body: string,
  ): Promise<{ status: number | null; error: string | null }> {
    const problem = webhookUrlProblem(target, allowedHosts)
    if (problem) return Promise.resolve({ status: null, error: `Refused: ${english(problem)}` })
    const url = new URL(target)
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const signature = signWebhookBody(secret, Math.floor(clock().getTime() / 1000), body)
    return new Promise((resolve) => {
      let done = false
      let deadline: NodeJS.Timeout | undefined
      const finish = (result: { status: number | null; error: string | null }) => {
        if (done) return
        done = true
        clearTimeout(deadline)
        resolve(result)
      }
      const request = send(
        url,
        {
          method: 'POST',
          lookup: lookupFor(url, allowedHosts),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'Kindling-Webhooks/1',
            'kindling-signature': signature,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0
          // The answer's body is not read: a receiver's reply tells us nothing more.
          response.resume()
          response.on('error', () => undefined)
          const ok = status >= 200 && status < 300
          finish({ status, error: ok ? null : `The receiver answered ${status}.` })
          request.destroy()
        },
      )
      deadline = setTimeout(() => {
        finish({ status: null, error: `No answer within ${timeoutMs / 1000} s.` })
        request.destroy()
      }, timeoutMs)
      request.on('error', (error) => finish({ status: null, error: describeError(error) }))
      request.end(body)
    })
  }

  function tick(): Promise<WebhookAttempt[]> {
    // One pass at a time on this node; a tick during a pass waits for it, then runs its own.
    const previous = running ?? Promise.resolve([])
    const next = previous.catch(() => []).then(pass)
    running = next
    return next.finally(() => {
      if (running === next) running = undefined
    })
  }

  const run = () =>
    tick().catch((error: unknown) => {
      logger.warn({ err: error }, 'a webhook pass failed')
      return []
    })

  return {
    tick,
    start(intervalSeconds) {
      started = true
      void run()
      timer = setInterval(run, intervalSeconds * 1000)
      timer.unref()
    },
    kick() {
      if (!started) return
      // A burst of writes is one more pass after the one under way.
      if (again) return
      again = true
      setImmediate(() => {
        again = false
        void run()
      })
    },
    async stop() {
      started = false
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}

function describeError(error: Error & { code?: string }): string {
  if (error.code === 'EPUSHNOTPUBLIC') return `Refused: ${error.message}.`
  if (error.code === 'ENOTFOUND') return 'The host name does not resolve.'
  if (error.code === 'ECONNREFUSED') return 'The connection was refused.'
  if (error.code === 'ECONNRESET') return 'The connection was reset.'
  return error.code ? `${error.code}: ${error.message}` : error.message
}
