import { join } from 'node:path'
import pino from 'pino'
import { SMTPServer } from 'smtp-server'
import { type App, type BuildOptions, buildApp } from '../app'
import { loadConfig } from '../config'

import { type BackendKind, createBackend, postgresAvailable } from './databases'

export { createBackend, postgresAvailable, terminateConnections } from './databases'

export const PUBLIC_URL = 'http://localhost:3000'
export const ORIGIN = { origin: PUBLIC_URL }
export const PASSWORD = 'correct horse battery'

/**
 * The databases an API suite runs on, for `describe.each`: PGlite always, PostgreSQL when the
 * test server answers (its half is skipped otherwise, and said so once).
 */
export async function testBackends() {
  const hasPostgres = await postgresAvailable()
  if (!hasPostgres && !warnedNoPostgres) {
    warnedNoPostgres = true
    console.warn(
      'NOTE: PostgreSQL at 127.0.0.1:5432 does not answer: the PostgreSQL half of the API suites is skipped.',
    )
  }
  return [
    { kind: 'pglite' as const, skip: false },
    { kind: 'postgres' as const, skip: !hasPostgres },
  ]
}
let warnedNoPostgres = false

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * A request helper for the app `getApp` gives once started: calls it as `user` (their bearer
 * token), or without credentials for `null`.
 */
export function caller(getApp: () => App) {
  return (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    getApp().inject({
      method,
      url,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
}

export interface Mail {
  to: string
  raw: string
}

/** A real SMTP server on a random loopback port that keeps every message it receives. */
export async function startSmtp() {
  const mails: Mail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',')
        mails.push({ to, raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  // A client that drops its connection (ECONNRESET) is reported as an 'error' event, which
  // would be thrown as uncaught without a listener; such errors are kept for inspection.
  const errors: Error[] = []
  server.on('error', (error) => errors.push(error))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    errors,
    async waitFor(to: string, timeoutMs = 10_000): Promise<Mail> {
      const end = Date.now() + timeoutMs
      while (Date.now() < end) {
        const found = mails.find((mail) => mail.to === to)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`no mail to ${to}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A raw message's headers (unfolded, names lower-cased) and body. */
function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/)
  const head = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

/** Quoted-printable or base64 content as UTF-8 text. */
function decodeContent(body: string, encoding: string | undefined): string {
  if (/base64/i.test(encoding ?? '')) return Buffer.from(body, 'base64').toString('utf8')
  if (/quoted-printable/i.test(encoding ?? '')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
  }
  return body
}

/** A header's RFC 2047 encoded words (=?UTF-8?B?…?=, =?UTF-8?Q?…?=) as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeContent(text.replace(/_/g, ' '), 'quoted-printable'),
    )
}

/** What a person reads of a raw message: its subject, plain text and HTML, decoded. */
export function readMail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitMessage(raw)
  const subject = decodeHeader(headers.get('subject') ?? '')
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1]
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitMessage(part.replace(/^\r?\n/, '')))
    : [{ headers, body }]
  const partOf = (type: string) => {
    const part = parts.find((candidate) => candidate.headers.get('content-type')?.startsWith(type))
    return part
      ? decodeContent(part.body.trim(), part.headers.get('content-transfer-encoding'))
      : ''
  }
  return { subject, text: partOf('text/plain'), html: partOf('text/html') }
}

/** The verification link of a raw (possibly quoted-printable) message. */
export function verificationLink(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = unfolded.match(/https?:\/\/[^\s"'<>]*\/api\/auth\/verify-email\?[^\s"'<>]+/)
  if (!match) throw new Error('no verification link in the mail')
  return match[0].replace(/&amp;/g, '&')
}

export async function startApp(
  backend: { dataDir: string; databaseUrl: string | undefined },
  smtpUrl: string,
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock' | 'testPushService' | 'logger' | 'webhooks'> = {},
): Promise<App> {
  const config = loadConfig({
    DATA_DIR: backend.dataDir,
    DATABASE_URL: backend.databaseUrl,
    PUBLIC_URL,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '5',
    AUTH_RATE_LIMIT_EMAIL_MAX: '5',
    WEB_DIST_DIR: join(backend.dataDir, 'no-web'),
    // Tests drive the reminder scheduler themselves (app.reminders.tick).
    REMINDER_CHECK_INTERVAL: '0',
    // Tests that back up turn it on (backup/backups.test.ts).
    BACKUP_INTERVAL: '0',
    // And the webhook sender (app.webhooks.tick).
    WEBHOOK_CHECK_INTERVAL: '0',
    ...env,
  })
  return buildApp(config, { logger: pino({ level: 'silent' }), checkResponses: true, ...options })
}

export interface TestServer {
  smtp: Awaited<ReturnType<typeof startSmtp>>
  backend: Awaited<ReturnType<typeof createBackend>>
  app: App
}

/** A real SMTP server, a fresh database of `kind` and the app on both: most API tests' start. */
export async function startTestServer(kind: BackendKind = 'pglite'): Promise<TestServer> {
  const smtp = await startSmtp()
  const backend = await createBackend(kind)
  const app = await startApp(backend, smtp.url)
  return { smtp, backend, app }
}

/** Closes what `startTestServer` started; a part that never started (a skipped suite) is left. */
export async function stopTestServer({ smtp, backend, app }: Partial<TestServer>): Promise<void> {
  await app?.close()
  await smtp?.close()
  await backend?.drop()
}

let ipCounter = 0
/** A distinct client address per call, so per-IP auth limits do not couple tests. */
export function nextIp(): string {
  ipCounter += 1
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return list.map((cookie) => cookie.split(';')[0]).join('; ')
}

export interface TestUser {
  email: string
  cookie: string
  token: string
}

/** Signs up; when `verify`, follows the mailed link; returns the session cookie and an id token. */
export async function signUp(
  app: App,
  smtp: Awaited<ReturnType<typeof startSmtp>>,
  email: string,
  verify = true,
): Promise<TestUser> {
  const signUpResponse = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: ORIGIN,
    remoteAddress: nextIp(),
    payload: { email, password: PASSWORD },
  })
  if (signUpResponse.statusCode !== 200) throw new Error(`sign-up: ${signUpResponse.body}`)
  let cookie = cookieHeader(signUpResponse.headers['set-cookie'])
  if (verify) {
    const link = new URL(verificationLink((await smtp.waitFor(email)).raw))
    const verified = await app.inject({ method: 'GET', url: link.pathname + link.search })
    if (verified.statusCode >= 400) throw new Error(`verify: ${verified.body}`)
    cookie = cookieHeader(verified.headers['set-cookie']) || cookie
  }
  const token = await idToken(app, cookie)
  return { email, cookie, token }
}

export async function idToken(app: App, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`)
  return (response.json() as { token: string }).token
}
