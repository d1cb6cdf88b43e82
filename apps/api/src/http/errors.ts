import type { ApiError } from '@kindling/core'
import { toFieldErrors } from '@kindling/core'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ZodError } from 'zod'
import { isDatabaseUnreachable } from '../db/client'

/** An error the API answers as `{ error: { code, message, fields? } }` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (what = 'Record') => new HttpError(404, 'not-found', `${what} not found.`)

/** A 400 naming each failing field by its dotted path (`name`, `attributes.<id>`). */
export function validationError(fields: Record<string, string>): HttpError {
  const names = Object.keys(fields)
  const first = names[0]
  const message = first ? `${first}: ${fields[first]}` : 'Invalid input.'
  return new HttpError(400, 'validation-failed', message, fields)
}

/** A zod failure as the 400's `fields` (core's toFieldErrors). */
export function zodFields(error: ZodError, prefix = ''): Record<string, string> {
  return toFieldErrors(error.issues, { prefix })
}

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } }
}

/**
 * The auth routes answer in better-auth's shape `{ code, message }` (codes like
 * `TOO_MANY_REQUESTS`); errors the server raises there itself (bad JSON, too large, too many
 * attempts) carry both that and the ApiError `error`, so they fit either reading.
 */
export function authErrorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ApiError & { code: string; message: string } {
  return {
    code: code.replaceAll('-', '_').toUpperCase(),
    message,
    ...errorBody(code, message, fields),
  }
}

const isAuthRoute = (url: string) => url.startsWith('/api/auth/')

/** The one error handler: every failure leaves as ApiError JSON, never with a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (status: number, code: string, message: string, fields?: Record<string, string>) =>
      reply
        .status(status)
        .send(
          isAuthRoute(request.url)
            ? authErrorBody(code, message, fields)
            : errorBody(code, message, fields),
        )
    if (error instanceof HttpError) {
      return send(error.status, error.code, error.message, error.fields)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'request'
      const issues = error.validation.map((item) => ({
        path: item.instancePath.split('/').filter(Boolean),
        message: item.message ?? 'Invalid value.',
      }))
      const fields = toFieldErrors(issues, { whole: part })
      const invalid = validationError(fields)
      // The sign-in screens show an auth error's message as it is: the rule alone reads best
      // there ("Password cannot be only spaces."); the field is named in `fields`.
      const message = isAuthRoute(request.url)
        ? (Object.values(fields)[0] ?? invalid.message)
        : invalid.message
      return send(400, invalid.code, message, fields)
    }
    const status = error.statusCode ?? 500
    if (status === 413) {
      drainRefusedBody(request, reply)
      return send(413, 'payload-too-large', 'The request body is too large.')
    }
    if (status === 429) return send(429, 'too-many-requests', 'Too many requests. Try later.')
    if (status === 415) return send(415, 'unsupported-media-type', 'Send JSON.')
    // The static files' refusal of a path they will not look up (`//`, too long): no such route.
    if (status === 403) return send(404, 'not-found', 'Not found.')
    if (status >= 400 && status < 500) {
      const code = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'invalid-json' : 'bad-request'
      return send(status, code, error.message)
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database is unreachable')
      reply.header('retry-after', '1')
      return send(503, 'unavailable', 'The database is unavailable for a moment. Retry shortly.')
    }
    request.log.error({ err: error }, 'request failed')
    return send(500, 'internal', 'Internal server error.')
  })
}

/** How much of a refused body the server still reads (and drops) so that its client hears why. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024

/**
 * Fastify refuses a body over the limit before reading it and closes the connection after its
 * 413: a client still sending then meets a reset instead of the answer, and a browser says the
 * network failed where it should say the file is too large (the fuzzing bench caught about one
 * upload in ten). The rest of the body is read and dropped, up to DRAIN_MAX_BYTES, with the
 * connection kept open until it is in; a body larger still is cut off.
 */
function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const body = request.raw
  if (body.readableEnded || body.destroyed) return
  reply.removeHeader('connection')
  let read = 0
  body.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > DRAIN_MAX_BYTES) body.destroy()
  })
  body.resume()
}
