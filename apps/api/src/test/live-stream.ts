import { expect } from 'vitest'
import type { App } from '../app'
import type { TestUser } from './harness'

/** What a test waits for at most: generous for a loaded 2-core machine, never slept. */
export const WAIT_MS = 10_000

/** One open `GET /api/sync/stream`, read as a device reads it (fetch and the body's reader). */
export interface OpenStream {
  /** The `change` events' cursors, in order. */
  cursors: number[]
  /** Resolves when a `change` event with a cursor of at least `min` (any cursor without) came. */
  changeAtLeast(min?: number): Promise<number>
  /** Resolves when the server ended the stream. */
  ended: Promise<void>
  close(): void
}

export async function openStream(baseUrl: string, user: TestUser): Promise<OpenStream> {
  const controller = new AbortController()
  const response = await fetch(`${baseUrl}/api/sync/stream`, {
    headers: { authorization: `Bearer ${user.token}` },
    signal: controller.signal,
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const cursors: number[] = []
  const waiters = new Set<() => void>()
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .getReader()
  const ended = (async () => {
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }))
      if (done) return
      buffer += value
      let end = buffer.indexOf('\n\n')
      while (end !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (/^event: change$/m.test(block) && data) {
          cursors.push(Number((JSON.parse(data) as { cursor: string }).cursor))
          for (const wake of waiters) wake()
        }
        end = buffer.indexOf('\n\n')
      }
    }
  })()
  const changeAtLeast = (min = 0) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const found = cursors.find((cursor) => cursor >= min)
        if (found === undefined) return false
        clearTimeout(timer)
        waiters.delete(wake)
        resolve(found)
        return true
      }
      const wake = () => void check()
      const timer = setTimeout(() => {
        waiters.delete(wake)
        reject(new Error(`no change event with a cursor ≥ ${min} in ${WAIT_MS} ms: ${cursors}`))
      }, WAIT_MS)
      if (!check()) waiters.add(wake)
    })
  return { cursors, changeAtLeast, ended, close: () => controller.abort() }
}

/** The address of an app listening on a random port. */
export const urlOf = (app: App) => {
  const address = app.server.address()
  if (!address || typeof address !== 'object') throw new Error('not listening')
  return `http://127.0.0.1:${address.port}`
}
