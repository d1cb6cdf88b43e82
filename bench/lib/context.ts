import { signUp, type User } from './client'
import { type Seeded, seedUsers } from './seed'
import { ApiServer, type Backend, type BackendKind, createBackend, freePort } from './server'
import { log } from './util'

export interface Env {
  kind: BackendKind
  backend: Backend
  server: ApiServer
  /** The 5-year heavy user of the issue. */
  heavy: Seeded
  /** 1, 5 (the heavy user) and 20 years of history, when the growth section runs. */
  growth: Seeded[]
  /** A fresh verified user on this server (sign-up through the API). */
  newUser(label: string): Promise<User>
}

let counter = 0

/** Backends with their seeded users, made on first use and shared by the sections. */
export class Context {
  private envs = new Map<BackendKind, Promise<Env>>()
  readonly endDay: Date

  constructor(
    readonly withGrowth: boolean,
    readonly seed: number,
  ) {
    const now = new Date()
    this.endDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  }

  env(kind: BackendKind): Promise<Env> {
    let env = this.envs.get(kind)
    if (!env) {
      env = this.make(kind)
      this.envs.set(kind, env)
    }
    return env
  }

  private async make(kind: BackendKind): Promise<Env> {
    const started = Date.now()
    const backend = await createBackend(kind)
    const server = new ApiServer(backend, await freePort())
    await server.start()
    const newUser = (label: string) => {
      counter += 1
      return signUp(server.url, backend.dataDir, `${label}-${process.pid}-${counter}@bench.test`)
    }
    const plan = [{ user: await newUser('heavy'), years: 5, seed: this.seed }]
    if (this.withGrowth) {
      plan.push({ user: await newUser('oneyear'), years: 1, seed: this.seed + 1 })
      plan.push({ user: await newUser('twentyyears'), years: 20, seed: this.seed + 20 })
    }
    log(`${kind}: seeding ${plan.map((p) => `${p.years}y`).join(', ')} of history`)
    const seeded = await seedUsers(server, plan, this.endDay)
    const heavy = seeded[0] as Seeded
    const growth = [...seeded].sort((a, b) => a.years - b.years)
    log(
      `${kind}: ready in ${((Date.now() - started) / 1000).toFixed(0)} s (${seeded.map((s) => s.eventCount).join(' + ')} events)`,
    )
    // Users keep their server URL: make them follow restarts of the same server (same port).
    return { kind, backend, server, heavy, growth: this.withGrowth ? growth : [], newUser }
  }

  async close(): Promise<void> {
    for (const env of this.envs.values()) {
      try {
        const e = await env
        await e.server.stop()
        await e.backend.drop()
      } catch (error) {
        log(`cleanup: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
}
