import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { Agent } from 'node:https'
import fastifyCompress from '@fastify/compress'
import fastifyCors from '@fastify/cors'
import fastifyHelmet from '@fastify/helmet'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Logger } from 'pino'
import { z } from 'zod'
import { registerAdminRoutes } from './admin/routes'
import { createActivityTracker } from './admin/users'
import { createAccountGate } from './auth/account-gate'
import { createApiTokenVerifier, revokeAllApiTokens } from './auth/api-tokens'
import { createAuth, trustedOrigins } from './auth/auth'
import { createIdTokenVerifier } from './auth/id-token'
import { registerAuthRoutes } from './auth/routes'
import {
  createLocalSessionsEnded,
  createPostgresSessionsEnded,
  SESSIONS_ENDED_CHANNEL,
  type SessionsEnded,
} from './auth/sessions-ended'
import {
  type BackupService,
  backupBeforeMigrations,
  createBackupService,
  type WrittenBackup,
} from './backup/backups'
import { warnWithoutPgDump } from './backup/dump'

import type { Config } from './config'
import { registerDataTransferRoutes } from './data-transfer/routes'
import {
  CHANGES_CHANNEL,
  type ChangeSignals,
  createLocalChangeSignals,
  createPostgresChangeSignals,
} from './db/change-signals'
import { type DatabaseHandle, openDatabase } from './db/client'
import { agreeOnGeneratedSecrets } from './db/server-secrets'
import { createCallerHook } from './http/caller'
import { registerErrorHandler, translatedErrorBody } from './http/errors'
import { registerInputGuard } from './http/input-guard'
import { errorResponse, jsonResponse, publicSecurity, swaggerOptions } from './http/openapi'
import { responseSerializer } from './http/serializer'
import { trackUnusedConnections } from './http/unused-connections'
import { builtInlineScriptSources, registerWebApp } from './http/web-app'
import { msg } from './i18n/message'
import { registerInstanceRoutes } from './instance/routes'
import { createLogger } from './log-output'
import { createMailer } from './mail/mailer'
import { DEFAULT_WEB_DIST_DIR } from './paths'
import { createPushSender } from './reminders/push-sender'
import { createReminderScheduler, type ReminderScheduler } from './reminders/scheduler'
import { registerActivityRoutes } from './routes/activities'
import { registerApiTokenRoutes } from './routes/api-tokens'
import { registerAttributeRoutes } from './routes/attributes'
import { registerBreakRoutes } from './routes/breaks'
import { REPLACED_HEADER } from './routes/crud'
import { registerEventRoutes } from './routes/events'
import { registerGoalRoutes } from './routes/goals'
import { registerGroupRoutes } from './routes/groups'
import { registerPushKeyRoute, registerPushRoutes } from './routes/push'
import { registerReminderRoutes } from './routes/reminders'
import { registerSettingsRoutes } from './routes/settings'
import { registerSyncRoutes } from './routes/sync'
import { type LiveStreams, registerSyncStreamRoutes } from './routes/sync-stream'
import { registerWebhookRoutes } from './routes/webhooks'
import {
  type DataChange,
  recordImportedDeliveries,
  recordWebhookDeliveries,
} from './webhooks/outbox'
import {
  createWebhookSender,
  type WebhookSender,
  type WebhookSenderOptions,
} from './webhooks/sender'

export const BODY_LIMIT_BYTES = 1024 * 1024

/** How long an idle keep-alive connection is kept: past clients' and load balancers' 60 s. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000

/** The HTTP methods the API uses, allowed to trusted origins in CORS preflights. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE']

export interface BuildOptions {
  /** A logger to use instead of a JSON logger at config.logLevel (tests pass a silent one). */
  logger?: Logger
  /** Validate every response body against its schema (the test suites do; see serializer.ts). */
  checkResponses?: boolean
  /** The clock of reminders and auth limits (tests set it; default: the system clock). */
  clock?: () => Date
  /**
   * A test's own Web Push service on this machine: its agent trusts the service's certificate,
   * and its private address and port are allowed (real push services are public hosts).
   */
  testPushService?: { agent: Agent }
  /** The webhook sender's retry schedule and attempt timeout (tests shorten them). */
  webhooks?: Pick<WebhookSenderOptions, 'backoff' | 'timeoutMs'>
}

export type App = FastifyInstance & {
  database: DatabaseHandle
  /** The instance's automatic backups; `backups.facts()` says where they stand (decision 132). */
  backups: BackupService
  reminders: ReminderScheduler
  /** Tells every node's streams of a user that the user's data changed (decision 119). */
  changeSignals: ChangeSignals
  /** The live change streams open on this node. */
  liveStreams: LiveStreams
  /** Sends the webhook outbox (decision 141). */
  webhooks: WebhookSender
}

/**
 * The whole server: opens (and migrates) the database, then registers auth, the data API, the
 * OpenAPI document and the web app. Closing the app drains requests, then closes the database.
 */
/** The Content-Security-Policy of API JSON answers. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

export async function buildApp(local: Config, options: BuildOptions = {}): Promise<App> {
  const logger = options.logger ?? createLogger(local.logLevel)
  const clock = options.clock ?? (() => new Date())
  const backupsOn = local.backup.intervalSeconds > 0
  let migrationBackup: WrittenBackup | undefined
  const database = await openDatabase({
    ...local,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed'),
    beforeMigrations: backupsOn
      ? async (dump) => {
          const driver = local.databaseUrl ? 'postgres' : 'pglite'
          migrationBackup = await backupBeforeMigrations(dump, driver, local.backup, logger, clock)
        }
      : undefined,
  })
  const backups = createBackupService({ database, config: local.backup, logger, clock })
  if (migrationBackup) await backups.record(migrationBackup)
  const config = await agreeOnGeneratedSecrets(database.db, local).catch(async (error) => {
    await database.close()
    throw error
  })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  })

  const { db } = database
  const changeSignals: ChangeSignals =
    database.driver === 'postgres' && config.databaseUrl
      ? createPostgresChangeSignals({
          databaseUrl: config.databaseUrl,
          notify: (payload) => db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`),
          log: logger,
        })
      : createLocalChangeSignals(logger)

  const reminders = createReminderScheduler({
    db: database.db,
    mailer,
    push: createPushSender({ vapid: config.vapid, logger, testService: options.testPushService }),
    publicUrl: config.publicUrl,
    logger,
    clock,
    concurrency: config.reminderConcurrency,
  })
  const webhooks = createWebhookSender({
    db: database.db,
    mailer,
    logger,
    clock,
    publicUrl: config.publicUrl,
    allowedHosts: config.webhookAllowedHosts,
    ...options.webhooks,
  })

  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that never finishes its request is answered 408 and closed (issue 14): headers
    // and body together, checked often enough for the limit to hold. An idle keep-alive
    // connection stays open longer than clients and proxies keep theirs (Fastify's 72 s, which
    // its own server would set): with Node's 5 s, a client reusing its connection as the server
    // closed it met ECONNRESET.
    serverFactory: (handler) =>
      createServer(
        {
          keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
          requestTimeout: config.requestTimeoutMs,
          headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
          connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 4)),
        },
        handler,
      ),
    requestTimeout: config.requestTimeoutMs,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // A URL the router cannot take (a stray '%': 400, a path segment over 100 characters: 414)
    // is the client's error, answered in the API's own body.
    frameworkErrors: (error, request, reply) => {
      const status =
        error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500
      const body =
        status === 414
          ? translatedErrorBody(request, 'uri-too-long', msg('A part of the URL is too long.'))
          : status < 500
            ? translatedErrorBody(request, 'bad-request', msg('The URL is malformed.'))
            : translatedErrorBody(request, 'internal', msg('Internal server error.'))
      void (reply as FastifyReply).status(status).send(body)
    },
  })
  app.server.maxConnections = config.maxConnections
  app.setSerializerCompiler(responseSerializer(options.checkResponses ?? false))
  // Live change streams never end by themselves: ended before the HTTP server closes, they do
  // not hold a stop (decisions 090, 119).
  const live: { streams?: LiveStreams } = {}
  const connections = trackUnusedConnections(app.server)
  app.addHook('preClose', async () => {
    live.streams?.closeAll()
    connections.closeUnused()
  })
  // Runs after the HTTP server has closed (Fastify closes it first): no request uses the
  // database any more.
  app.addHook('onClose', async () => {
    await reminders.stop()
    await backups.stop()
    await webhooks.stop()
    await changeSignals.close()
    mailer.close()
    app.log.info('connections closed; closing the database')
    await database.close()
    app.log.info('database closed')
  })

  try {
    live.streams = await registerEverything(app, config, database, mailer, logger, {
      clock,
      anyPushEndpoint: options.testPushService !== undefined,
      changeSignals,
      webhooks,
      backups,
    })
  } catch (error) {
    await app.close()
    throw error
  }
  // Reminders start with the server (a pass at once catches up after a restart); 0 turns the
  // scheduler off on this node.
  if (config.reminderCheckInterval > 0) {
    app.addHook('onReady', async () => reminders.start(config.reminderCheckInterval))
  }
  if (backupsOn) {
    app.addHook('onReady', async () => {
      if (database.driver === 'postgres') warnWithoutPgDump(logger)
      backups.start()
    })
  }
  if (config.webhookCheckInterval > 0) {
    app.addHook('onReady', async () => webhooks.start(config.webhookCheckInterval))
  }
  return Object.assign(app, {
    database,
    backups,
    reminders,
    changeSignals,
    liveStreams: live.streams as LiveStreams,
    webhooks,
  })
}

async function registerEverything(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  mailer: ReturnType<typeof createMailer>,
  logger: Logger,
  {
    clock,
    anyPushEndpoint,
    changeSignals,
    webhooks,
    backups,
  }: {
    clock: () => Date
    anyPushEndpoint: boolean
    changeSignals: ChangeSignals
    webhooks: WebhookSender
    backups: BackupService
  },
): Promise<LiveStreams> {
  const { db } = database
  // Bodies are validated in the handlers (PUT merges the stored record first); the route
  // schemas still describe them for the OpenAPI document.
  app.setValidatorCompiler((route) =>
    route.httpPart === 'body'
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(route as never),
  )
  app.decorateRequest('caller', undefined)
  registerErrorHandler(app)
  registerInputGuard(app)
  // JSON only: Fastify's default text/plain parser let a JSON text sent as text/plain through
  // as a string (a 400 about its shape instead of the documented 415).
  app.removeContentTypeParser('text/plain')

  const webDistDir = config.webDistDir ?? DEFAULT_WEB_DIST_DIR
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // The boot screen's inline script (index.html) by its hash, no other.
        'script-src': ["'self'", ...builtInlineScriptSources(webDistDir)],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        // Only where the app is served over HTTPS: on a LAN install at http://<machine>:3000 the
        // browser would rewrite every asset to https and show a blank page.
        'upgrade-insecure-requests': new URL(config.publicUrl).protocol === 'https:' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })
  // JSON answers are never rendered, so they carry the shortest policy that forbids everything,
  // not the app page's (a no-change sync answer stays under 1 KB with its headers: issue 13).
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (request.url.startsWith('/api/') && type.startsWith('application/json')) {
      reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY)
    }
    return payload
  })
  await app.register(fastifyCors, {
    origin: trustedOrigins(config),
    credentials: true,
    // An OPTIONS without Origin is no browser's preflight: answered 204 with nothing allowed,
    // rather than the plugin's 400 in plain text.
    strictPreflight: false,
    // Every method the API answers: the native shells (capacitor://localhost,
    // https://localhost) are another origin, so their PUT and DELETE are preflighted.
    methods: CORS_METHODS,
    // Every response header a client reads: the session and id tokens of sign-in and
    // get-session, the events' next page, the export's file name, when to retry, why a token
    // was refused, the request id, where a redirect leads (a client following none itself), the
    // fields an edit did not change (a newer change of them was stored).
    exposedHeaders: [
      'set-auth-token',
      'set-auth-jwt',
      'x-next-before',
      'content-disposition',
      'retry-after',
      'www-authenticate',
      'x-request-id',
      'location',
      REPLACED_HEADER,
    ],
    // Browsers cache a preflight this many seconds (Chromium at most 7200).
    maxAge: 600,
  })

  // Before every route (it hooks onRoute): brotli or gzip by Accept-Encoding for API JSON and the
  // web assets over 1 KiB (brotli at quality 4, cheap enough per request). Request bodies are
  // not decompressed: clients send plain JSON.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  })

  await app.register(fastifySwagger, swaggerOptions())
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })

  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  typed.get('/api/health', {
    schema: {
      operationId: 'getHealth',
      tags: ['system'],
      summary: 'Health check',
      description: 'Reports whether the server and its database answer.',
      security: publicSecurity,
      response: {
        200: jsonResponse(
          'The server and its database answer.',
          z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        ),
        // The operation takes no input, so no client error is expected; any would be this body.
        '4xx': errorResponse('A client error (none is expected: the operation takes no input).'),
        503: errorResponse('The database does not answer (`database-unavailable`).'),
      },
    },
    handler: async (request, reply) => {
      if (await database.ping()) return { status: 'ok' as const, database: database.driver }
      return reply
        .status(503)
        .send(
          translatedErrorBody(
            request,
            'database-unavailable',
            msg('The database does not answer.'),
          ),
        )
    },
  })

  const verifier = createIdTokenVerifier(db, config.publicUrl)
  const apiTokens = createApiTokenVerifier(db, {
    limits: { max: config.apiTokenRateLimit, windowMs: 60_000 },
    clock,
  })
  const auth = createAuth({
    config,
    db,
    mailer,
    logger,
    onSessionEnded: (sessionId) => verifier.forgetSession(sessionId),
    onSignedOutEverywhere: (uid) => revokeAllApiTokens(db, uid),
    gate: createAccountGate({ db, config, clock }),
  })
  registerAuthRoutes(app, { auth, db, config, clock })

  // Issue 53: what the server says of itself, and its administration.
  const sessionsEnded: SessionsEnded =
    database.driver === 'postgres' && config.databaseUrl
      ? await createPostgresSessionsEnded({
          databaseUrl: config.databaseUrl,
          notify: (uid) => db.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${uid})`),
          onEnded: (uid) => verifier.forgetUser(uid),
          log: logger,
        })
      : createLocalSessionsEnded((uid) => verifier.forgetUser(uid))
  app.addHook('onClose', async () => sessionsEnded.close())
  const noteActive = createActivityTracker(db, logger)
  registerInstanceRoutes(app, { db, config, clock })
  await registerAdminRoutes(app, {
    db,
    config,
    auth,
    mailer,
    verifier,
    apiTokens,
    sessionsEnded,
    database: database.driver,
    clock,
    onCaller: noteActive,
    backups,
  })

  registerPushKeyRoute(app, config.vapid.publicKey)
  let liveStreams: LiveStreams | undefined
  await app.register(async (scope) => {
    scope.addHook('onRequest', createCallerHook(verifier, apiTokens))
    // Every data write records its webhook deliveries in its own transaction (decision 141),
    // and this node sends them once the write is answered.
    scope.decorate('onDataWrite', (tx, uid, change) =>
      recordWebhookDeliveries(tx, uid, [change as DataChange], clock()),
    )
    scope.decorate('onDataImport', (tx, uid, stored) =>
      recordImportedDeliveries(tx, uid, stored, clock()),
    )
    scope.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') webhooks.kick()
    })
    scope.addHook('onRequest', async (request) => {
      if (request.caller) noteActive(request.caller.uid)
    })
    // Also an onSend hook: every write answered in this scope tells its caller's devices.
    liveStreams = registerSyncStreamRoutes(scope, { db, signals: changeSignals, log: logger })
    registerActivityRoutes(scope, db)
    registerGroupRoutes(scope, db)
    registerEventRoutes(scope, db)
    registerAttributeRoutes(scope, db)
    registerGoalRoutes(scope, db)
    registerBreakRoutes(scope, db)
    registerReminderRoutes(scope, db, clock)
    registerSettingsRoutes(scope, db, clock)
    registerPushRoutes(scope, db, { anyEndpoint: anyPushEndpoint })
    registerSyncRoutes(scope, db)
    await registerDataTransferRoutes(scope, database)
    registerApiTokenRoutes(scope, db, clock)
    registerWebhookRoutes(scope, db, { clock, allowedHosts: config.webhookAllowedHosts })
  })

  await registerWebApp(app, webDistDir)
  return liveStreams as LiveStreams
}
