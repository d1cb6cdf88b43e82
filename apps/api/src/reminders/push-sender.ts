import type { Agent } from 'node:https'
import type { ReminderPushMessage } from '@kindling/core'
import type { Logger } from 'pino'
import webpush, { WebPushError } from 'web-push'
import { publicOnlyAgent, pushEndpointProblem } from './push-endpoints'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** sent; gone: the push service forgot the subscription (404/410), remove it; failed: other. */
export type PushOutcome = 'sent' | 'gone' | 'failed'

export interface PushSender {
  send(target: PushTarget, message: ReminderPushMessage): Promise<PushOutcome>
}

/** How long a push service keeps an undelivered reminder: an hour, then it is stale. */
const TTL_SECONDS = 60 * 60

/**
 * Web Push through the `web-push` package (RFC 8291 aes128gcm encryption, RFC 8292 VAPID), to
 * public push services only (push-endpoints.ts): a subscription stored before that rule, whose
 * endpoint breaks it, is answered 'gone' and so removed. `testService` is a test's own push
 * service on this machine: its agent trusts its self-signed certificate and its address.
 */
export function createPushSender(options: {
  vapid: { publicKey: string; privateKey: string; subject: string }
  logger: Logger
  testService?: { agent: Agent }
}): PushSender {
  const agent = options.testService?.agent ?? publicOnlyAgent()
  return {
    async send(target, message) {
      if (!options.testService && pushEndpointProblem(target.endpoint)) return 'gone'
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: options.vapid,
            TTL: TTL_SECONDS,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            agent,
          },
        )
        return 'sent'
      } catch (error) {
        if (
          error instanceof WebPushError &&
          (error.statusCode === 404 || error.statusCode === 410)
        ) {
          return 'gone'
        }
        options.logger.warn(
          {
            err: error,
            status: error instanceof WebPushError ? error.statusCode : undefined,
            host: new URL(target.endpoint).host,
          },
          'a reminder push failed',
        )
        return 'failed'
      }
    },
  }
}
