import type { Writable } from 'node:stream'
import pino, { type Logger } from 'pino'

/** Log output held in memory at most, waiting for a reader that does not read; then lines are dropped. */
export const MAX_PENDING_LOG_BYTES = 8 * 1024 * 1024

/**
 * Where the server's log lines go: standard output through Node's own stream, which writes to
 * a pipe or socket without blocking (a line the reader has no room for waits in memory), never
 * through a write in libuv's thread pool. pino's default output (sonic-boom) wrote each line
 * with `fs.write` in that pool, and at exit flushed synchronously: with a parent that stopped
 * reading, the write never returned, and a process exit, which joins the pool's threads, never
 * ended, not even on a second signal (issue 50).
 */
export interface LogOutput {
  /** pino's destination: takes one serialised line. */
  write(line: string): void
  /**
   * Resolves once every line is written, or after `timeoutMs` with what is still waiting
   * dropped: true when all was written.
   */
  flush(timeoutMs: number): Promise<boolean>
  /** Lines dropped so far because the reader did not take them. */
  readonly dropped: number
}

/**
 * A log output over `stream` (standard output by default): lines are written at once, or kept in
 * memory while the reader is slow, up to `maxPendingBytes`; further lines are dropped and counted
 * until the reader catches up, and one line then says how many were lost.
 */
export function createLogOutput(
  stream: Writable = process.stdout,
  maxPendingBytes = MAX_PENDING_LOG_BYTES,
): LogOutput {
  let dropped = 0
  let droppedUnreported = 0
  /** Lines handed to the stream and not yet written by it. */
  let unwritten = 0
  let waiters: (() => void)[] = []
  const written = () => {
    unwritten -= 1
    if (unwritten > 0) return
    if (droppedUnreported > 0) {
      const count = droppedUnreported
      droppedUnreported = 0
      send(
        `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, dropped: count, msg: `${count} log line(s) dropped: the log output did not take them in time` })}\n`,
      )
      return
    }
    for (const wake of waiters.splice(0)) wake()
  }
  const send = (line: string) => {
    unwritten += 1
    stream.write(line, written)
  }
  // A closed pipe (the reader went away) is no reason to stop the server: its lines are lost.
  stream.on('error', () => undefined)
  return {
    write(line) {
      if (stream.destroyed || !stream.writable) return
      if (stream.writableLength > maxPendingBytes) {
        dropped += 1
        droppedUnreported += 1
        return
      }
      send(line)
    },
    flush(timeoutMs) {
      if (unwritten === 0 || stream.destroyed) return Promise.resolve(true)
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer)
          resolve(true)
        }
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== wake)
          resolve(false)
        }, timeoutMs)
        waiters.push(wake)
      })
    },
    get dropped() {
      return dropped
    },
  }
}

/** The server's JSON logger at `level`, writing to `output`. */
export function createLogger(level: string, output: LogOutput = createLogOutput()): Logger {
  return pino({ level }, output)
}
