import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import { type ErrorFields, errorOf, type PgliteAnswer, type PgliteRequest } from './pglite-protocol'

/** What a statement runs on: the session, or one transaction of it. */
export interface PgliteQueryable {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(text: string): Promise<Results[]>
}

/**
 * PGlite on its own worker thread (pglite-worker.ts), as the client drizzle's PGlite driver
 * calls (`query`, `transaction`), plus the dump and close. A transaction's statements name it;
 * PGlite's lock, on the worker, keeps every other statement waiting until it ends, as when
 * PGlite ran on this thread. Only rows cross: parsers stay the worker's (drizzle's, set once).
 */
export interface PgliteThread extends PgliteQueryable {
  transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T>
  /** Writes a plain SQL dump into `file`, on the worker (backup/dump.ts). */
  dump(file: string): Promise<void>
  /** Closes PGlite and ends the thread; later calls fail as a database shut down does. */
  close(): Promise<void>
}

/**
 * The worker beside this file: the built `pglite-worker.js` next to dist/server.js, or, run from
 * the TypeScript source (tests, `npm run dev`), `pglite-worker.ts` through tsx's loader.
 */
function startWorker(dataDir: string): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: { dataDir } })
  const source = new URL('./pglite-worker.ts', import.meta.url).href
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}) })`,
    { eval: true, workerData: { dataDir } },
  )
}

/**
 * The error of a call the thread can no longer answer: SQLSTATE 57P01 (admin_shutdown), which
 * the app answers 503 like any database it cannot reach (isDatabaseUnreachable).
 */
function shutDown(message: string): Error {
  return errorOf({ message, code: '57P01' })
}

type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

/** Starts PGlite on a worker thread on `dataDir` and answers once it is open. */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const worker = startWorker(dataDir)
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  let lastId = 0
  let ended: Error | undefined

  // The thread keeps the process alive only while a call waits for it (an open database alone
  // does not, as PGlite on this thread did not).
  const settled = () => {
    if (waiting.size === 0) worker.unref()
  }
  const end = (error: Error) => {
    ended ??= error
    for (const call of waiting.values()) call.reject(ended)
    waiting.clear()
  }
  const opened = new Promise<void>((resolve, reject) => {
    worker.on('message', (answer: PgliteAnswer) => {
      if ('opened' in answer) return resolve()
      if ('openFailed' in answer) return reject(errorOf(answer.openFailed))
      const call = waiting.get(answer.id)
      if (!call) return
      waiting.delete(answer.id)
      settled()
      if ('error' in answer) call.reject(errorOf(answer.error as ErrorFields))
      else call.resolve(answer.value)
    })
    worker.on('error', (error) => {
      reject(error)
      end(shutDown(`The database thread failed: ${error.message}`))
    })
    worker.on('exit', (code) => {
      reject(new Error(`The database thread exited (${code}) before it opened`))
      end(shutDown('The database is closed'))
    })
  })
  try {
    await opened
    settled()
  } catch (error) {
    await worker.terminate()
    throw error
  }

  const call = <T>(request: Request): Promise<T> => {
    if (ended) return Promise.reject(ended)
    const id = ++lastId
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.ref()
      worker.postMessage({ ...request, id })
    })
  }
  const on = (tx?: number): PgliteQueryable => ({
    query: (text, params, options) =>
      call({ op: 'query', text, params, rowMode: options?.rowMode, tx }),
    exec: (text) => call({ op: 'exec', text, tx }),
  })

  let closing: Promise<void> | undefined
  return {
    ...on(),
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' })
      let result: Awaited<ReturnType<typeof fn>>
      try {
        result = await fn(on(tx))
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => undefined)
        throw error
      }
      await call({ op: 'commit', tx })
      return result
    },
    dump: (file) => call({ op: 'dump', file }),
    close() {
      closing ??= (async () => {
        try {
          await call({ op: 'close' })
        } finally {
          end(shutDown('The database is closed'))
          await worker.terminate()
        }
      })()
      return closing
    },
  }
}
