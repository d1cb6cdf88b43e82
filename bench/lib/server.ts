import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Backend,
  type BackendKind,
  createBackend as createTestBackend,
} from '@kindling/api/testing'
import { benchEnv } from './env'
import { log, sleep } from './util'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))
export const SERVER_JS = join(REPO, 'apps/api/dist/server.js')
export const POSTGRES_URL = benchEnv.postgresUrl

export type { Backend, BackendKind }

/** A fresh database for one part of the bench (the API tests' helper, on the bench's server). */
export function createBackend(kind: BackendKind): Promise<Backend> {
  return createTestBackend(kind, { prefix: 'kindling-bench', postgresUrl: POSTGRES_URL })
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** The built API (apps/api/dist/server.js) as a child process on a loopback port. */
export class ApiServer {
  private child: ChildProcess | undefined
  readonly url: string

  constructor(
    readonly backend: Backend,
    readonly port: number,
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Whether the process is still up (it has not exited on its own). */
  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    )
  }

  async start(): Promise<void> {
    const logFile = openSync(join(this.backend.dataDir, 'server.log'), 'a')
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      PORT: String(this.port),
      DATA_DIR: this.backend.dataDir,
      PUBLIC_URL: this.url,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_EMAIL_MAX: '100000',
      WEB_DIST_DIR: join(this.backend.dataDir, 'no-web'),
      ...this.extraEnv,
    }
    if (this.backend.databaseUrl) env.DATABASE_URL = this.backend.databaseUrl
    const nodeArgs = benchEnv.serverNodeArgs
    const child = spawn(process.execPath, [...nodeArgs, SERVER_JS], {
      cwd: REPO,
      env,
      stdio: ['ignore', logFile, logFile],
    })
    closeSync(logFile)
    this.child = child
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(
          `API server exited with ${child.exitCode}; see ${this.backend.dataDir}/server.log`,
        )
      }
      try {
        const response = await fetch(`${this.url}/api/health`)
        if (response.ok) return
      } catch {
        // not listening yet
      }
      await sleep(100)
    }
    await this.kill()
    throw new Error('API server did not answer /api/health within 120 s')
  }

  /** SIGTERM and wait for the exit (the server drains and closes the database). */
  async stop(): Promise<void> {
    await this.signal('SIGTERM', 20_000)
  }

  /** SIGKILL: no draining, no closing. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL', 10_000)
  }

  private async signal(signal: NodeJS.Signals, waitMs: number): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill(signal)
    const timer = sleep(waitMs).then(() => {
      if (child.exitCode === null && child.signalCode === null) {
        log(`server pid ${child.pid} ignored ${signal}; killing it`)
        child.kill('SIGKILL')
      }
    })
    await Promise.race([exited, timer])
    await exited
    this.child = undefined
  }
}

/**
 * The ceiling: a bare Fastify (the API's own copy and version) answering one constant JSON body,
 * in its own process like the API, so it does not share the load generator's event loop.
 */
export class CeilingServer {
  private child: ChildProcess | undefined
  url = ''

  async start(): Promise<void> {
    const port = await freePort()
    this.url = `http://127.0.0.1:${port}`
    const script = fileURLToPath(new URL('../ceiling.mjs', import.meta.url))
    this.child = spawn(process.execPath, [script, String(port)], { stdio: 'ignore' })
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.url}/ceiling`)).ok) return
      } catch {
        // not yet
      }
      await sleep(100)
    }
    throw new Error('ceiling server did not start')
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    await exited
  }
}

/**
 * The raw side of the API section's side-by-side (bench/raw-sql.mjs): the same SQL served by a
 * bare Fastify and `pg`, without authentication or Drizzle, in its own process. PostgreSQL only.
 */
export class RawSqlServer {
  private child: ChildProcess | undefined
  url = ''

  constructor(private readonly databaseUrl: string) {}

  async start(): Promise<void> {
    const port = await freePort()
    this.url = `http://127.0.0.1:${port}`
    const script = fileURLToPath(new URL('../raw-sql.mjs', import.meta.url))
    this.child = spawn(process.execPath, [script, String(port), this.databaseUrl], {
      stdio: 'ignore',
    })
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.url}/raw/counts?author=none`)).ok) return
      } catch {
        // not yet
      }
      await sleep(100)
    }
    throw new Error('raw SQL server did not start')
  }

  async stop(): Promise<void> {
    const child = this.child
    if (!child || child.exitCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    await exited
  }
}
