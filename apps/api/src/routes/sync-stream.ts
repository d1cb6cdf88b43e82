import { PassThrough } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { ChangeSignals } from '../db/change-signals'
import type { Database } from '../db/client'
import { uidOf } from '../http/caller'
import { translatedErrorBody } from '../http/errors'
import { msg } from '../i18n/message'
import { E401, E403, E429, E503, security } from './common'
import { latestSeq } from './sync'

/** Streams one user may hold open on one node; the oldest is ended for the next (decision 119). */
export const MAX_STREAMS_PER_USER = 10
/** A comment is sent this often, so that proxies and NATs keep an idle stream open. */
export const HEARTBEAT_MS = 25_000

const EVENT_STREAM = 'text/event-stream'

/** One open stream. */
interface Stream {
  body: PassThrough
  /** The cursor last sent on it (-1: none yet). */
  sent: number
}

/** One user's streams on this node, oldest first, and their one subscription to signals. */
interface UserStreams {
  streams: Stream[]
  subscribed: Promise<() => void>
  /** A cursor lookup is under way; `again`: a signal came during it, look once more after. */
  looking: boolean
  again: boolean
}

/** The open streams of this node, for the app (stop) and the tests (no leak). */
export interface LiveStreams {
  /** Open streams on this node (all users). */
  count(): number
  /** Ends every stream (the server stops). */
  closeAll(): void
}

/**
 * `GET /api/sync/stream`: Server-Sent Events telling the caller's devices that their data
 * changed (the `change` event with the new cursor), so that they pull at once rather than at
 * their next poll. Also the hook that publishes every write: any request in this scope that may
 * write (not GET or HEAD) signals its caller once it is answered, that is after its commit.
 */
export function registerSyncStreamRoutes(
  app: FastifyInstance,
  { db, signals, log }: { db: Database; signals: ChangeSignals; log: Logger },
): LiveStreams {
  const users = new Map<string, UserStreams>()
  let closing = false

  /** Sends `uid`'s latest cursor to each of their streams that has not had it yet. */
  const lookUp = (uid: string) => {
    const user = users.get(uid)
    if (!user) return
    if (user.looking) {
      user.again = true
      return
    }
    user.looking = true
    user.again = false
    latestSeq(db, uid)
      .then(
        (cursor) => {
          const data = `event: change\ndata: ${JSON.stringify({ cursor: String(cursor) })}\n\n`
          for (const stream of user.streams) {
            if (stream.sent >= cursor || !stream.body.writable) continue
            stream.sent = cursor
            stream.body.write(data)
          }
        },
        // The database is away: the listener calls again once it is back; devices still poll.
        (error: unknown) => log.warn({ err: error }, 'could not read the cursor for a stream'),
      )
      .finally(() => {
        user.looking = false
        if (user.again && users.get(uid) === user) lookUp(uid)
      })
  }

  const remove = (uid: string, stream: Stream) => {
    const user = users.get(uid)
    if (!user) return
    user.streams = user.streams.filter((item) => item !== stream)
    if (user.streams.length > 0) return
    users.delete(uid)
    void user.subscribed.then((unsubscribe) => unsubscribe())
  }

  const heartbeat = setInterval(() => {
    for (const user of users.values()) {
      for (const stream of user.streams) {
        if (stream.body.writable) stream.body.write(': heartbeat\n\n')
      }
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()

  app.addHook('onSend', async (request: FastifyRequest, _reply: FastifyReply, payload) => {
    if (request.caller && request.method !== 'GET' && request.method !== 'HEAD') {
      signals.publish(request.caller.uid)
    }
    return payload
  })

  const r = app
  r.get(
    '/api/sync/stream',
    {
      // Compressed, each event would wait in the encoder's buffer.
      compress: false,
      // A HEAD would open a stream that nobody reads.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamChanges',
        tags: ['sync'],
        security,
        summary: 'Be told when your data changes',
        description: `Server-Sent Events (\`text/event-stream\`) that stay open: a \`change\` event whenever your data may have changed, with your change feed's latest \`cursor\` as JSON data, once at the start and after each write of yours from any device. Pull \`GET /api/sync/changes\` when your cursor is below it. A comment line is sent every ${HEARTBEAT_MS / 1000} s to keep proxies from closing an idle stream. Send the bearer id token (read the body with fetch(); EventSource cannot send it). At most ${MAX_STREAMS_PER_USER} of your streams stay open on one server: opening another ends the oldest. The server ends every stream when it stops; reconnect with backoff, and keep polling the feed now and then as well.`,
        response: {
          200: {
            description:
              'The stream: `event: change` with `data: {"cursor":"…"}`, and `:` comment heartbeats.',
            content: {
              [EVENT_STREAM]: {
                schema: z
                  .string()
                  .describe(
                    'Server-Sent Events. Each `change` event has one `data` line: a JSON object with `cursor` (a string, as the change feed answers it).',
                  ),
              },
            },
          },
          401: E401,
          403: E403,
          429: E429,
          503: E503,
        },
      },
    },
    async (request, reply) => {
      const uid = uidOf(request)
      if (closing) {
        return reply
          .status(503)
          .header('retry-after', '1')
          .send(
            translatedErrorBody(
              request,
              'unavailable',
              msg('The server is stopping: try again in a moment.'),
            ),
          )
      }
      let user = users.get(uid)
      if (!user) {
        user = {
          streams: [],
          subscribed: signals.subscribe(uid, () => lookUp(uid)),
          looking: false,
          again: false,
        }
        users.set(uid, user)
      }
      const stream: Stream = { body: new PassThrough(), sent: -1 }
      user.streams.push(stream)
      // The oldest streams make room: a new stream is most likely the device someone looks at,
      // an old one perhaps a laptop that went to sleep with it open.
      while (user.streams.length > MAX_STREAMS_PER_USER) user.streams.shift()?.body.end()
      stream.body.on('close', () => remove(uid, stream))
      stream.body.on('end', () => remove(uid, stream))
      // Headers and a first line at once: the client knows the stream is open.
      stream.body.write(': open\n\n')
      void user.subscribed.then(() => lookUp(uid))
      return (
        reply
          .type(EVENT_STREAM)
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The stream's connection ends with it: one ended by a stop is not left idle until its
          // keep-alive timeout.
          .header('connection', 'close')
          .send(stream.body)
      )
    },
  )

  return {
    count: () => {
      let total = 0
      for (const user of users.values()) total += user.streams.length
      return total
    },
    closeAll: () => {
      closing = true
      clearInterval(heartbeat)
      for (const user of [...users.values()]) {
        for (const stream of [...user.streams]) stream.body.end()
      }
    },
  }
}
