import type { ApiError, FieldReason } from '@kindling/core'
import { FIELD_REASON, NOT_AN_ATTRIBUTE, toFieldErrors } from '@kindling/core'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ZodError } from 'zod'
import { isDatabaseUnreachable } from '../db/client'
import { fieldText } from '../i18n/field-messages'
import { english, msg, type Text } from '../i18n/message'
import { languageOfHeader, translate } from '../i18n/translate'

/**
 * An error the API answers as `{ error: { code, message, fields?, reasons? } }` with `status`.
 * Its message and fields are texts (marked with `msg`), answered in the request's language
 * (decision 161); `message` and `fields` hold them in English, for logs and the server's own
 * reading. `reasons` name, by a stable code, the field problems a client acts on (decision 162).
 */
export class HttpError extends Error {
  readonly text: Text
  readonly fields?: Record<string, string>
  readonly fieldTexts?: Record<string, Text | string>

  constructor(
    readonly status: number,
    readonly code: string,
    message: Text | string,
    fields?: Record<string, Text | string>,
    readonly reasons?: Record<string, FieldReason>,
  ) {
    super(english(message))
    this.text = typeof message === 'string' ? { message } : message
    if (fields) {
      this.fieldTexts = fields
      this.fields = Object.fromEntries(
        Object.entries(fields).map(([name, text]) => [name, english(text)]),
      )
    }
  }
}

/** A 404 saying what was not found, e.g. 'Activity not found.' */
export const notFound = (message: Text) => new HttpError(404, 'not-found', message)

/**
 * A 400 naming each failing field by its dotted path (`name`, `attributes.<id>`). A problem in
 * plain English (core's schemas and checks) is read as a text of the catalogs (`fieldText`).
 */
export function validationError(
  given: Record<string, Text | string>,
  reasons?: Record<string, FieldReason>,
): HttpError {
  const fields = Object.fromEntries(
    Object.entries(given).map(([name, problem]) => [name, fieldText(problem)]),
  )
  const [first] = Object.entries(fields)
  const message = first
    ? msg('{field}: {problem}', { field: first[0], problem: first[1] })
    : msg('Invalid input.')
  return new HttpError(400, 'validation-failed', message, fields, reasons)
}

/** The 400 of an `activityId` that is not one of the caller's live activities. */
export const notAnActivity = () =>
  validationError(
    { activityId: msg('Not an activity of yours.') },
    { activityId: { code: FIELD_REASON.notAnActivity } },
  )

/**
 * The reasons of an event's value problems (core's validateEventAttributes): each value of an
 * attribute that is not (or no longer) one of its activity's.
 */
export function attributeReasons(problems: Record<string, string>): Record<string, FieldReason> {
  return Object.fromEntries(
    Object.entries(problems)
      .filter(([, problem]) => problem === NOT_AN_ATTRIBUTE)
      .map(([field]) => [field, { code: FIELD_REASON.notAnAttribute }]),
  )
}

/** A zod failure as the 400's `fields` (core's toFieldErrors). */
export function zodFields(error: ZodError, prefix = ''): Record<string, string> {
  return toFieldErrors(error.issues, { prefix })
}

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
  reasons?: Record<string, FieldReason>,
): ApiError {
  const named = reasons && Object.keys(reasons).length > 0
  return {
    error: { code, message, ...(fields ? { fields } : {}), ...(named ? { reasons } : {}) },
  }
}

/**
 * The error body of `code` with `message` and `fields` in the language `request` asks for
 * (Accept-Language): the code stays English and stable, the texts are for a person.
 */
export function translatedErrorBody(
  request: Pick<FastifyRequest, 'headers'>,
  code: string,
  message: Text | string,
  fields?: Record<string, Text | string>,
  reasons?: Record<string, FieldReason>,
): ApiError {
  const language = languageOfHeader(request.headers['accept-language'])
  return errorBody(
    code,
    translate(language, message),
    fields &&
      Object.fromEntries(
        Object.entries(fields).map(([name, text]) => [name, translate(language, text)]),
      ),
    reasons,
  )
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

/** authErrorBody with its message in the language `request` asks for. */
export function translatedAuthErrorBody(
  request: Pick<FastifyRequest, 'headers'>,
  code: string,
  message: Text,
): ApiError & { code: string; message: string } {
  return authErrorBody(
    code,
    translate(languageOfHeader(request.headers['accept-language']), message),
  )
}

const isAuthRoute = (url: string) => url.startsWith('/api/auth/')

/** The one error handler: every failure leaves as ApiError JSON, never with a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const send = (
      status: number,
      code: string,
      message: Text | string,
      fields?: Record<string, Text | string>,
      reasons?: Record<string, FieldReason>,
    ) => {
      const { error: body } = translatedErrorBody(request, code, message, fields, reasons)
      return reply
        .status(status)
        .send(
          isAuthRoute(request.url)
            ? authErrorBody(code, body.message, body.fields)
            : errorBody(code, body.message, body.fields, body.reasons),
        )
    }
    if (error instanceof HttpError) {
      return send(error.status, error.code, error.text, error.fieldTexts, error.reasons)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'request'
      const issues = error.validation.map((item) => ({
        path: item.instancePath.split('/').filter(Boolean),
        message: item.message ?? 'Invalid value.',
      }))
      const invalid = validationError(toFieldErrors(issues, { whole: part }))
      // The sign-in screens show an auth error's message as it is: the rule alone reads best
      // there ("Password cannot be only spaces."); the field is named in `fields`.
      const message = isAuthRoute(request.url)
        ? (Object.values(invalid.fieldTexts ?? {})[0] ?? invalid.text)
        : invalid.text
      return send(400, invalid.code, message, invalid.fieldTexts)
    }
    const status = error.statusCode ?? 500
    if (status === 413) {
      drainRefusedBody(request, reply)
      return send(413, 'payload-too-large', msg('The request body is too large.'))
    }
    if (status === 429) return send(429, 'too-many-requests', msg('Too many requests. Try later.'))
    if (status === 415) return send(415, 'unsupported-media-type', msg('Send JSON.'))
    // The static files' refusal of a path they will not look up (`//`, too long): no such route.
    if (status === 403) return send(404, 'not-found', msg('Not found.'))
    if (status >= 400 && status < 500) {
      const code = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'invalid-json' : 'bad-request'
      return send(status, code, error.message)
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database is unreachable')
      reply.header('retry-after', '1')
      return send(
        503,
        'unavailable',
        msg('The database is unavailable for a moment. Retry shortly.'),
      )
    }
    request.log.error({ err: error }, 'request failed')
    return send(500, 'internal', msg('Internal server error.'))
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
