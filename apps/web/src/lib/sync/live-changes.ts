import type { SyncSignal } from '@kindling/core'

/**
 * Reads the live change stream (`GET /api/sync/stream`, Server-Sent Events) and calls
 * `onChange` with the cursor of each `change` event. Resolves when the server ends the stream;
 * fails when the connection does (or the caller aborts the read). Comments (the heartbeats) and
 * other events are skipped.
 */
export async function readChangeSignals(
  body: ReadableStream<Uint8Array>,
  onChange: (cursor: number) => void,
): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
      let end = buffer.indexOf('\n\n')
      while (end !== -1) {
        const cursor = changeCursor(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        if (cursor !== undefined) onChange(cursor)
        end = buffer.indexOf('\n\n')
      }
    }
  } finally {
    reader.releaseLock()
  }
}

/** The cursor of one event block, when it is a well-formed `change` event. */
function changeCursor(block: string): number | undefined {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  if (event !== 'change' || data.length === 0) return undefined
  // Checked by hand, not with core's zod schema: the engine is in the first screen's script.
  try {
    const { cursor } = JSON.parse(data.join('\n')) as Partial<SyncSignal>
    return typeof cursor === 'string' && /^\d{1,15}$/.test(cursor) ? Number(cursor) : undefined
  } catch {
    return undefined
  }
}
