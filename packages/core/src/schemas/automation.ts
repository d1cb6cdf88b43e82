import { z } from 'zod'
import { Id, IsoDateTime, trimmedText } from './common'

/*
 * Automation (issue 52): personal API tokens that scripts send as `Authorization: Bearer`, and
 * webhooks that tell another service of every change. Both are account settings, not records of
 * the user's data: neither travels in the sync feed nor in a backup (decision 140).
 */

/** Every personal API token starts with this, so the server (and a secret scanner) tells it apart. */
export const API_TOKEN_PREFIX = 'kdl_'
export const API_TOKEN_NAME_MAX_LENGTH = 50
/** Personal API tokens one account may hold at once. */
export const API_TOKENS_PER_USER_MAX = 50

/** Read: GET only. Write: every data route (still never account or auth routes). */
export const ApiTokenScope = z.enum(['read', 'write'])
export type ApiTokenScope = z.infer<typeof ApiTokenScope>

/** How long a new token works: 30 days, 90 days, a year, or until revoked. */
export const ApiTokenExpiry = z.enum(['30d', '90d', '1y', 'never'])
export type ApiTokenExpiry = z.infer<typeof ApiTokenExpiry>

/** POST /api/tokens. */
export const ApiTokenInput = z.object({
  name: trimmedText('Name', API_TOKEN_NAME_MAX_LENGTH)
    .min(1, 'Name is required.')
    .describe('What the token is for, e.g. "Home Assistant".'),
  scope: ApiTokenScope.describe('`read`: GET requests only; `write`: reads and writes.'),
  expires: ApiTokenExpiry.describe('How long it works: `30d`, `90d`, `1y` or `never`.'),
})
export type ApiTokenInput = z.input<typeof ApiTokenInput>

/** A token as it is listed: never its secret, which only its creation answers. */
export const ApiToken = z.object({
  id: Id,
  name: z.string(),
  scope: ApiTokenScope,
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime.nullable().describe('When it stops working; null: never.'),
  lastUsedAt: IsoDateTime.nullable().describe('Its latest accepted request; null: never used.'),
})
export type ApiToken = z.infer<typeof ApiToken>

/** What creating a token answers: the token, and its secret, shown this once. */
export const CreatedApiToken = z.object({
  token: ApiToken,
  secret: z
    .string()
    .describe(`The bearer token (\`${API_TOKEN_PREFIX}…\`). Only its hash is stored: copy it now.`),
})
export type CreatedApiToken = z.infer<typeof CreatedApiToken>

const DAY_MS = 86_400_000

/**
 * When a token created at `now` with `expires` stops working, or null for `never`. A year is
 * the same date a year later (UTC); 29 February moves to 1 March.
 */
export function getTokenExpiry(expires: ApiTokenExpiry, now: Date): Date | null {
  switch (expires) {
    case '30d':
      return new Date(now.getTime() + 30 * DAY_MS)
    case '90d':
      return new Date(now.getTime() + 90 * DAY_MS)
    case '1y': {
      const next = new Date(now.getTime())
      next.setUTCFullYear(next.getUTCFullYear() + 1)
      return next
    }
    case 'never':
      return null
  }
}

// ---- Webhooks ----

/**
 * What a webhook can be sent: events logged, changed or deleted; habits created, changed or
 * deleted; a goal done for its period (the event that completes it).
 */
export const WEBHOOK_EVENT_TYPES = [
  'event.logged',
  'event.changed',
  'event.deleted',
  'habit.created',
  'habit.changed',
  'habit.deleted',
  'goal.done',
] as const
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES)
export type WebhookEventType = z.infer<typeof WebhookEventType>

/** How the account page names each event type. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'event.logged': 'Event logged',
  'event.changed': 'Event changed',
  'event.deleted': 'Event deleted',
  'habit.created': 'Habit created',
  'habit.changed': 'Habit changed',
  'habit.deleted': 'Habit deleted',
  'goal.done': 'Goal done for its period',
}

export const WEBHOOK_URL_MAX_LENGTH = 2000
/** Webhooks one account may have. */
export const WEBHOOKS_PER_USER_MAX = 10
/** The deliveries of one webhook the account page lists, newest first. */
export const WEBHOOK_DELIVERIES_LISTED = 20

/** POST /api/webhooks. Event types are de-duplicated and kept in the order above. */
export const WebhookInput = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'URL is required.')
    .max(WEBHOOK_URL_MAX_LENGTH, `URL must be ${WEBHOOK_URL_MAX_LENGTH} characters or less.`)
    .describe('Where deliveries are POSTed: an https URL of a public host.'),
  events: z
    .array(WebhookEventType)
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)))
    .describe('The event types to send.'),
})
export type WebhookInput = z.input<typeof WebhookInput>

export const Webhook = z.object({
  id: Id,
  url: z.string(),
  events: z.array(WebhookEventType),
  createdAt: IsoDateTime,
  disabledAt: IsoDateTime.nullable().describe(
    'Set when it was turned off after failing for a day; nothing is sent to it any more.',
  ),
  failingSince: IsoDateTime.nullable().describe(
    'Since when its deliveries fail, without a success since; null when the last one went through.',
  ),
})
export type Webhook = z.infer<typeof Webhook>

export const CreatedWebhook = z.object({
  webhook: Webhook,
  secret: z
    .string()
    .describe(
      'The signing secret (`whsec_…`) of the `Kindling-Signature` header. It is shown this once.',
    ),
})
export type CreatedWebhook = z.infer<typeof CreatedWebhook>

/** pending: waiting for its first try or a retry; delivered: a 2xx came back; failed: given up. */
export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed'])
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>

export const WebhookDelivery = z.object({
  id: Id.describe('The `id` of the body sent: the same on every retry, for de-duplication.'),
  type: WebhookEventType,
  createdAt: IsoDateTime,
  status: WebhookDeliveryStatus,
  attempts: z.number().int().min(0),
  lastAttemptAt: IsoDateTime.nullable(),
  responseStatus: z
    .number()
    .int()
    .nullable()
    .describe('The HTTP status of the last attempt, null when none came back.'),
  error: z.string().nullable().describe('Why the last attempt failed, when it did.'),
  nextAttemptAt: IsoDateTime.nullable().describe('When it is tried again, while pending.'),
})
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

/** The JSON body of every delivery. */
export const WebhookPayload = z.object({
  id: Id.describe('Unique per delivery and kept across retries: de-duplicate on it.'),
  type: WebhookEventType,
  createdAt: IsoDateTime.describe('When the change happened.'),
  record: z
    .record(z.string(), z.unknown())
    .describe('The record as the API answers it: the event, the habit (activity) or the goal.'),
})
export type WebhookPayload = z.infer<typeof WebhookPayload>
