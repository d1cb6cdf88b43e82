import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase, sql } from '@kindling/api/testing'
import type { Context } from '../lib/context'
import { benchEnv } from '../lib/env'
import { record } from '../lib/report'
import { createBackend, REPO } from '../lib/server'
import { fmt, log } from '../lib/util'

/** Reminders due at one instant (issue 55: 10,000 due in one minute, two nodes). */
const REMINDERS = benchEnv.reminders
/** The deadline of the issue: every reminder out within the minute it is due. */
const TARGET_SECONDS = 60
/** How long the section waits for the last push before it counts what came. */
const WAIT_SECONDS = 180
const NODES = 2

/** The value below which `share` percent of the sorted `values` lie. */
const percentile = (values: number[], share: number) =>
  values[Math.min(values.length - 1, Math.floor((values.length * share) / 100))] ?? 0

/**
 * A push service on 127.0.0.1 (HTTPS, a self-signed certificate made with openssl): it answers
 * 201 at once and notes when each subscription's message came. Each subscription belongs to one
 * reminder, so its path says which reminder came, without decrypting.
 */
async function startReceiver(dir: string) {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  )
  const arrivals = new Map<string, number[]>()
  let done: (() => void) | undefined
  const server = createServer(
    { cert: readFileSync(join(dir, 'cert.pem')), key: readFileSync(join(dir, 'key.pem')) },
    (request, response) => {
      request.resume()
      request.on('end', () => {
        const path = request.url ?? ''
        const times = arrivals.get(path) ?? []
        times.push(Date.now())
        arrivals.set(path, times)
        response.writeHead(201).end()
        if (arrivals.size >= REMINDERS) done?.()
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    origin,
    arrivals,
    /** Resolves when every reminder's push came, or after `seconds`. */
    all(seconds: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, seconds * 1000)
        done = () => {
          clearTimeout(timer)
          resolve()
        }
        if (arrivals.size >= REMINDERS) done()
      })
    },
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A VAPID key pair as the server's configuration takes it (base64url). */
function vapidKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  }
}

/** Starts one API node with its scheduler; resolves when its first pass has begun. */
async function startNode(env: Record<string, string>, logPath: string): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('../lib/reminder-node.ts', import.meta.url))
  const logFile = openSync(logPath, 'a')
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', logFile, logFile, 'ipc'],
  })
  closeSync(logFile)
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`a reminder node exited (${code}); ${logPath}`)))
  })
  return child
}

/**
 * Issue 55: REMINDERS reminders (10,000) due at one instant, each of its own user with one push
 * subscription, delivered by two API nodes on one PostgreSQL to a local push receiver. The nodes
 * run their schedulers as deployed (a pass every 30 s, REMINDER_CONCURRENCY at its default), so a
 * reminder may wait up to one interval for a pass: the minute counts from the due instant.
 */
export async function runReminders(_ctx: Context): Promise<void> {
  const backend = await createBackend('postgres')
  const dir = mkdtempSync(join(tmpdir(), 'kindling-bench-reminders-'))
  const receiver = await startReceiver(dir)
  const nodes: ChildProcess[] = []
  const handle = await openDatabase({ dataDir: backend.dataDir, databaseUrl: backend.databaseUrl })
  try {
    const seeding = Date.now()
    const keys = createECDH('prime256v1')
    keys.generateKeys()
    const p256dh = keys.getPublicKey().toString('base64url')
    const auth = randomBytes(16).toString('base64url')
    const { db } = handle
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'bench-r-' || n, 'R ' || n, 'r' || n || '@bench.test', true
      from generate_series(1, ${REMINDERS}) n`)
    await db.execute(sql`
      insert into user_settings (user_id, time_zone)
      select id, 'UTC' from "user" where id like 'bench-r-%'`)
    await db.execute(sql`
      insert into activities (id, name, color, schedule, author)
      select gen_random_uuid(), 'Stretch', '#228be6', '{"type":"Daily"}'::jsonb, id
      from "user" where id like 'bench-r-%'`)
    // Not due yet: the nodes start first, then every reminder is made due at one instant.
    await db.execute(sql`
      insert into reminders (id, activity_id, author, time, days, next_due_at, next_due_day)
      select gen_random_uuid(), id, author, '00:00', '[0,1,2,3,4,5,6]'::jsonb,
        '2999-01-01T00:00:00Z', '2999-01-01'
      from activities where author like 'bench-r-%'`)
    await db.execute(sql`
      insert into push_subscriptions (id, user_id, endpoint, p256dh, auth)
      select gen_random_uuid(), id, ${`${receiver.origin}/push/`} || id, ${p256dh}, ${auth}
      from "user" where id like 'bench-r-%'`)
    log(`reminders: ${REMINDERS} seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`)

    const caFile = join(dir, 'cert.pem')
    const shared = {
      DATABASE_URL: backend.databaseUrl as string,
      PUBLIC_URL: 'http://127.0.0.1:1',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      BACKUP_INTERVAL: '0',
      WEBHOOK_CHECK_INTERVAL: '0',
      BENCH_PUSH_CA: caFile,
      ...vapidKeys(),
    }
    for (let index = 0; index < NODES; index += 1) {
      const dataDir = mkdtempSync(join(dir, `node-${index}-`))
      nodes.push(await startNode({ ...shared, DATA_DIR: dataDir }, join(dir, `node-${index}.log`)))
    }

    // Due now, at a minute's start as a reminder's time is (HH:MM), in every user's zone (UTC).
    const due = new Date(Math.floor(Date.now() / 1000) * 1000)
    const time = due.toISOString().slice(11, 16)
    await db.execute(sql`
      update reminders set next_due_at = ${due.toISOString()}, time = ${time},
        next_due_day = ${due.toISOString().slice(0, 10)}
      where author like 'bench-r-%'`)
    log(`reminders: ${REMINDERS} due at ${due.toISOString()} on ${NODES} nodes`)
    await receiver.all(WAIT_SECONDS)

    const firsts = [...receiver.arrivals.values()].map(
      (times) => (times[0] as number) - due.getTime(),
    )
    const twice = [...receiver.arrivals.values()].filter((times) => times.length > 1).length
    const missing = REMINDERS - receiver.arrivals.size
    const sorted = firsts.sort((a, b) => a - b)
    const first = (sorted[0] ?? 0) / 1000
    const last = (sorted.at(-1) ?? 0) / 1000
    const counted = await db.execute(sql`
      select count(*) filter (where status = 'sent')::int as sent, count(*)::int as claims
      from reminder_deliveries`)
    const [stored] = (counted as unknown as { rows: { sent: number; claims: number }[] }).rows
    const rate = sorted.length / Math.max(0.001, last - first)
    record({
      section: 'reminders',
      backend: 'postgres',
      metric: `${fmt(REMINDERS, 0)} reminders due at one instant, ${NODES} nodes, local push receiver`,
      value: `${fmt(receiver.arrivals.size, 0)} delivered (${missing} missing, ${twice} twice; ${stored?.sent} claims recorded sent of ${stored?.claims}); first ${fmt(first, 1)} s after due, p50 ${fmt(percentile(sorted, 50) / 1000, 1)} s, p99 ${fmt(percentile(sorted, 99) / 1000, 1)} s, last ${fmt(last, 1)} s; ${fmt(rate, 0)} pushes/s once passes began`,
      target: `each once, all within ${TARGET_SECONDS} s of due (passes every 30 s)`,
      pass: missing === 0 && twice === 0 && last <= TARGET_SECONDS,
    })
  } finally {
    for (const node of nodes) {
      const exited = new Promise<void>((resolve) => node.once('exit', () => resolve()))
      node.kill('SIGTERM')
      await exited
    }
    await handle.close()
    await receiver.close()
    await backend.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}
