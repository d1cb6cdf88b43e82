/**
 * One API node of the reminders section (issue 55), as a process of its own: the whole app on
 * the bench's PostgreSQL database, its scheduler on, its pushes sent to the bench's local push
 * receiver (trusted through BENCH_PUSH_CA, as the API tests' push service is). Configured by the
 * environment like the server; says 'ready' over IPC once its first scheduler pass has begun.
 * Run with `node --import tsx bench/lib/reminder-node.ts`.
 */
import { readFileSync } from 'node:fs'
import { Agent } from 'node:https'
import { buildApp, loadConfig } from '@kindling/api/testing'

const ca = readFileSync(process.env.BENCH_PUSH_CA as string)
const app = await buildApp(loadConfig(process.env), {
  testPushService: { agent: new Agent({ ca, keepAlive: true }) },
})
await app.ready()
process.send?.('ready')
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
