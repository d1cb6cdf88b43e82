import type { FastifyReply, FastifyRequest } from 'fastify'
import { type Caller, type IdTokenVerifier, InvalidTokenError } from '../auth/id-token'
import { HttpError } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | undefined
  }
}

/** The challenge of a 401 (RFC 6750): which scheme to send, and why a sent token failed. */
export const BEARER_CHALLENGE = 'Bearer realm="kindling"'

/**
 * The one place that turns a request's `Authorization: Bearer <id token>` into the caller:
 * no or bad token 401 (with its WWW-Authenticate challenge), unverified e-mail 403.
 */
export function createCallerHook(verifier: IdTokenVerifier) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1]) {
      reply.header('www-authenticate', BEARER_CHALLENGE)
      throw new HttpError(401, 'unauthenticated', 'Sign in: send Authorization: Bearer <id token>.')
    }
    let caller: Caller
    try {
      caller = await verifier.verify(match[1])
    } catch (error) {
      // A database that cannot say whether the session lives is the server's failure (503).
      if (!(error instanceof InvalidTokenError)) throw error
      reply.header('www-authenticate', `${BEARER_CHALLENGE}, error="invalid_token"`)
      throw new HttpError(401, 'invalid-token', 'The id token is invalid or expired.')
    }
    if (!caller.emailVerified) {
      throw new HttpError(403, 'email-not-verified', 'Confirm your e-mail address first.')
    }
    request.caller = caller
  }
}

/** The verified caller's uid; only called behind the caller hook. */
export function uidOf(request: FastifyRequest): string {
  if (!request.caller) throw new HttpError(401, 'unauthenticated', 'Not signed in.')
  return request.caller.uid
}
