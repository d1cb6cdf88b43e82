import { Worker } from 'node:worker_threads'
import { HttpError } from '../http/errors'
import type { Text } from '../i18n/message'
import { type ImportPlan, type PlannedEvent, SkipCounter } from './plan'

/**
 * Events the worker sends per message. Taking in a message is a structured clone on the
 * server's thread (a 100k-event plan in one message held it for about 0.1 s); 5,000 take a few
 * milliseconds, and the server asks for each next batch only after a turn of its event loop.
 */
export const EVENTS_PER_MESSAGE = 5000

/** What the server's thread asks the worker: to read a file, or for a file's next answer. */
export type ReaderRequest = { id: number; bytes: Uint8Array } | { id: number; next: true }

/**
 * What the worker answers: a batch of one activity's events (more answers follow), then the
 * plan with the activities' events left out (skips as a list); or a refusal of the file, or a
 * crash. A refusal's texts come untranslated (`msg`: the message and its values), to be said in
 * the request's language when the answer is made.
 */
export type PlanMessage =
  | { activity: number; events: PlannedEvent[] }
  | { plan: Omit<ImportPlan, 'skipped'> & { skipped: { reason: string; count: number }[] } }
  | {
      refused: {
        status: number
        code: string
        text: Text
        fields?: Record<string, Text | string>
      }
    }
  | { failed: string }

/**
 * The worker beside this file: the built `read-worker.js` next to dist/server.js, or, run from
 * the TypeScript source (tests, `npm run dev`), `read-worker.ts` through tsx's loader, which a
 * worker's own entry cannot be given by `execArgv` in Node 20.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./read-worker.js', import.meta.url))
  const source = new URL('./read-worker.ts', import.meta.url).href
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}) })`,
    { eval: true },
  )
}

/** A file being read: where its answer goes, and the events received so far by activity. */
interface Reading {
  settle: (message: Exclude<PlanMessage, { events: PlannedEvent[] }> | Error) => void
  events: PlannedEvent[][]
}

interface Reader {
  worker: Worker
  waiting: Map<number, Reading>
}

let reader: Reader | undefined
let lastId = 0

/**
 * The reader thread, started on first use and kept for the next files (starting one costs a
 * module load, and in tests a compile); it does not keep the process alive. If it dies, the
 * files it was reading fail and the next file starts a new one.
 */
function theReader(): Reader {
  if (reader) return reader
  const current: Reader = { worker: startWorker(), waiting: new Map() }
  current.worker.unref()
  current.worker.on('message', ({ id, ...answer }: PlanMessage & { id: number }) => {
    const message = answer as PlanMessage
    const reading = current.waiting.get(id)
    if (!reading) return
    if ('events' in message) {
      const list = reading.events[message.activity] ?? []
      for (const event of message.events) list.push(event)
      reading.events[message.activity] = list
      // The next batch once requests that arrived meanwhile have had their turn.
      setImmediate(() => {
        if (current.waiting.has(id)) current.worker.postMessage({ id, next: true })
      })
      return
    }
    reading.settle(message)
    current.waiting.delete(id)
    // Idle, it lets the process end; reading, it keeps it alive until the answer.
    if (current.waiting.size === 0) current.worker.unref()
  })
  const fail = (error: Error) => {
    if (reader === current) reader = undefined
    for (const { settle } of current.waiting.values()) settle(error)
    current.waiting.clear()
  }
  current.worker.on('error', fail)
  current.worker.on('exit', (code) => fail(new Error(`The import reader stopped (exit ${code}).`)))
  reader = current
  return current
}

/**
 * `readImport` in a worker thread: reading a large file (a 20-year Loop backup through sql.js,
 * a zip, a CSV) takes the better part of a second of CPU, which on the server's thread would hold
 * every other user's request meanwhile (issue 16). The bytes are handed over, not copied.
 * Refusals of the file come back as the same 400s. The plan comes back in parts
 * (`EVENTS_PER_MESSAGE`), so that taking it in does not hold the thread either.
 */
export async function readImportOffThread(bytes: Uint8Array): Promise<ImportPlan> {
  const { worker, waiting } = theReader()
  const id = ++lastId
  const events: PlannedEvent[][] = []
  const answer = new Promise<Parameters<Reading['settle']>[0]>((settle) =>
    waiting.set(id, { settle, events }),
  )
  const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  const sent = owned ? bytes : bytes.slice()
  worker.ref()
  const request: ReaderRequest = { id, bytes: sent }
  worker.postMessage(request, [sent.buffer as ArrayBuffer])
  const message = await answer
  if (message instanceof Error) throw message
  if ('refused' in message) {
    const { status, code, text, fields } = message.refused
    throw new HttpError(status, code, text, fields)
  }
  if ('failed' in message) throw new Error(`The import reader failed: ${message.failed}`)
  const skipped = new SkipCounter()
  for (const { reason, count } of message.plan.skipped) skipped.add(reason, count)
  const activities = message.plan.activities.map((activity, index) => ({
    ...activity,
    events: events[index] ?? [],
  }))
  return { ...message.plan, activities, skipped }
}
