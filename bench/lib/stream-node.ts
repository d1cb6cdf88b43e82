/**
 * One API node of the streams section (issue 55), as a process of its own: the whole app on the
 * bench's PostgreSQL database, listening on PORT as the server does. It says 'ready' over IPC
 * once it listens, and answers 'memory' with its memory after a full collection (run with
 * `--expose-gc`) and how many live streams it holds, so the section can weigh a stream.
 * Run with `node --expose-gc --import tsx bench/lib/stream-node.ts`.
 */
import { buildApp, loadConfig } from '@kindling/api/testing'

const app = await buildApp(loadConfig(process.env))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.send?.({ kind: 'ready' })

process.on('message', (message: { kind?: string }) => {
  if (message?.kind !== 'memory') return
  // Twice: the first pass can leave what finalizers free for the second.
  globalThis.gc?.()
  globalThis.gc?.()
  const memory = process.memoryUsage()
  process.send?.({
    kind: 'memory',
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    streams: app.liveStreams.count(),
    listeners: app.changeSignals.listenerCount(),
  })
})
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
