import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import { ApiError, PRODUCT_NAME } from '@kindling/core'
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { z } from 'zod'

/**
 * The shared error body as a named component (`#/components/schemas/ApiError`). Zod schemas
 * with a registered `id` are emitted once under components and referenced everywhere.
 */
export const ApiErrorBody = ApiError.meta({
  id: 'ApiError',
  description:
    "The one error body of the API: `{ error: { code, message, fields?, reasons? } }`. `code` and `reasons` are stable, for clients to act on; `message` and `fields` are for a person, in the language of the request's Accept-Language (English without one).",
})

const JSON_TYPE = 'application/json'

/**
 * A documented response: `description` plus a JSON body, and optionally response headers (plain
 * JSON schemas keyed by header name; see `transform` below for why they survive).
 */
export function jsonResponse<S extends z.ZodType>(
  description: string,
  schema: S,
  headers?: Record<string, { type: 'string' | 'integer'; description: string }>,
) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { [JSON_TYPE]: { schema } } as { 'application/json': { schema: S } },
  }
}

/** An error response whose body is the shared ApiError component. */
export const errorResponse = (description: string) => jsonResponse(description, ApiErrorBody)

/** The `Retry-After` header of a 429 or 503: whole seconds to wait before trying again. */
export const retryAfterHeader = {
  'retry-after': { type: 'integer' as const, description: 'Seconds to wait before retrying.' },
}

/** The security scheme of personal API tokens; the caller hook reads it (http/caller.ts). */
export const API_TOKEN_SCHEME = 'apiToken'
/** Security requirements: the data API's id token, or none (public operations). */
export const bearerSecurity = [{ bearerAuth: [] }]
/** The data API and sync: an id token or a personal API token (decision 140). */
export const bearerOrTokenSecurity: Record<string, string[]>[] = [
  { bearerAuth: [] },
  { [API_TOKEN_SCHEME]: [] },
]
export const publicSecurity: never[] = []
/** better-auth's session: the cookie (web) or the session token as a bearer (native). */
export const sessionSecurity = [{ sessionCookie: [] }, { sessionToken: [] }]

type Transform = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['transform']>,
  (...args: never) => unknown
>
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>

/**
 * The zod transform of fastify-type-provider-zod, keeping the `headers` of content-style
 * responses (the zod transform rebuilds those from `description` and `content` only), so that
 * @fastify/swagger documents response headers such as `x-next-before`.
 */
const transform: Transform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0])
  const original = (input.schema as { response?: Record<string, { headers?: unknown }> })?.response
  const transformed = (result.schema as { response?: Record<string, Record<string, unknown>> })
    ?.response
  if (original && transformed) {
    for (const [status, response] of Object.entries(original)) {
      const target = transformed[status]
      if (response && typeof response === 'object' && response.headers && target) {
        target.headers = response.headers
      }
    }
  }
  return result
}

const zodComponents = createJsonSchemaTransformObject({})

/** The order operations are listed in within a path (routes register them in any order). */
const METHOD_ORDER = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'trace']
const methodRank = (key: string) => {
  const rank = METHOD_ORDER.indexOf(key)
  return rank === -1 ? METHOD_ORDER.length : rank
}

/** Each path's operations in the usual order: GET before POST, whichever was registered first. */
function sortOperations(paths: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).sort(([a], [b]) => methodRank(a) - methodRank(b))),
    ]),
  )
}

/**
 * Adds the registered zod schemas under components, then drops the ones no operation uses:
 * the type provider emits an input and an output variant of every registered schema.
 */
type Paths = Record<string, Record<string, unknown>>

/**
 * A raw file body (an import) is one schema for every media type it is sent as: a binary string.
 * As JSON or CSV it is text of that kind, not bytes: JSON any value, CSV a string.
 */
function rawBodiesAsTheyAre(paths: Paths): Paths {
  const isBinary = (schema: unknown) =>
    (schema as { format?: unknown } | undefined)?.format === 'binary'
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const content = (operation as { requestBody?: { content?: Record<string, unknown> } })
            .requestBody?.content
          if (!content) return [method, operation]
          const described = Object.fromEntries(
            Object.entries(content).map(([type, media]) => {
              const { schema } = media as { schema?: { description?: string } }
              if (!isBinary(schema) || !/^(application\/json|text\/)/.test(type))
                return [type, media]
              const description = schema?.description
              const text = type === 'application/json' ? {} : { type: 'string' }
              return [type, { ...(media as object), schema: { ...text, description } }]
            }),
          )
          const body = (operation as { requestBody: object }).requestBody
          return [
            method,
            { ...(operation as object), requestBody: { ...body, content: described } },
          ]
        }),
      ),
    ]),
  )
}

const transformObject: TransformObject = (input) => {
  const built = zodComponents(input) as {
    paths?: Record<string, Record<string, unknown>>
    components?: { schemas?: Record<string, unknown> }
  }
  const document = built.paths
    ? { ...built, paths: sortOperations(rawBodiesAsTheyAre(built.paths)) }
    : built
  const schemas = document.components?.schemas
  if (!schemas) return document as never
  const refsIn = (value: unknown): string[] =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1] as string,
    )
  const used = new Set(refsIn(document.paths))
  const queue = [...used]
  while (queue.length > 0) {
    const name = queue.pop() as string
    for (const ref of refsIn(schemas[name] ?? null)) {
      if (!used.has(ref)) {
        used.add(ref)
        queue.push(ref)
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)))
  return { ...document, components: { ...document.components, schemas: kept } } as never
}

/** The OpenAPI 3.1 document of the whole API (served at /api/docs/json). */
export function swaggerOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          "The REST API of Kindling, the habit tracker: accounts (better-auth under /api/auth) and the data API (activities, groups, events, attributes, goals, import and export). Data calls need `Authorization: Bearer <id token>` from GET /api/auth/token of a user with a verified e-mail, or a personal API token (`kdl_…`, the `apiToken` scheme) made on the account page. Data API errors are `{ error: { code, message, fields?, reasons? } }` (the ApiError schema: `code` and `reasons` stable, `message` and `fields` in the language of Accept-Language); the auth routes answer better-auth's `{ code, message }` (the AuthError schema).",
        contact: { name: 'Kindling maintainers', url: 'https://github.com/kindling' },
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      servers: [{ url: '/' }],
      tags: [
        { name: 'auth', description: 'Accounts, sessions and id tokens (better-auth).' },
        {
          name: 'instance',
          description: 'What this server says of itself to anyone, and invitation links.',
        },
        {
          name: 'admin',
          description:
            "The server's administration: accounts, sign-up policy, invitations (admins only).",
        },
        { name: 'activities', description: 'Habits: the things a user tracks.' },
        {
          name: 'groups',
          description: 'Named groups of activities; an activity is in at most one.',
        },
        { name: 'events', description: 'Dated occurrences of an activity, with attribute values.' },
        { name: 'attributes', description: "Custom fields an activity's events carry." },
        { name: 'goals', description: 'Daily, weekly or monthly goals on activities.' },
        {
          name: 'breaks',
          description: 'Days off: a habit skipped on some days, or a vacation of every habit.',
        },
        {
          name: 'reminders',
          description: 'Reminders of a habit at a local time on chosen weekdays, and snoozing one.',
        },
        {
          name: 'settings',
          description: 'Your time zone, reminder e-mails and the day reminders are paused until.',
        },
        {
          name: 'push',
          description: "Web Push: the server's public key and this browser's subscription.",
        },
        {
          name: 'sync',
          description:
            "A device's copy of your data: the change feed after a cursor and per-day counts of old events.",
        },
        {
          name: 'data',
          description: 'Import from other trackers and backups; export everything.',
        },
        {
          name: 'tokens',
          description:
            'Personal API tokens for scripts and other services (made with a session only).',
        },
        {
          name: 'webhooks',
          description:
            'Signed POSTs of your changes to another service, and their recent deliveries.',
        },
        { name: 'system', description: 'Health of the server.' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The id token of GET /api/auth/token (data API).',
          },
          [API_TOKEN_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (`kdl_…`) made on the account page: for scripts and other services. Taken by the data API, sync, import and export, never by account routes; a `read` token gets 403 `insufficient-scope` on writes; each token is rate limited (429 with `Retry-After`). Revoked tokens, expired ones, and every token after a password reset or a sign-out everywhere answer 401.',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description:
              'The session cookie set by sign-up, sign-in and verify-email (`__Secure-` prefixed on https).',
          },
          sessionToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token (the `token` of sign-up and sign-in, or their `set-auth-token` response header), for clients without cookies.',
          },
        },
      },
    },
    transform,
    transformObject,
  }
}
