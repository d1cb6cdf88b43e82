import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { translatedAuthErrorBody } from '../http/errors'
import { msg } from '../i18n/message'
import { isApiToken } from './api-tokens'
import type { Auth } from './auth'
import { authRouteDocs, oidcRouteDocs } from './docs'
import { sendFetchResponse, toFetchRequest } from './fetch-bridge'
import {
  type Attempt,
  EMAIL_LIMITED,
  emailLimitKey,
  IP_LIMITED,
  ipLimitKey,
  MAIL_PATHS,
  MAILS_PER_HOUR,
  releaseAttempt,
  reserveAttempt,
  SIGN_UP_PATH,
  VERIFICATION_PATH,
} from './limits'
import { registerNativeSignInRoutes } from './native-sign-in'

/**
 * Serves better-auth under /api/auth: the documented endpoints only (decision 113), each handed
 * to better-auth's web handler. Its other endpoints (session lists and revokes, password checks,
 * account linking, its own pages) answer 404 like any unknown route.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: Database; config: Config; clock?: () => Date },
): void {
  const { auth, db, config } = options
  const now = () => (options.clock?.() ?? new Date()).getTime()

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? ''
    // No account change with a personal API token, even beside a session cookie (decision 140).
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
    if (bearer && isApiToken(bearer)) {
      return reply
        .status(403)
        .send(
          translatedAuthErrorBody(
            request,
            'token-not-allowed',
            msg('Personal API tokens cannot be used on account routes: sign in instead.'),
          ),
        )
    }
    let body = request.body as Record<string, unknown> | undefined
    const limits = config.authRateLimit
    let reserved: Attempt | null = null
    if (request.method === 'POST' && IP_LIMITED.has(path)) {
      const fromIp = await reserveAttempt(
        db,
        ipLimitKey(path, request.ip),
        limits.max,
        limits.window,
        now(),
      )
      if (fromIp.retryAfter !== null) return sendTooMany(request, reply, fromIp.retryAfter)
    }
    if (request.method === 'POST' && EMAIL_LIMITED.has(path) && body && typeof body === 'object') {
      if (path === SIGN_UP_PATH && body.name === undefined) body = { ...body, name: '' }
      if (typeof body.email === 'string') {
        // Counted before the password is checked, in one statement: parallel attempts cannot
        // all pass a check made before any of them is counted.
        const mail = MAIL_PATHS.has(path)
        reserved = await reserveAttempt(
          db,
          emailLimitKey(path, body.email),
          mail ? MAILS_PER_HOUR : limits.emailMax,
          mail ? 3600 : limits.emailWindow,
          now(),
        )
        if (reserved.retryAfter !== null) return sendTooMany(request, reply, reserved.retryAfter)
      }
    }
    const response = await auth.handler(toFetchRequest(request, config.publicUrl, body))
    if (response.status === 429) {
      return sendTooMany(request, reply, Number(response.headers.get('x-retry-after') ?? 60))
    }
    // Only failures count against an address: a user who signs in often is never locked out,
    // while guessing a password for one address stops after a few tries from any IP.
    // A sign-in that got through gives its count back (failed ones are what is limited); a
    // mailed link (verification, password reset) stays counted: each one lands in someone's mailbox.
    if (reserved !== null && response.status < 400 && !MAIL_PATHS.has(path)) {
      await releaseAttempt(db, reserved)
    }
    // A sign-up mails the verification link: it counts as one of the address's verification
    // e-mails of the hour, as a resent one does.
    if (path === SIGN_UP_PATH && response.status < 400 && typeof body?.email === 'string') {
      await reserveAttempt(
        db,
        emailLimitKey(VERIFICATION_PATH, body.email),
        MAILS_PER_HOUR,
        3600,
        now(),
      )
    }
    // An auth path better-auth does not serve (or has turned off) answers an empty 404.
    if (response.status === 404 && !response.headers.get('content-type')) {
      return reply
        .status(404)
        .send(
          translatedAuthErrorBody(
            request,
            'not-found',
            msg('No route {method} {path}.', { method: request.method, path }),
          ),
        )
    }
    return sendFetchResponse(reply, response)
  }

  const typed = app.withTypeProvider<ZodTypeProvider>()
  const documented = [
    ...Object.values(authRouteDocs),
    ...(config.oidc ? Object.values(oidcRouteDocs) : []),
  ]
  for (const route of documented) {
    typed.route({ ...route, handler: handle } as Parameters<typeof typed.route>[0])
  }
  // Single sign-on from the native shells: opened, like better-auth's own routes for it, only
  // when single sign-on is configured.
  if (config.oidc) registerNativeSignInRoutes(app, options)
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) =>
      reply.status(404).send(
        translatedAuthErrorBody(
          request,
          'not-found',
          msg('No route {method} {path}.', {
            method: request.method,
            path: request.url.split('?')[0],
          }),
        ),
      ),
  })
}

function sendTooMany(request: FastifyRequest, reply: FastifyReply, retryAfter: number) {
  const body = translatedAuthErrorBody(
    request,
    'too-many-requests',
    msg('Too many requests. Please try again later.'),
  )
  return reply
    .status(429)
    .header('retry-after', String(retryAfter))
    .type('application/json')
    .send(Buffer.from(JSON.stringify(body)))
}
