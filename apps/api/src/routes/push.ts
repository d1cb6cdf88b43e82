import { PushSubscriptionInput, PushSubscriptionRemoval } from '@kindling/core'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../db/client'
import { pushSubscriptions } from '../db/schema'
import { uidOf } from '../http/caller'
import { notFound, validationError } from '../http/errors'
import { errorResponse, jsonResponse, publicSecurity } from '../http/openapi'
import { msg } from '../i18n/message'
import { pushEndpointProblem } from '../reminders/push-endpoints'
import {
  deleteErrors,
  NoContent,
  parseBody,
  sessionOnlySecurity as security,
  writeErrors,
} from './common'

const tags = ['push']

const StoredSubscription = z.object({
  endpoint: z.string(),
  createdAt: z.string().describe('When this browser subscribed (ISO instant).'),
})

const PublicKey = z.object({
  publicKey: z
    .string()
    .describe("The server's VAPID public key (base64url): the browser's applicationServerKey."),
})

/** The VAPID public key, readable by anyone: browsers need it to subscribe. */
export function registerPushKeyRoute(app: FastifyInstance, publicKey: string): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/push/public-key', {
    schema: {
      operationId: 'getPushPublicKey',
      tags,
      security: publicSecurity,
      summary: 'The Web Push public key',
      description: 'Pass it as `applicationServerKey` to `PushManager.subscribe()`.',
      response: {
        200: jsonResponse('The key.', PublicKey),
        '4xx': errorResponse('A client error (none is expected: the operation takes no input).'),
      },
    },
    handler: async () => ({ publicKey }),
  })
}

/**
 * Web Push subscriptions of the caller's browsers (issue 18), at public push services only
 * (`anyEndpoint`: a test's push service on this machine).
 */
export function registerPushRoutes(
  app: FastifyInstance,
  db: Database,
  options: { anyEndpoint?: boolean } = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post('/api/push/subscriptions', {
    schema: {
      operationId: 'createPushSubscription',
      tags,
      security,
      summary: 'Receive reminders in this browser',
      description:
        "Stores the browser's standard subscription JSON (`PushSubscription.toJSON()`). The endpoint must be a push service on the internet: a host name (not an IP address) on https's standard port, never of this machine or its network (400). Subscribing an endpoint again replaces its keys; an endpoint belongs to the user who subscribed it last. Subscriptions the push service answers 404 or 410 for are removed.",
      body: PushSubscriptionInput,
      response: { 201: jsonResponse('Stored.', StoredSubscription), ...writeErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const input = parseBody(PushSubscriptionInput, request.body)
      const problem = options.anyEndpoint ? undefined : pushEndpointProblem(input.endpoint)
      if (problem) throw validationError({ endpoint: problem })
      const values = { userId: uid, p256dh: input.keys.p256dh, auth: input.keys.auth }
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ id: crypto.randomUUID(), endpoint: input.endpoint, ...values })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
        .returning()
      return reply.status(201).send({
        endpoint: input.endpoint,
        createdAt: (row?.createdAt ?? new Date()).toISOString(),
      })
    },
  })

  r.delete('/api/push/subscriptions', {
    schema: {
      operationId: 'deletePushSubscription',
      tags,
      security,
      summary: 'Stop reminders in this browser',
      description: 'Removes your subscription with this endpoint.',
      body: PushSubscriptionRemoval,
      response: { 204: NoContent, ...deleteErrors },
    },
    handler: async (request, reply) => {
      const uid = uidOf(request)
      const { endpoint } = parseBody(PushSubscriptionRemoval, request.body)
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, uid)))
        .returning({ id: pushSubscriptions.id })
      if (removed.length === 0) throw notFound(msg('Subscription not found.'))
      return reply.status(204).send(null)
    },
  })
}
