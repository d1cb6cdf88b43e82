import type { FastifyReply, FastifyRequest } from 'fastify'
import { type ApiTokenVerifier, isApiToken, RateLimitedError } from '../auth/api-tokens'
import { type Caller, type IdTokenVerifier, InvalidTokenError } from '../auth/id-token'
import { msg } from '../i18n/message'
import { HttpError } from './errors'
import { API_TOKEN_SCHEME } from './openapi'

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined
  }
}

/** The challenge of a 401 (RFC 6750): which scheme to send, and why a sent token failed. */
export const BEARER_CHALLENGE = 'Bearer realm="kindling"'

/** Methods a read-only token may use. */
const READS = new Set(['GET', 'HEAD'])

/** Whether the route's documented security lists the personal API token scheme. */
function takesApiTokens(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: Record<string, unknown>[] })
    ?.security
  return security?.some((requirement) => API_TOKEN_SCHEME in requirement) ?? false
}

/**
 * The one place that turns a request's `Authorization: Bearer <credential>` into the caller
 * (uid, kind, scope): an id token of a session, or a personal API token (`kdl_…`). No or bad
 * credential 401 (with its WWW-Authenticate challenge), unverified e-mail 403. A personal token
 * is taken only where the route's OpenAPI security names it (the data API and sync, never the
 * account's own settings), answers 403 to a write when it is read-only, and 429 past its rate
 * limit.
 */
export function createCallerHook(verifier: IdTokenVerifier, tokens: ApiTokenVerifier) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1]) {
      reply.header('www-authenticate', BEARER_CHALLENGE)
      throw new HttpError(
        401,
        'unauthenticated',
        msg('Sign in: send Authorization: Bearer <id token>.'),
      )
    }
    const credential = match[1]
    const personal = isApiToken(credential)
    if (personal && !takesApiTokens(request)) {
      throw new HttpError(
        403,
        'token-not-allowed',
        msg('Personal API tokens cannot be used here: this needs a signed-in session.'),
      )
    }
    let caller: Caller
    try {
      caller = personal ? await tokens.verify(credential) : await verifier.verify(credential)
    } catch (error) {
      if (error instanceof RateLimitedError) {
        reply.header('retry-after', String(error.retryAfter))
        throw new HttpError(
          429,
          'rate-limited',
          msg('Too many requests with this token: slow down.'),
        )
      }
      // A database that cannot say whether the session lives is the server's failure (503).
      if (!(error instanceof InvalidTokenError)) throw error
      reply.header('www-authenticate', `${BEARER_CHALLENGE}, error="invalid_token"`)
      throw new HttpError(
        401,
        'invalid-token',
        personal
          ? msg('The token is unknown, revoked or expired.')
          : msg('The id token is invalid or expired.'),
      )
    }
    if (!caller.emailVerified) {
      throw new HttpError(403, 'email-not-verified', msg('Confirm your e-mail address first.'))
    }
    if (caller.scope === 'read' && !READS.has(request.method)) {
      throw new HttpError(
        403,
        'insufficient-scope',
        msg('This token may only read: it cannot write.'),
      )
    }
    request.caller = caller
  }
}

/** The verified caller's uid; only called behind the caller hook. */
export function uidOf(request: FastifyRequest): string {
  if (!request.caller) throw new HttpError(401, 'unauthenticated', msg('Not signed in.'))
  return request.caller.uid
}
