import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sleep } from './util'

export const PASSWORD = 'bench horse battery staple'

export interface Reply {
  status: number
  headers: Headers
  text: string
  json: unknown
}

export async function call(
  base: string,
  method: string,
  path: string,
  options: {
    token?: string | undefined
    body?: unknown
    raw?: string
    headers?: Record<string, string>
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (options.raw !== undefined) body = options.raw
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const response = await fetch(base + path, { method, headers, body, redirect: 'manual' })
  const text = await response.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** A verified user with a cookie session; `token()` hands out a fresh-enough id token. */
export class User {
  private cached: { token: string; at: number } | undefined

  constructor(
    readonly base: string,
    readonly email: string,
    readonly cookie: string,
  ) {}

  async token(): Promise<string> {
    if (this.cached && Date.now() - this.cached.at < 8 * 60_000) return this.cached.token
    const reply = await call(this.base, 'GET', '/api/auth/token', {
      headers: { cookie: this.cookie },
    })
    if (reply.status !== 200)
      throw new Error(`token for ${this.email}: ${reply.status} ${reply.text}`)
    const token = (reply.json as { token: string }).token
    this.cached = { token, at: Date.now() }
    return token
  }

  /** A JSON call with a bearer id token; throws unless the status is `expect`. */
  async api<T>(method: string, path: string, body?: unknown, expect?: number): Promise<T> {
    const reply = await call(this.base, method, path, { token: await this.token(), body })
    const wanted = expect ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200)
    if (reply.status !== wanted) {
      throw new Error(`${method} ${path}: ${reply.status} ${reply.text.slice(0, 300)}`)
    }
    return reply.json as T
  }

  /** The same user against another base URL (a restarted server on the same database). */
  at(base: string): User {
    return new User(base, this.email, this.cookie)
  }
}

/** Signs up through better-auth, follows the dev-outbox verification link, returns the user. */
export async function signUp(base: string, dataDir: string, email: string): Promise<User> {
  const signed = await call(base, 'POST', '/api/auth/sign-up/email', {
    body: { email, password: PASSWORD },
    headers: { origin: base },
  })
  if (signed.status !== 200) throw new Error(`sign-up ${email}: ${signed.status} ${signed.text}`)
  let cookie = cookiesOf(signed.headers)
  const outbox = join(dataDir, 'outbox')
  const safe = email.replace(/[^a-zA-Z0-9@._-]/g, '_')
  let link: string | undefined
  for (let attempt = 0; attempt < 100 && !link; attempt += 1) {
    let files: string[] = []
    try {
      files = readdirSync(outbox).filter((file) => file.endsWith(`-${safe}.eml`))
    } catch {
      // outbox not there yet
    }
    for (const file of files) {
      const raw = readFileSync(join(outbox, file), 'utf8')
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
      link = unfolded
        .match(/https?:\/\/[^\s"'<>]*\/api\/auth\/verify-email\?[^\s"'<>]+/)?.[0]
        ?.replace(/&amp;/g, '&')
    }
    if (!link) await sleep(50)
  }
  if (!link) throw new Error(`no verification mail for ${email} in ${outbox}`)
  const url = new URL(link)
  const verified = await call(base, 'GET', url.pathname + url.search, { headers: { cookie } })
  if (verified.status >= 400)
    throw new Error(`verify ${email}: ${verified.status} ${verified.text}`)
  cookie = cookiesOf(verified.headers) || cookie
  return new User(base, email, cookie)
}
