import { ApiError, NewPassword, PASSWORD_MAX_LENGTH, Profile } from '@kindling/core'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { authErrorBody } from '../http/errors'
import { jsonResponse, publicSecurity, sessionSecurity } from '../http/openapi'
import type { Auth } from './auth'

/** E-mails of one kind (verification, password reset) one address gets at most per hour. */
export const MAILS_PER_HOUR = 3

/** Auth paths that mail the address they name: each is counted, success or not. */
const MAIL_PATHS = new Set([
  '/api/auth/send-verification-email',
  '/api/auth/request-password-reset',
])

/** Auth paths limited per e-mail address on top of the per-IP limit. */
const EMAIL_LIMITED = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', ...MAIL_PATHS])

/**
 * Auth paths limited per client address: AUTH_RATE_LIMIT_MAX attempts per fixed window of
 * AUTH_RATE_LIMIT_WINDOW seconds (better-auth's limiter is off for them, see auth.ts).
 */
export const IP_LIMITED = new Set([
  ...EMAIL_LIMITED,
  '/api/auth/reset-password',
  '/api/auth/change-password',
])

const AuthUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AuthUser' })
const AuthSession = z
  .object({ id: z.string(), userId: z.string(), expiresAt: z.string(), token: z.string() })
  .meta({ id: 'AuthSession' })
/**
 * better-auth's own error body, e.g. `{ code: 'USER_ALREADY_EXISTS', message }`. Errors the
 * server raises on these routes itself (bad JSON, body too large, too many attempts) also carry
 * the ApiError `error` object (see authErrorBody).
 */
const AuthError = z
  .object({
    code: z.string().optional(),
    message: z.string(),
    error: ApiError.shape.error.optional(),
  })
  .meta({ id: 'AuthError' })
const SignedIn = z.object({
  token: z
    .string()
    .nullable()
    .describe('The session token (also set as a cookie and in the set-auth-token header).'),
  user: AuthUser,
})
const Email = z.email()

const error = (description: string) => jsonResponse(description, AuthError)
const E400 = error(
  'Invalid input (`VALIDATION_ERROR`, naming the field) or a body that is not JSON.',
)
const E403 = error('The Origin header is not a trusted origin (`INVALID_ORIGIN`).')
const E413 = error('The request body is larger than 1 MiB.')
const E415 = error('The body is not JSON.')
const E429 = error(
  'Too many attempts from this address or for this e-mail (`TOO_MANY_REQUESTS`); see the Retry-After header.',
)
/** The errors every POST to better-auth can answer, before it looks at the request. */
const postErrors = { 400: E400, 403: E403, 413: E413, 415: E415, 429: E429 }

const docs = {
  signUp: {
    method: 'POST' as const,
    url: '/api/auth/sign-up/email',
    schema: {
      operationId: 'signUpEmail',
      tags: ['auth'],
      summary: 'Create an account',
      description:
        'Creates the user with e-mail and password, mails the verification link and signs the user in (cookie session; bearer clients read the set-auth-token header). Needs an Origin header from a trusted origin.',
      body: z.object({
        email: Email,
        password: NewPassword.describe(
          'At least 8 characters, not only spaces, and not one of the 10,000 most common passwords (`PASSWORD_TOO_COMMON`).',
        ),
        name: Profile.shape.name.describe('Display name; empty when not given.'),
        image: Profile.shape.image.describe('Picture: an http(s) URL.'),
        callbackURL: z
          .string()
          .optional()
          .describe('Where the verification link lands; default /.'),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse('Created and signed in.', SignedIn),
        ...postErrors,
        422: error('An account with this e-mail exists (`USER_ALREADY_EXISTS`).'),
      },
    },
  },
  signIn: {
    method: 'POST' as const,
    url: '/api/auth/sign-in/email',
    schema: {
      operationId: 'signInEmail',
      tags: ['auth'],
      summary: 'Sign in',
      description:
        'Signs in with e-mail and password; works while the e-mail is unverified (the user is then sent to /confirm-email). 401 INVALID_EMAIL_OR_PASSWORD on a wrong e-mail or password.',
      body: z.object({
        email: Email,
        password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
        rememberMe: z.boolean().optional(),
        callbackURL: z.string().optional(),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'Signed in.',
          SignedIn.extend({
            redirect: z.boolean().optional(),
            url: z.string().nullable().optional(),
          }),
        ),
        ...postErrors,
        401: error('Wrong e-mail or password (`INVALID_EMAIL_OR_PASSWORD`).'),
      },
    },
  },
  signOut: {
    method: 'POST' as const,
    url: '/api/auth/sign-out',
    schema: {
      operationId: 'signOut',
      tags: ['auth'],
      summary: 'Sign out',
      description: 'Ends the current session (cookie or bearer session token).',
      body: z.object({}).optional(),
      security: [...sessionSecurity, {}],
      response: {
        200: jsonResponse(
          'Signed out (also when there was no session).',
          z.object({ success: z.boolean() }),
        ),
        ...postErrors,
      },
    },
  },
  getSession: {
    method: 'GET' as const,
    url: '/api/auth/get-session',
    schema: {
      operationId: 'getSession',
      tags: ['auth'],
      summary: 'The current session',
      description: 'The signed-in user and session, or null when signed out.',
      security: [...sessionSecurity, {}],
      response: {
        200: jsonResponse(
          'The session, or null when signed out.',
          z.object({ user: AuthUser, session: AuthSession }).nullable(),
        ),
        // Signed out is a 200 null, and this read is not rate-limited.
        '4xx': error('A client error (none is expected: signed out answers 200 null).'),
      },
    },
  },
  sendVerification: {
    method: 'POST' as const,
    url: '/api/auth/send-verification-email',
    schema: {
      operationId: 'sendVerificationEmail',
      tags: ['auth'],
      summary: 'Resend the verification e-mail',
      description: 'Mails a new verification link to an unverified account.',
      body: z.object({ email: Email, callbackURL: z.string().optional() }),
      security: publicSecurity,
      response: {
        200: jsonResponse('A new link is on its way.', z.object({ status: z.boolean() })),
        ...postErrors,
      },
    },
  },
  requestPasswordReset: {
    method: 'POST' as const,
    url: '/api/auth/request-password-reset',
    schema: {
      operationId: 'requestPasswordReset',
      tags: ['auth'],
      summary: 'Mail a password reset link',
      description:
        "Mails a one-time link to the app's /reset-password page (valid one hour) when an account has this e-mail. Answers the same whether or not it has, so it tells nobody which addresses have accounts. At most 3 such e-mails per address an hour.",
      body: z.object({
        email: Email,
        redirectTo: z.string().optional().describe('Ignored: the link always leads to the app.'),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'Mailed, if an account has this e-mail.',
          z.object({ status: z.boolean(), message: z.string().optional() }),
        ),
        ...postErrors,
      },
    },
  },
  resetPassword: {
    method: 'POST' as const,
    url: '/api/auth/reset-password',
    schema: {
      operationId: 'resetPassword',
      tags: ['auth'],
      summary: 'Set a new password with a reset link',
      description:
        'Sets the password of the account the mailed token names, spends the token, and signs the account out on every device. The user then signs in with the new password.',
      body: z.object({
        newPassword: NewPassword.describe(
          'The same rules as at sign-up (`PASSWORD_TOO_COMMON` for a common one).',
        ),
        token: z.string().min(1).max(200).describe('The `token` of the reset link.'),
      }),
      security: publicSecurity,
      response: {
        200: jsonResponse('The password is changed.', z.object({ status: z.boolean() })),
        ...postErrors,
        400: error(
          'The link is invalid, used or expired (`INVALID_TOKEN`), or the password is refused (naming why).',
        ),
      },
    },
  },
  verifyEmail: {
    method: 'GET' as const,
    url: '/api/auth/verify-email',
    schema: {
      operationId: 'verifyEmail',
      tags: ['auth'],
      summary: 'Verify an e-mail address',
      description:
        'The link of the verification e-mail. Marks the e-mail verified, signs the user in, and redirects (302) to callbackURL; without callbackURL answers JSON.',
      querystring: z.object({ token: z.string(), callbackURL: z.string().optional() }),
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'Verified (no callbackURL given).',
          z.object({ status: z.boolean(), user: AuthUser.nullable().optional() }),
        ),
        302: z.null().describe('Redirect to callbackURL (with ?error=... when the token is bad).'),
        400: error('No token given (`VALIDATION_FAILED`).'),
        401: error('The token is invalid or expired (`INVALID_TOKEN`), without a callbackURL.'),
        429: E429,
      },
    },
  },
  token: {
    method: 'GET' as const,
    url: '/api/auth/token',
    schema: {
      operationId: 'getIdToken',
      tags: ['auth'],
      summary: 'Get an id token for the data API',
      description:
        'A short-lived (15 minutes) signed JWT for `Authorization: Bearer` on the data API. Needs a session (cookie, or `Authorization: Bearer <session token>` for native).',
      security: sessionSecurity,
      response: {
        200: jsonResponse('A fresh id token.', z.object({ token: z.string() })),
        401: error('No session (`UNAUTHORIZED`).'),
      },
    },
  },
}

/**
 * Serves better-auth under /api/auth: documented routes for the endpoints the apps use, and a
 * hidden catch-all for the rest. All of them hand the request to better-auth's web handler.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: Database; config: Config; clock?: () => Date },
): void {
  const { auth, db, config } = options
  const now = () => (options.clock?.() ?? new Date()).getTime()

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? ''
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
      if (fromIp.retryAfter !== null) return sendTooMany(reply, fromIp.retryAfter)
    }
    if (request.method === 'POST' && EMAIL_LIMITED.has(path) && body && typeof body === 'object') {
      if (path === '/api/auth/sign-up/email' && body.name === undefined)
        body = { ...body, name: '' }
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
        if (reserved.retryAfter !== null) return sendTooMany(reply, reserved.retryAfter)
      }
    }
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length' || name === 'x-kindling-client-ip')
        continue
      headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    headers.set('x-kindling-client-ip', request.ip)
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined
    if (hasBody) headers.set('content-type', 'application/json')
    const response = await auth.handler(
      new Request(new URL(request.url, config.publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(body) : undefined,
      }),
    )
    if (response.status === 429) {
      return sendTooMany(reply, Number(response.headers.get('x-retry-after') ?? 60))
    }
    // Only failures count against an address: a user who signs in often is never locked out,
    // while guessing a password for one address stops after a few tries from any IP.
    // A sign-in that got through gives its count back (failed ones are what is limited); a
    // mailed link (verification, password reset) stays counted: each one lands in someone's mailbox.
    if (reserved !== null && response.status < 400 && !MAIL_PATHS.has(path)) {
      await releaseAttempt(db, reserved)
    }
    reply.status(response.status)
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value)
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    return reply.send(Buffer.from(await response.arrayBuffer()))
  }

  const typed = app.withTypeProvider<ZodTypeProvider>()
  for (const route of Object.values(docs)) {
    typed.route({ ...route, handler: handle } as Parameters<typeof typed.route>[0])
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: handle,
  })
}

function sendTooMany(reply: FastifyReply, retryAfter: number) {
  const body = authErrorBody('too-many-requests', 'Too many requests. Please try again later.')
  return reply
    .status(429)
    .header('retry-after', String(retryAfter))
    .type('application/json')
    .send(Buffer.from(JSON.stringify(body)))
}

function emailLimitKey(path: string, email: string): string {
  return `${path}:${email.trim().toLowerCase()}`
}

function ipLimitKey(path: string, ip: string): string {
  return `ip ${path}:${ip}`
}

interface Attempt {
  key: string
  windowStart: number
  /** Null when the attempt may go ahead, else the seconds until the window ends. */
  retryAfter: number | null
}

/**
 * Counts one attempt under `key` in its fixed window of `windowSeconds`, atomically, and says
 * whether it may go ahead (at most `max` per window). The count is taken before the attempt, so
 * no number of parallel attempts gets past the limit. A window starts with its first attempt
 * and ends `windowSeconds` later, however busy it was: unlike better-auth's own limiter, whose
 * window restarts with every accepted request, a steady stream never locks a client out for
 * good. Keys: `<path>:<e-mail>` and `ip <path>:<address>`.
 */
async function reserveAttempt(
  db: Database,
  key: string,
  max: number,
  windowSeconds: number,
  now: number,
): Promise<Attempt> {
  const windowMs = windowSeconds * 1000
  const result = await db.execute(sql`
    insert into email_rate_limit (key, count, window_start)
    values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when email_rate_limit.window_start <= ${now - windowMs} then 1
                   else email_rate_limit.count + 1 end,
      window_start = case when email_rate_limit.window_start <= ${now - windowMs} then ${now}
                          else email_rate_limit.window_start end
    returning count, window_start`)
  const row = (result as unknown as { rows: { count: number; window_start: string | number }[] })
    .rows[0]
  const count = Number(row?.count ?? 1)
  const windowStart = Number(row?.window_start ?? now)
  return {
    key,
    windowStart,
    retryAfter: count <= max ? null : Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  }
}

/** Gives back the count of an attempt that succeeded, if its window is still the current one. */
async function releaseAttempt(db: Database, attempt: Attempt): Promise<void> {
  await db.execute(sql`
    update email_rate_limit set count = greatest(count - 1, 0)
    where key = ${attempt.key} and window_start = ${attempt.windowStart}`)
}
