import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { dumpPglite } from '../backup/dump'
import { setDrizzleParsers } from './pglite-parsers'
import { errorFields, type PgliteAnswer, type PgliteRequest } from './pglite-protocol'
import { runStatement } from './pglite-statement'

/**
 * The thread that runs PGlite (pglite-thread.ts starts it): the database's WebAssembly and the
 * reading of its results happen here, off the thread that answers requests (decision 167).
 */
const port = parentPort
if (!port) throw new Error('pglite-worker runs as a worker thread')
const send = (answer: PgliteAnswer) => port.postMessage(answer)

/** Open transactions by id, and how each ends (resolve: commit; reject: rollback). */
const transactions = new Map<
  number,
  {
    tx: Transaction
    end: { commit: () => void; rollback: (error: Error) => void }
    done: Promise<unknown>
  }
>()
let lastTx = 0

const pg = await PGlite.create(workerData.dataDir as string).catch((error: unknown) => {
  send({ openFailed: errorFields(error) })
  return undefined
})

if (pg) {
  setDrizzleParsers(pg)
  port.on('message', (request: PgliteRequest) => {
    answer(pg, request).then(
      (value) => send({ id: request.id, value }),
      (error: unknown) => send({ id: request.id, error: errorFields(error) }),
    )
  })
  send({ opened: true })
}

/** An open transaction by its id. */
function openTransaction(tx: number): Transaction {
  const open = transactions.get(tx)
  if (!open) throw new Error(`No open transaction ${tx}`)
  return open.tx
}

/** The session a statement runs on: its transaction's, or PGlite's (which waits for any open one). */
function on(pg: PGlite, tx: number | undefined): Pick<Transaction, 'exec'> {
  return tx === undefined ? pg : openTransaction(tx)
}

async function answer(pg: PGlite, request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { text, params, rowMode, tx } = request
      const run = () => runStatement(pg, text, params, rowMode, tx !== undefined)
      await pg._checkReady()
      // PGlite's locks as its own `query` takes them: a statement of an open transaction runs
      // in it; any other waits for the transaction's end.
      if (tx !== undefined) {
        openTransaction(tx) // refuses a statement of a transaction that has ended
        return pg._runExclusiveQuery(run)
      }
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(run))
    }
    case 'exec':
      return (await on(pg, request.tx).exec(request.text)).map(
        ({ rows, fields, affectedRows }) => ({
          rows,
          fields,
          affectedRows,
        }),
      )
    case 'begin':
      return begin(pg)
    case 'commit':
    case 'rollback': {
      const open = transactions.get(request.tx)
      if (!open) throw new Error(`No open transaction ${request.tx}`)
      if (request.op === 'commit') open.end.commit()
      else open.end.rollback(new Error('rollback'))
      try {
        await open.done
      } catch (error) {
        if (request.op === 'commit') throw error
      }
      return null
    }
    case 'dump':
      await dumpPglite(pg, request.file)
      return null
    case 'close':
      await pg.close()
      return null
  }
}

/** Opens a transaction (once PGlite's lock is ours) and answers its id. */
function begin(pg: PGlite): Promise<number> {
  return new Promise((opened, failed) => {
    const id = ++lastTx
    const done = pg.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          transactions.set(id, { tx, end: { commit, rollback }, done })
          opened(id)
        }),
    )
    done.then(
      () => transactions.delete(id),
      (error: unknown) => {
        transactions.delete(id)
        failed(error)
      },
    )
  })
}
