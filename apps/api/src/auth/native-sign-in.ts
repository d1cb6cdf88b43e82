import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  NATIVE_SIGN_IN_RETURN_URL,
  type NativeSignInExchange,
  type NativeSignInStart,
} from '@kindling/core'
import { isAPIError } from 'better-auth/api'
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from '../config'
import type { Database } from '../db/client'
import { nativeSignIns } from '../db/schema'
import { authErrorBody } from '../http/errors'
import type { Auth } from './auth'
import { nativeSignInRouteDocs } from './docs'
import { CLIENT_IP_HEADER } from './fetch-bridge'
import { ipLimitKey, releaseAttempt, reserveAttempt } from './limits'

/*
 * Single sign-on from the native shells (issue 53, decision 136). The shells cannot take the
 * provider's redirect in their WebView: the app opens the system browser at the start route,
 * which starts better-auth's own sign-in there (its state cookie lands in that browser); the
 * provider sends the browser back to better-auth's callback, which signs in (sign-up policy,
 * invitations and the verified-e-mail linking rules apply as on the web) and lands on the return
 * route. That route trades the browser's fresh session for a one-time code and hands the code
 * to the app through its URL scheme; the app trades code and verifier for a session of its own.
 */

/** As long as better-auth keeps the state of a sign-in at the provider. */
export const NATIVE_FLOW_LIFETIME_MS = 10 * 60 * 1000
/** The one-time code is traded at once by the app that was just opened with it. */
export const NATIVE_CODE_LIFETIME_MS = 2 * 60 * 1000
/** Rows of sign-ins that never came back are forgotten after a day. */
const FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000

export const NATIVE_START_PATH = '/api/auth/native/start'
export const NATIVE_RETURN_PATH = '/api/auth/native/return'
export const NATIVE_TOKEN_PATH = '/api/auth/native/token'

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex')

/** RFC 7636's S256: the verifier's SHA-256 in base64url. */
export const challengeOf = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url')

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The app's return URL with `params` (a code, or an error and its description). */
function appUrl(params: Record<string, string | undefined>): string {
  const url = new URL(NATIVE_SIGN_IN_RETURN_URL)
  for (const [name, value] of Object.entries(params)) {
    if (value) url.searchParams.set(name, value)
  }
  return url.toString()
}

/** A sign-in that cannot be told apart from one started elsewhere, or that took too long. */
const LOST_FLOW = 'state_not_found'

const refusals = {
  invalid: {
    status: 400,
    code: 'sign-in-code-invalid',
    message: 'This sign-in code is not valid or has been used already. Sign in again.',
  },
  expired: {
    status: 400,
    code: 'sign-in-code-expired',
    message: 'This sign-in code has expired. Sign in again.',
  },
  verifier: {
    status: 401,
    code: 'sign-in-verifier-mismatch',
    message: 'This sign-in was not started by this app. Sign in again.',
  },
} as const

export function registerNativeSignInRoutes(
  app: FastifyInstance,
  options: { auth: Auth; db: Database; config: Config; clock?: () => Date },
): void {
  const { auth, db, config } = options
  const now = () => options.clock?.() ?? new Date()
  const origin = new URL(config.publicUrl).origin

  /** A POST to one of better-auth's routes, made by the server on the browser's behalf. */
  function askAuth(
    request: FastifyRequest,
    path: string,
    body: unknown,
    cookie?: string,
  ): Promise<Response> {
    const headers = new Headers({
      'content-type': 'application/json',
      origin,
      [CLIENT_IP_HEADER]: request.ip,
    })
    const agent = request.headers['user-agent']
    if (agent) headers.set('user-agent', agent)
    if (cookie) headers.set('cookie', cookie)
    return auth.handler(
      new Request(new URL(path, config.publicUrl), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      }),
    )
  }

  function passCookies(reply: FastifyReply, response: Response) {
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) reply.header('set-cookie', cookies)
  }

  async function start(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as NativeSignInStart
    const startedAt = now()
    await db
      .delete(nativeSignIns)
      .where(lt(nativeSignIns.startedAt, new Date(startedAt.getTime() - FORGOTTEN_AFTER_MS)))
    // The nonce rides in the callback URL, kept by better-auth with the provider's state (not
    // in the browser): only its callback, after the provider, sends the browser back with it.
    const flow = randomBytes(32).toString('base64url')
    await db
      .insert(nativeSignIns)
      .values({ flowHash: sha256Hex(flow), challenge: query.challenge, startedAt })
    const back = `${NATIVE_RETURN_PATH}?flow=${flow}`
    const response = await askAuth(request, '/api/auth/sign-in/social', {
      provider: query.provider,
      callbackURL: back,
      newUserCallbackURL: back,
      errorCallbackURL: back,
      disableRedirect: true,
      ...(query.invitation ? { additionalData: { invitation: query.invitation } } : {}),
    })
    const body = (await response.json().catch(() => null)) as {
      url?: string
      code?: string
      message?: string
    } | null
    if (!response.ok || !body?.url) {
      await db.delete(nativeSignIns).where(eq(nativeSignIns.flowHash, sha256Hex(flow)))
      // Back to the app, which says why where the user started.
      return reply.redirect(
        appUrl({ error: body?.code ?? 'sign_in_failed', error_description: body?.message }),
        302,
      )
    }
    passCookies(reply, response)
    return reply.redirect(body.url, 302)
  }

  async function finish(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as { flow?: string; error?: string; error_description?: string }
    const flowHash = sha256Hex(query.flow ?? '')
    const open = and(eq(nativeSignIns.flowHash, flowHash), isNull(nativeSignIns.codeHash))
    if (query.error) {
      // Refused (at the provider, or by the sign-up policy): the app shows the web's words.
      await db.delete(nativeSignIns).where(open)
      return reply.redirect(
        appUrl({ error: query.error, error_description: query.error_description }),
        302,
      )
    }
    const cookie = request.headers.cookie
    const signedIn = cookie
      ? await auth.api.getSession({ headers: new Headers({ cookie }) }).catch(() => null)
      : null
    if (!signedIn) return reply.redirect(appUrl({ error: LOST_FLOW }), 302)
    const at = now()
    const code = randomBytes(32).toString('base64url')
    const [row] = await db
      .update(nativeSignIns)
      .set({
        codeHash: sha256Hex(code),
        userId: signedIn.user.id,
        codeExpiresAt: new Date(at.getTime() + NATIVE_CODE_LIFETIME_MS),
      })
      .where(
        and(open, gt(nativeSignIns.startedAt, new Date(at.getTime() - NATIVE_FLOW_LIFETIME_MS))),
      )
      .returning({ flowHash: nativeSignIns.flowHash })
    if (!row) return reply.redirect(appUrl({ error: LOST_FLOW }), 302)
    // The session was the browser's only to carry the sign-in this far: it ends, and the
    // browser forgets its cookie. The app gets a session of its own for the code.
    passCookies(reply, await askAuth(request, '/api/auth/sign-out', {}, cookie))
    return reply.redirect(appUrl({ code }), 302)
  }

  async function exchange(request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as NativeSignInExchange
    const at = now()
    const limits = config.authRateLimit
    const attempt = await reserveAttempt(
      db,
      ipLimitKey(NATIVE_TOKEN_PATH, request.ip),
      limits.max,
      limits.window,
      at.getTime(),
    )
    if (attempt.retryAfter !== null) {
      return reply
        .status(429)
        .header('retry-after', String(attempt.retryAfter))
        .send(authErrorBody('too-many-requests', 'Too many requests. Please try again later.'))
    }
    // Taken away in one statement: of two attempts with the same code, one finds it. A code
    // tried with a wrong verifier is spent too: whoever caught it gets one try, which fails.
    const [row] = await db
      .delete(nativeSignIns)
      .where(eq(nativeSignIns.codeHash, sha256Hex(body.code)))
      .returning()
    const refuse = (refusal: (typeof refusals)[keyof typeof refusals]) =>
      reply.status(refusal.status).send(authErrorBody(refusal.code, refusal.message))
    if (!row?.userId || !row.codeExpiresAt) return refuse(refusals.invalid)
    if (row.codeExpiresAt <= at) return refuse(refusals.expired)
    if (!sameText(row.challenge, challengeOf(body.verifier))) return refuse(refusals.verifier)

    const context = await auth.$context
    let token: string
    try {
      // Through better-auth's own adapter: its session hooks run (a disabled account gets none).
      const session = await context.internalAdapter.createSession(row.userId, false, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      })
      token = session.token
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) {
        const code = String(error.body?.code ?? 'forbidden')
        return reply
          .status(error.statusCode)
          .send(authErrorBody(code.toLowerCase().replaceAll('_', '-'), error.message))
      }
      throw error
    }
    const user = await context.internalAdapter.findUserById(row.userId)
    if (!user) return refuse(refusals.invalid)
    await releaseAttempt(db, attempt)
    // As a native password sign-in answers: the session token in set-auth-token and the body.
    return reply.header('set-auth-token', token).send({
      token,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        createdAt: user.createdAt.toISOString(),
        updatedAt: user.updatedAt.toISOString(),
      },
    })
  }

  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.route({ ...nativeSignInRouteDocs.start, handler: start })
  typed.route({ ...nativeSignInRouteDocs.return, handler: finish })
  typed.route({ ...nativeSignInRouteDocs.token, handler: exchange })
}
