import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase, sql } from '@kindling/api/testing'
import pg from 'pg'
import { call } from '../lib/client'
import type { Context } from '../lib/context'
import { benchEnv } from '../lib/env'
import { record } from '../lib/report'
import { createBackend, freePort, REPO } from '../lib/server'
import { fmt, log, prng, sleep } from '../lib/util'

/** Issue 55: 1,000 users with 5 devices each, every device holding one live stream. */
const USERS = benchEnv.streamUsers
const DEVICES = benchEnv.streamDevices
/** The share of devices that write at once in each round (issue 55: 1%). */
const WRITE_PERCENT = benchEnv.streamWritePercent
const ROUNDS = benchEnv.streamRounds
const NODES = 2
/** The channel the nodes NOTIFY on (apps/api/src/db/change-signals.ts). */
const CHANNEL = 'kindling_changes'
/** Streams (and id tokens) asked for at once: a crowd, not a stampede of 5,000 handshakes. */
const OPENING = 50
/** How long a round waits for the last device to be told before it counts it as missed. */
const ROUND_WAIT_MS = 60_000
/**
 * Each node's MAX_CONNECTIONS. Its default (1000) counts every open socket, streams included:
 * at the default a node holds fewer than 1000 devices and resets the rest's connections.
 */
const MAX_CONNECTIONS = benchEnv.streamMaxConnections

/** The value below which `share` percent of `values` lie. */
function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * share) / 100))] as number
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function pooled<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T
      next += 1
      await fn(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

interface Memory {
  rss: number
  heapUsed: number
  external: number
  arrayBuffers: number
  streams: number
  listeners: number
}

/** One API node (bench/lib/stream-node.ts) in a process of its own. */
class StreamNode {
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(env: Record<string, string>, logPath: string): Promise<StreamNode> {
    const script = fileURLToPath(new URL('../lib/stream-node.ts', import.meta.url))
    const logFile = openSync(logPath, 'a')
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', logFile, logFile, 'ipc'],
    })
    closeSync(logFile)
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve())
      child.once('exit', (code) => reject(new Error(`a stream node exited (${code}); ${logPath}`)))
    })
    return new StreamNode(child, `http://127.0.0.1:${env.PORT}`)
  }

  /** The node's memory after a full collection, and its open streams. */
  memory(): Promise<Memory> {
    return new Promise((resolve) => {
      const onMessage = (message: { kind?: string } & Memory) => {
        if (message?.kind !== 'memory') return
        this.child.off('message', onMessage)
        resolve(message)
      }
      this.child.on('message', onMessage)
      this.child.send({ kind: 'memory' })
    })
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()))
    this.child.kill('SIGTERM')
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000)
    await exited
    clearTimeout(timer)
  }
}

/** One simulated device: its session's id token and its open stream, read as the app reads it. */
interface Device {
  user: number
  index: number
  node: number
  sessionToken: string
  idToken: string
  /** Its stream opened (a node may refuse it: MAX_CONNECTIONS). */
  open?: boolean
  /** The greatest cursor its stream has told it. */
  cursor: number
  /** Called on each `change` event, with its cursor and when it came. */
  onChange?: ((cursor: number, at: number) => void) | undefined
  close?: () => void
}

/** Opens `device`'s stream; resolves once its first `change` event (the open's cursor) came. */
function openStream(device: Device, base: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/sync/stream`, {
      agent,
      headers: { authorization: `Bearer ${device.idToken}` },
    })
    let opened = false
    req.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        reject(new Error(`stream: ${response.statusCode}`))
        return
      }
      response.setEncoding('utf8')
      let buffer = ''
      response.on('data', (chunk: string) => {
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
          const data = /^data: (.*)$/m.exec(block)?.[1]
          if (!data || !/^event: change$/m.test(block)) continue
          const cursor = Number((JSON.parse(data) as { cursor: string }).cursor)
          const at = performance.now()
          if (cursor > device.cursor) device.cursor = cursor
          device.onChange?.(cursor, at)
          if (!opened) {
            opened = true
            resolve()
          }
        }
      })
      response.on('error', () => undefined)
    })
    req.on('error', (error) => {
      if (!opened) reject(error)
    })
    req.end()
    device.close = () => req.destroy()
  })
}

/** What the bench hears on the nodes' channel, as a third node would. */
async function listenToChannel(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const heard = { notifies: 0, bytes: 0, uids: 0 }
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL) return
    heard.notifies += 1
    heard.bytes += Buffer.byteLength(message.payload ?? '')
    heard.uids += (message.payload ?? '').split(' ').filter(Boolean).length
  })
  await client.query(`LISTEN ${CHANNEL}`)
  return {
    heard,
    reset: () => Object.assign(heard, { notifies: 0, bytes: 0, uids: 0 }),
    close: () => client.end(),
  }
}

/**
 * Each node's memory once it has settled: collected, then again a few seconds later (the
 * first collection after a busy phase leaves pages the allocator gives back only later).
 */
async function settledMemory(nodes: StreamNode[]): Promise<Memory[]> {
  await sleep(1000)
  await Promise.all(nodes.map((node) => node.memory()))
  await sleep(3000)
  return Promise.all(nodes.map((node) => node.memory()))
}

const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KiB`
const mib = (bytes: number) => `${fmt(bytes / 1024 ** 2, 0)} MiB`

/**
 * Issue 55, "toward many households": USERS users with DEVICES devices each, every device
 * holding one live stream (`GET /api/sync/stream`), spread over two API nodes on one PostgreSQL;
 * then, in ROUNDS rounds, WRITE_PERCENT % of the devices (each of a different user) log an event
 * at once. Measures each node's memory per open stream, the time from a write's answer to every
 * other device of its user being told, and the NOTIFY traffic per write on the nodes' channel.
 * Users, sessions and one habit each are inserted straight into the database; each device's id
 * token comes from `GET /api/auth/token` with its session, as the app gets it.
 */
export async function runStreams(_ctx: Context): Promise<void> {
  const backend = await createBackend('postgres')
  const databaseUrl = backend.databaseUrl as string
  const dir = mkdtempSync(join(tmpdir(), 'kindling-bench-streams-'))
  const nodes: StreamNode[] = []
  const devices: Device[] = []
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
  // Opening the handle migrates the fresh database before any node starts.
  const handle = await openDatabase({ dataDir: backend.dataDir, databaseUrl })
  let channel: Awaited<ReturnType<typeof listenToChannel>> | undefined
  try {
    const seeding = Date.now()
    const { db } = handle
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'bench-s-' || n, 'S ' || n, 's' || n || '@bench.test', true
      from generate_series(1, ${USERS}) n`)
    // One session per device: each device signs in on its own, as phones and laptops do.
    await db.execute(sql`
      insert into session (id, token, expires_at, user_id)
      select 'bench-s-' || n || '-' || d, md5(random()::text) || md5(random()::text),
        now() + interval '1 day', 'bench-s-' || n
      from generate_series(1, ${USERS}) n, generate_series(1, ${DEVICES}) d`)
    await db.execute(sql`
      insert into activities (id, name, color, schedule, author)
      select gen_random_uuid(), 'Stretch', '#228be6', '{"type":"Daily"}'::jsonb, id
      from "user" where id like 'bench-s-%'`)
    const sessions = (
      (await db.execute(
        sql`select id, token from session where id like 'bench-s-%'`,
      )) as unknown as {
        rows: { id: string; token: string }[]
      }
    ).rows
    const activityRows = (
      (await db.execute(
        sql`select author, id from activities where author like 'bench-s-%'`,
      )) as unknown as { rows: { author: string; id: string }[] }
    ).rows
    const activityOf = new Map(activityRows.map((row) => [row.author, row.id]))
    for (const session of sessions) {
      const [, , user, index] = session.id.split('-').map(Number)
      devices.push({
        user: user as number,
        index: index as number,
        // Each user's devices on both nodes: a write reaches some of them through the other node.
        node: ((user as number) + (index as number)) % NODES,
        sessionToken: session.token,
        idToken: '',
        cursor: -1,
      })
    }
    devices.sort((a, b) => a.user - b.user || a.index - b.index)
    log(
      `streams: ${USERS} users, ${devices.length} device sessions seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
    )

    // Both nodes under one public URL: the id tokens' issuer, which every node checks.
    const ports = [await freePort(), await freePort()]
    const shared = {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BACKUP_INTERVAL: '0',
      WEBHOOK_CHECK_INTERVAL: '0',
      AUTH_RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_EMAIL_MAX: '1000000',
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    }
    type Env = Record<string, string>
    const envs: Env[] = []
    for (let index = 0; index < NODES; index += 1) {
      const dataDir = mkdtempSync(join(dir, `node-${index}-`))
      envs.push({ ...shared, DATA_DIR: dataDir, PORT: String(ports[index]) })
      nodes.push(await StreamNode.start(envs[index] as Env, join(dir, `node-${index}.log`)))
    }

    // Id tokens, as the app gets one with its session (the bearer form of the native shells).
    // The first one alone: it makes the signing key both nodes then share.
    const minting = Date.now()
    const mint = async (device: Device) => {
      const base = (nodes[device.node] as StreamNode).url
      const reply = await call(base, 'GET', '/api/auth/token', { token: device.sessionToken })
      if (reply.status !== 200) throw new Error(`token: ${reply.status} ${reply.text}`)
      device.idToken = (reply.json as { token: string }).token
    }
    await mint(devices[0] as Device)
    await pooled(devices.slice(1), OPENING, mint)
    log(`streams: ${devices.length} id tokens in ${((Date.now() - minting) / 1000).toFixed(0)} s`)
    // Fresh processes to weigh: what minting the tokens allocated would otherwise stay in the
    // nodes' resident memory and hide what the streams add. Tokens and sessions are in the
    // database and outlive a restart, as they do any deploy.
    for (let index = 0; index < NODES; index += 1) {
      await (nodes[index] as StreamNode).stop()
      nodes[index] = await StreamNode.start(envs[index] as Env, join(dir, `node-${index}.log`))
    }

    const connections = async () =>
      (
        (await db.execute(sql`
          select count(*)::int as n from pg_stat_activity where datname = current_database()`)) as unknown as {
          rows: { n: number }[]
        }
      ).rows[0]?.n ?? 0
    const idle = await settledMemory(nodes)
    const connectionsBefore = await connections()

    // In two halves, the node weighed after each: the second half's growth is what one more
    // stream costs a node already holding many (the first half's also carries what the first
    // streams warm up: the verified-token cache, the listening connection, code compiled).
    const opening = Date.now()
    let failed = 0
    const openAll = (some: Device[]) =>
      pooled(some, OPENING, async (device) => {
        try {
          await openStream(device, (nodes[device.node] as StreamNode).url, agent)
          device.open = true
        } catch (error) {
          failed += 1
          if (failed <= 3) log(`  a stream did not open: ${String(error)}`)
        }
      })
    const half = Math.floor(devices.length / 2)
    await openAll(devices.slice(0, half))
    const openingSeconds = (Date.now() - opening) / 1000
    const middle = await settledMemory(nodes)
    const resumed = Date.now()
    await openAll(devices.slice(half))
    const openSeconds = openingSeconds + (Date.now() - resumed) / 1000
    log(`streams: ${devices.length - failed} streams open in ${fmt(openSeconds, 0)} s`)
    const after = await settledMemory(nodes)
    const connectionsAfter = await connections()

    const perNode = nodes.map((_, i) => {
      const z = idle[i] as Memory
      const m = middle[i] as Memory
      const a = after[i] as Memory
      const added = Math.max(1, a.streams - m.streams)
      return {
        streams: a.streams,
        added,
        rss: (a.rss - m.rss) / added,
        heap: (a.heapUsed - m.heapUsed) / added,
        external: (a.external - m.external) / added,
        line: `${mib(z.rss)} → ${mib(m.rss)} → ${mib(a.rss)} (heap ${mib(z.heapUsed)} → ${mib(m.heapUsed)} → ${mib(a.heapUsed)})`,
      }
    })
    const totalStreams = perNode.reduce((sum, n) => sum + n.streams, 0)
    const mean = (pick: (n: (typeof perNode)[number]) => number) =>
      perNode.reduce((sum, n) => sum + pick(n) * n.added, 0) /
      Math.max(
        1,
        perNode.reduce((sum, n) => sum + n.added, 0),
      )
    record({
      section: 'streams',
      backend: 'postgres',
      metric: `${fmt(devices.length, 0)} live streams (${fmt(USERS, 0)} users × ${DEVICES} devices) on ${NODES} nodes (MAX_CONNECTIONS ${MAX_CONNECTIONS})`,
      value: `${fmt(totalStreams, 0)} open (${perNode.map((n) => n.streams).join(' + ')}), ${failed} refused; opened in ${fmt(openSeconds, 0)} s (${fmt(devices.length / Math.max(openSeconds, 0.001), 0)}/s, ${OPENING} at a time); PostgreSQL connections ${connectionsBefore} → ${connectionsAfter}`,
      target: 'every device holds its stream',
      pass: failed === 0 && totalStreams === devices.length,
    })
    record({
      section: 'streams',
      backend: 'postgres',
      metric: "server memory per open stream (the second half's growth, after a full GC)",
      value: `RSS ${kib(mean((n) => n.rss))}, JS heap ${kib(mean((n) => n.heap))}, external ${kib(mean((n) => n.external))}; each node no streams → half → all: ${perNode.map((n) => n.line).join('; ')}`,
      target: '',
      pass: null,
    })

    // Writes: each round a different WRITE_PERCENT % of the devices, each of another user.
    channel = await listenToChannel(databaseUrl)
    const byUser = new Map<number, Device[]>()
    for (const device of devices)
      byUser.set(device.user, [...(byUser.get(device.user) ?? []), device])
    const writers = Math.min(USERS, Math.max(1, Math.round((devices.length * WRITE_PERCENT) / 100)))
    const rand = prng(20260655)
    const order = [...byUser.keys()]
    const allTold: number[] = []
    const eachTold: number[] = []
    const answers: number[] = []
    let missed = 0
    let writeErrors = 0
    let earliest = Number.POSITIVE_INFINITY
    const totals = { writes: 0, notifies: 0, bytes: 0, uids: 0 }
    const today = new Date().toISOString().slice(0, 10)
    for (let round = 0; round < ROUNDS; round += 1) {
      // A fresh draw of users each round (Fisher–Yates on a seeded generator).
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(rand() * (i + 1))
        ;[order[i], order[j]] = [order[j] as number, order[i] as number]
      }
      const chosen = order.slice(0, writers)
      // A fresh id token for each writer (a full run can outlast the first ones' 15 minutes).
      await pooled(chosen, OPENING, async (user) => {
        const own = byUser.get(user) as Device[]
        await mint(own[round % own.length] as Device)
      })
      await sleep(500)
      channel.reset()
      await Promise.all(
        chosen.map(async (user) => {
          const own = byUser.get(user) as Device[]
          const writer = own[round % own.length] as Device
          const others = own.filter((device) => device !== writer && device.open)
          // Each other device is told when its stream brings a cursor above the one it had.
          const told = others.map(
            (device) =>
              new Promise<number | undefined>((resolve) => {
                const from = device.cursor
                const timer = setTimeout(() => {
                  device.onChange = undefined
                  resolve(undefined)
                }, ROUND_WAIT_MS)
                device.onChange = (cursor, at) => {
                  if (cursor <= from) return
                  clearTimeout(timer)
                  device.onChange = undefined
                  resolve(at)
                }
              }),
          )
          const sent = performance.now()
          const reply = await call((nodes[writer.node] as StreamNode).url, 'POST', '/api/events', {
            token: writer.idToken,
            body: {
              id: randomUUID(),
              activityId: activityOf.get(`bench-s-${user}`),
              eventDate: today,
            },
          })
          const answered = performance.now()
          if (reply.status !== 201) {
            writeErrors += 1
            if (writeErrors <= 3)
              log(`  a write failed: ${reply.status} ${reply.text.slice(0, 200)}`)
          }
          answers.push(answered - sent)
          const times = await Promise.all(told)
          let last = Number.NEGATIVE_INFINITY
          for (const at of times) {
            if (at === undefined) {
              missed += 1
              continue
            }
            eachTold.push(at - answered)
            earliest = Math.min(earliest, at - answered)
            last = Math.max(last, at)
          }
          if (times.every((at) => at !== undefined)) allTold.push(last - answered)
        }),
      )
      // The NOTIFYs of this round's writes have all come once every device was told.
      await sleep(500)
      totals.writes += chosen.length
      totals.notifies += channel.heard.notifies
      totals.bytes += channel.heard.bytes
      totals.uids += channel.heard.uids
      log(
        `streams: round ${round + 1}/${ROUNDS}: ${chosen.length} writes at once, ${channel.heard.notifies} NOTIFYs (${channel.heard.bytes} bytes)`,
      )
      await sleep(1000)
    }
    const others = DEVICES - 1
    record({
      section: 'streams',
      backend: 'postgres',
      metric: `a write's answer → every other device of its user told (${ROUNDS} rounds of ${writers} writes at once = ${WRITE_PERCENT}% of devices; ${others} other devices each)`,
      value: `p50 ${fmt(percentile(allTold, 50), 0)} ms, p99 ${fmt(percentile(allTold, 99), 0)} ms, max ${fmt(Math.max(...allTold), 0)} ms over ${allTold.length} writes; each device p50 ${fmt(percentile(eachTold, 50), 0)} ms, p99 ${fmt(percentile(eachTold, 99), 0)} ms (earliest ${fmt(earliest, 0)} ms${earliest < 0 ? ': told before the writer had its answer' : ''}); ${missed} devices not told within ${ROUND_WAIT_MS / 1000} s, ${writeErrors} writes failed; the write itself p50 ${fmt(percentile(answers, 50), 0)} ms, p99 ${fmt(percentile(answers, 99), 0)} ms`,
      target: 'every other device told (decision 119: within a pull, e2e within 5 s)',
      pass: missed === 0 && writeErrors === 0,
    })
    const listeners = NODES + 1
    record({
      section: 'streams',
      backend: 'postgres',
      metric: `NOTIFY traffic per write (channel ${CHANNEL}, heard by the bench as a third listener)`,
      value: `${fmt(totals.notifies / Math.max(1, totals.writes), 2)} NOTIFYs per write (${totals.notifies} for ${totals.writes} writes, ${fmt(totals.uids / Math.max(1, totals.notifies), 1)} users per NOTIFY), ${fmt(totals.bytes / Math.max(1, totals.writes), 1)} payload bytes per write; each NOTIFY is delivered to ${NODES} nodes (${listeners} listeners here)`,
      target: '',
      pass: null,
    })
  } finally {
    for (const device of devices) device.close?.()
    agent.destroy()
    await channel?.close().catch(() => undefined)
    for (const node of nodes) await node.stop()
    await handle.close()
    await backend.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}
