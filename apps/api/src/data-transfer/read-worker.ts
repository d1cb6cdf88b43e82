import { parentPort } from 'node:worker_threads'
import { HttpError } from '../http/errors'
import { readImport } from './read-import'
import { EVENTS_PER_MESSAGE, type PlanMessage, type ReaderRequest } from './read-off-thread'

/** The answers of each file not yet sent in full, by the request's id. */
const unsent = new Map<number, PlanMessage[]>()

/**
 * The worker thread of `readImportOffThread`: reads each file it is sent into a plan and answers
 * under the request's id with its events in batches of `EVENTS_PER_MESSAGE`, one batch per
 * `next` from the server's thread, then the plan itself (its skip counts as a list); or the
 * error that says what is wrong with the file.
 */
parentPort?.on('message', async (request: ReaderRequest) => {
  if ('bytes' in request) unsent.set(request.id, await answersTo(request.bytes))
  const answers = unsent.get(request.id)
  const answer = answers?.shift()
  if (!answers?.length) unsent.delete(request.id)
  if (answer) parentPort?.postMessage({ id: request.id, ...answer })
})

async function answersTo(bytes: Uint8Array): Promise<PlanMessage[]> {
  try {
    const { skipped, activities, ...plan } = await readImport(bytes)
    const answers: PlanMessage[] = []
    for (const [activity, { events }] of activities.entries()) {
      for (let start = 0; start < events.length; start += EVENTS_PER_MESSAGE) {
        answers.push({ activity, events: events.slice(start, start + EVENTS_PER_MESSAGE) })
      }
    }
    const bare = activities.map((activity) => ({ ...activity, events: [] }))
    answers.push({ plan: { ...plan, activities: bare, skipped: skipped.list() } })
    return answers
  } catch (error) {
    return [
      error instanceof HttpError
        ? {
            refused: {
              status: error.status,
              code: error.code,
              text: error.text,
              fields: error.fieldTexts,
            },
          }
        : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    ]
  }
}
