import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
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
  logLevel: z.infer<typeof LogLevel>
  authRateLimit: { max: number; window: number; emailMax: number; emailWindow: number }
  trustProxy: number
  webDistDir: string | undefined
}

export class ConfigError extends Error {}

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
  const dataDir = resolve(e.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      window: e.AUTH_RATE_LIMIT_WINDOW,
      emailMax: e.AUTH_RATE_LIMIT_EMAIL_MAX,
      emailWindow: e.AUTH_RATE_LIMIT_EMAIL_WINDOW,
    },
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
  }
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
