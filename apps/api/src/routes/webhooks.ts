import { randomBytes } from 'node:crypto'
import {
  CreatedWebhook,
  type Language,
  WEBHOOK_DELIVERIES_LISTED,
  WEBHOOKS_PER_USER_MAX,
  Webhook,
  WebhookDelivery,
  type WebhookEventType,
  WebhookInput,
} from '@kindling/core'
import { and, count, desc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { webhookDeliveries, webhooks } from '../db/schema'
import { uidOf } from '../http/caller'
import { notFound, validationError } from '../http/errors'
import { jsonResponse } from '../http/openapi'
import { msg } from '../i18n/message'
import { languageOfHeader, translate } from '../i18n/translate'
import { deliveryErrorText } from '../webhooks/delivery-error'
import { webhookUrlProblem } from '../webhooks/urls'
import {
  deleteErrors,
  IdParams,
  isUuid,
  listErrors,
  NoContent,
  parseBody,
  readErrors,
  sessionOnlySecurity as security,
  writeErrors,
} from './common'

const tags = ['webhooks']

const SIGNING =
  'Each delivery is a POST of JSON `{ id, type, createdAt, record }` with the header `Kindling-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`; it is retried with exponential backoff for a day while the answer is not 2xx or takes over 10 s, and a webhook failing for a day is turned off and its owner told by e-mail.'

export function toWebhook(row: typeof webhooks.$inferSelect): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
  }
}

/** A delivery as its owner reads it: its error in `language` (decision 161). */
function toDelivery(
  row: typeof webhookDeliveries.$inferSelect,
  language: Language,
): WebhookDelivery {
  return {
    id: row.id,
    type: row.type as WebhookEventType,
    createdAt: row.createdAt.toISOString(),
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    responseStatus: row.responseStatus,
    error: row.error === null ? null : translate(language, deliveryErrorText(row.error)),
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  }
}

/**
 * The caller's webhooks (issue 52, decision 141): added, listed, turned on again, removed and
 * their recent deliveries read with a session only, never with a personal API token.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  db: Database,
  options: { clock: () => Date; allowedHosts: readonly string[] },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  async function ownWebhook(uid: string, id: string) {
    if (!isUuid(id)) throw notFound(msg('Webhook not found.'))
    const [row] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.userId, uid)))
    if (!row) throw notFound(msg('Webhook not found.'))
    return row
  }

  r.get('/api/webhooks', {
    schema: {
      operationId: 'listWebhooks',
      tags,
      security,
      summary: 'Your webhooks',
      description: 'Each webhook with its URL and events, newest first; never its secret.',
      response: { 200: jsonResponse('Your webhooks.', z.array(Webhook)), ...listErrors },
    },
    handler: async (request) => {
      const rows = await db
        .select()
        .from(webhooks)
        .where(eq(webhooks.userId, uidOf(request)))
        .orderBy(desc(webhooks.createdAt), desc(webhooks.id))
      return rows.map(toWebhook)
    },
  })

  r.post('/api/webhooks', {
    schema: {
      operationId: 'createWebhook',
      tags,
      security,
      summary: 'Add a webhook',
      description: `Sends every change of the chosen types to \`url\`: an https URL of a host on the internet (not an IP address, a port, nor a name of this machine or a local network), unless the server's operator allowed its host. ${SIGNING} The answer carries the signing secret once. At most ${WEBHOOKS_PER_USER_MAX} webhooks per account.`,
      body: WebhookInput,
      response: {
        201: jsonResponse('Added: the webhook and, this once, its secret.', CreatedWebhook),
        ...writeErrors,
      },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const input = parseBody(WebhookInput, request.body)
      const problem = webhookUrlProblem(input.url, options.allowedHosts)
      if (problem) throw validationError({ url: problem })
      const [held] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, uid))
      if ((held?.n ?? 0) >= WEBHOOKS_PER_USER_MAX) {
        throw validationError({
          url: msg(
            '{max, plural, one {You have # webhook: remove it first.} other {You have # webhooks: remove one first.}}',
            { max: WEBHOOKS_PER_USER_MAX },
          ),
        })
      }
      const secret = `whsec_${randomBytes(32).toString('base64url')}`
      const [row] = await db
        .insert(webhooks)
        .values({
          id: crypto.randomUUID(),
          userId: uid,
          url: input.url,
          events: input.events,
          secret,
          createdAt: options.clock(),
        })
        .returning()
      return reply
        .status(201)
        .send({ webhook: toWebhook(row as typeof webhooks.$inferSelect), secret })
    },
  })

  r.delete('/api/webhooks/:id', {
    schema: {
      operationId: 'deleteWebhook',
      tags,
      security,
      summary: 'Remove a webhook',
      description: 'Removes the webhook and its deliveries: nothing more is sent to it.',
      params: IdParams,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const hook = await ownWebhook(uidOf(request), request.params.id)
      await db.delete(webhooks).where(eq(webhooks.id, hook.id))
      return reply.status(204).send(null)
    },
  })

  r.post('/api/webhooks/:id/enable', {
    schema: {
      operationId: 'enableWebhook',
      tags,
      security,
      summary: 'Turn a webhook on again',
      description:
        'Turns on a webhook that was turned off after failing for a day (`disabledAt`), once its receiver works again: its failures are forgotten (`disabledAt` and `failingSince` null) and changes from now on are sent. What changed while it was off is not sent. A webhook that is on is answered as it is.',
      params: IdParams,
      response: { 200: jsonResponse('The webhook, turned on.', Webhook), ...deleteErrors },
    },
    handler: async (request) => {
      const hook = await ownWebhook(uidOf(request), request.params.id)
      // Guarded like the turning off: a webhook that is on keeps its failing clock.
      const [enabled] = await db
        .update(webhooks)
        .set({ disabledAt: null, failingSince: null })
        .where(and(eq(webhooks.id, hook.id), isNotNull(webhooks.disabledAt)))
        .returning()
      return toWebhook(enabled ?? hook)
    },
  })

  r.get('/api/webhooks/:id/deliveries', {
    schema: {
      operationId: 'listWebhookDeliveries',
      tags,
      security,
      summary: "A webhook's recent deliveries",
      description: `The ${WEBHOOK_DELIVERIES_LISTED} latest deliveries of the webhook, newest first, with their status (pending, delivered or failed), attempts and the last answer or error.`,
      params: IdParams,
      response: {
        200: jsonResponse('Its recent deliveries.', z.array(WebhookDelivery)),
        ...readErrors,
      },
    },
    handler: async (request) => {
      const hook = await ownWebhook(uidOf(request), request.params.id)
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hook.id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(WEBHOOK_DELIVERIES_LISTED)
      const language = languageOfHeader(request.headers['accept-language'])
      return rows.map((row) => toDelivery(row, language))
    },
  })
}
