import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { SignUpPolicy } from '@kindling/core'
import webpush from 'web-push'
import { z } from 'zod'

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** Environment variables of DESIGN §3 plus the auth rate limits; parsed once at start. */
export const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address to listen on (0.0.0.0: every IPv4 interface; 127.0.0.1: this machine only). */
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kindling <no-reply@localhost>'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: LogLevel.default('info'),
  /** Sign-in, sign-up and send-verification attempts allowed per client IP and path per window. */
  AUTH_RATE_LIMIT_MAX: positiveInt(100),
  AUTH_RATE_LIMIT_WINDOW: positiveInt(60),
  /** The same attempts allowed per e-mail address and path per (longer) window. */
  AUTH_RATE_LIMIT_EMAIL_MAX: positiveInt(10),
  AUTH_RATE_LIMIT_EMAIL_WINDOW: positiveInt(900),
  /** Trust X-Forwarded-For from this many proxy hops (0: use the socket address). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Web Push VAPID keys (base64url, as web-push generates them); generated into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  /** Seconds between two runs of the reminder scheduler; 0 turns it off on this node. */
  REMINDER_CHECK_INTERVAL: z.coerce.number().int().min(0).max(3600).default(30),
  /** Reminder deliveries (Web Push and e-mail) in flight at once on this node. */
  REMINDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Seconds a stop (SIGTERM, SIGINT) waits for requests in flight before closing connections. */
  SHUTDOWN_GRACE: z.coerce.number().min(0).max(3600).default(10),
  /** Seconds a client has to send a whole request (headers and body); then it is closed. */
  REQUEST_TIMEOUT: z.coerce.number().min(1).max(3600).default(120),
  /** Open connections at most; more are refused until some close. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Seconds between two automatic backups of the whole instance (a day); 0 turns them off. */
  BACKUP_INTERVAL: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 86_400)
    .default(86_400),
  /** Where this node writes its backups (default DATA_DIR/backups). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many backups this node keeps in BACKUP_DIR: the newest ones. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Requests one personal API token may make per minute (decision 140). */
  API_TOKEN_RATE_LIMIT: positiveInt(120),
  /** Seconds between two passes of the webhook sender; 0 turns it off on this node. */
  WEBHOOK_CHECK_INTERVAL: z.coerce.number().int().min(0).max(3600).default(5),
  /**
   * Hosts webhooks may reach although they are not public (comma-separated names or addresses):
   * a service of the operator's own network (decision 142).
   */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^[\w.:[\]-]+$/, 'must be host names or addresses, comma-separated'),
      ),
    )
    .default([]),
  /** Who may create an account (issue 53); set, it cannot be changed on /admin. */
  SIGNUP_POLICY: SignUpPolicy.optional(),
  /** Comma-separated e-mail addresses of the admins; unset, the first account is the admin. */
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be e-mail addresses separated by commas')))
    .optional(),
  /** Single sign-on with an OpenID Connect provider: its issuer URL (discovery is read there). */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The label of the sign-in button, e.g. 'Sign in with Authentik'. */
  OIDC_BUTTON: z.string().trim().min(1).max(60).optional(),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  authSecret: string
  /**
   * Which secrets this node generated (kept in DATA_DIR) rather than read from the environment:
   * those are replaced by the database's copy at start (decision 112).
   */
  generatedSecrets: { authSecret: boolean; vapid: boolean }
  logLevel: z.infer<typeof LogLevel>
  authRateLimit: { max: number; window: number; emailMax: number; emailWindow: number }
  trustProxy: number
  webDistDir: string | undefined
  vapid: { publicKey: string; privateKey: string; subject: string }
  reminderCheckInterval: number
  reminderConcurrency: number
  /** Milliseconds a stop waits for requests in flight. */
  shutdownGraceMs: number
  /** Milliseconds a client has to send a whole request. */
  requestTimeoutMs: number
  maxConnections: number
  /** Automatic backups (decision 132): off when `intervalSeconds` is 0. */
  backup: { intervalSeconds: number; dir: string; keep: number }
  /** Requests one personal API token may make per minute. */
  apiTokenRateLimit: number
  /** Seconds between two passes of the webhook sender (0: off on this node). */
  webhookCheckInterval: number
  /** Hosts webhooks may reach although they are not public. */
  webhookAllowedHosts: string[]
  /** The sign-up policy SIGNUP_POLICY locks, or undefined: the admin chooses it. */
  signUpPolicy: SignUpPolicy | undefined
  /** Admins by e-mail (lower case); empty: the first account is the admin. */
  adminEmails: string[]
  /** Single sign-on with OpenID Connect, when OIDC_ISSUER and OIDC_CLIENT_ID are set. */
  oidc: OidcConfig | undefined
}

export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string | undefined
  button: string
}

/** The OIDC provider's id in better-auth's routes (`/api/auth/callback/oidc`). */
export const OIDC_PROVIDER_ID = 'oidc'

export class ConfigError extends Error {}

/** Closes an existing data directory to other users (one made before this rule, say). */
function restrictToOwner(dir: string): void {
  try {
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700)
  } catch {
    // Not ours to change (a mounted volume): the files inside are still created 0600.
  }
}

/** Reads the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = Env.safeParse(cleaned)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid'}`)
  }
  const e = parsed.data
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'
    throw new ConfigError(
      `Invalid environment variable ${missing}: set both VAPID keys, or neither to generate them`,
    )
  }
  if (Boolean(e.OIDC_ISSUER) !== Boolean(e.OIDC_CLIENT_ID)) {
    const missing = e.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'
    throw new ConfigError(
      `Invalid environment variable ${missing}: single sign-on needs both OIDC_ISSUER and OIDC_CLIENT_ID`,
    )
  }
  const dataDir = resolve(e.DATA_DIR)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  restrictToOwner(dataDir)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  const vapidKeys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : readOrCreateVapidKeys(dataDir)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    generatedSecrets: { authSecret: !e.AUTH_SECRET, vapid: !e.VAPID_PUBLIC_KEY },
    logLevel: e.LOG_LEVEL,
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      window: e.AUTH_RATE_LIMIT_WINDOW,
      emailMax: e.AUTH_RATE_LIMIT_EMAIL_MAX,
      emailWindow: e.AUTH_RATE_LIMIT_EMAIL_WINDOW,
    },
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
    vapid: {
      ...vapidKeys,
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.MAIL_FROM),
    },
    reminderCheckInterval: e.REMINDER_CHECK_INTERVAL,
    reminderConcurrency: e.REMINDER_CONCURRENCY,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE * 1000),
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT * 1000),
    maxConnections: e.MAX_CONNECTIONS,
    backup: {
      intervalSeconds: e.BACKUP_INTERVAL,
      dir: e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : join(dataDir, 'backups'),
      keep: e.BACKUP_KEEP,
    },
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    webhookCheckInterval: e.WEBHOOK_CHECK_INTERVAL,
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
    signUpPolicy: e.SIGNUP_POLICY,
    adminEmails: e.ADMIN_EMAILS ?? [],
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            button: e.OIDC_BUTTON ?? 'Sign in with single sign-on',
          }
        : undefined,
  }
}

/** The public https address when there is one, else the sender's address as a mailto:. */
function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  const url = new URL(publicUrl)
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return `mailto:${address}`
}

/**
 * The VAPID key pair generated on first start and kept in DATA_DIR (like the auth secret), so
 * browsers' subscriptions stay valid across restarts; nodes on one database agree on one pair
 * through it (decision 112).
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json')
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey }
    }
  } catch {
    // Not there yet (or unreadable): generate below.
  }
  const keys = webpush.generateVAPIDKeys()
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 })
  return keys
}

/** The secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    // Not there yet: generate below.
  }
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
