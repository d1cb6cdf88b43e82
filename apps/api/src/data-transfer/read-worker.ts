import { parentPort } from 'node:worker_threads'
import { HttpError } from '../http/errors'
import { readImport } from './read-import'
import type { PlanMessage } from './read-off-thread'

/**
 * The worker thread of `readImportOffThread`: reads each file it is sent into a plan and posts
 * it back under the request's id (its skip counts as a list), or the error that says what is
 * wrong with the file.
 */
parentPort?.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  let message: PlanMessage
  try {
    const { skipped, ...plan } = await readImport(bytes)
    message = { plan: { ...plan, skipped: skipped.list() } }
  } catch (error) {
    message =
      error instanceof HttpError
        ? {
            refused: {
              status: error.status,
              code: error.code,
              message: error.message,
              fields: error.fields,
            },
          }
        : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  parentPort?.postMessage({ id, ...message })
})
