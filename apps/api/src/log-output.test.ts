import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdtempSync, open, openSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogOutput } from './log-output'
import { endProcess } from './stop'

/** A log reader that takes lines only while `reading` (a parent that stopped reading). */
function reader() {
  const lines: string[] = []
  const held: (() => void)[] = []
  let reading = true
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const take = () => {
        lines.push(chunk.toString())
        done()
      }
      if (reading) take()
      else held.push(take)
    },
  })
  return {
    stream,
    lines,
    stop: () => {
      reading = false
    },
    resume: () => {
      reading = true
      for (const take of held.splice(0)) take()
    },
  }
}

describe('the log output', () => {
  it('writes each line, and a flush answers once they are all written', async () => {
    const { stream, lines } = reader()
    const output = createLogOutput(stream)
    output.write('one\n')
    output.write('two\n')
    expect(await output.flush(10_000)).toBe(true)
    expect(lines).toEqual(['one\n', 'two\n'])
  })

  it('never waits on a reader that stops: lines over the limit are dropped and counted, a flush gives up at its time limit', async () => {
    const { stream, lines, stop, resume } = reader()
    const output = createLogOutput(stream, 100)
    stop()
    for (let n = 0; n < 20; n += 1)
      output.write(`line ${String(n).padStart(2, '0')} ${'x'.repeat(20)}\n`)
    // The first line is with the reader, the next ones wait in memory up to 100 bytes, the rest
    // are dropped.
    expect(output.dropped).toBeGreaterThan(10)
    expect(await output.flush(20)).toBe(false)

    const flushed = output.flush(10_000)
    resume()
    expect(await flushed).toBe(true)
    const kept = 20 - output.dropped
    expect(lines.slice(0, kept).map((line) => line.slice(0, 7))).toEqual(
      Array.from({ length: kept }, (_, n) => `line ${String(n).padStart(2, '0')}`),
    )
    // Then one line says what was lost.
    expect(lines).toHaveLength(kept + 1)
    expect(JSON.parse(lines[kept] as string)).toMatchObject({
      level: 40,
      dropped: output.dropped,
      msg: `${output.dropped} log line(s) dropped: the log output did not take them in time`,
    })
  })
})

describe('endProcess', () => {
  it('exits with the code, unless a thread-pool request is pending: then the process kills itself', async () => {
    const calls: string[] = []
    const exit = (code: number) => calls.push(`exit ${code}`)
    const kill = () => calls.push('kill')
    endProcess(0, { exit, kill })
    expect(calls).toEqual(['exit 0'])

    // Opening a FIFO for writing waits in the thread pool until a reader opens it: the kind of
    // request a process exit would wait for for ever.
    const dir = mkdtempSync(join(tmpdir(), 'kindling-end-'))
    const fifo = join(dir, 'fifo')
    execFileSync('mkfifo', [fifo])
    const opened = new Promise<number>((resolve, reject) =>
      open(fifo, 'w', (error, fd) => (error ? reject(error) : resolve(fd))),
    )
    endProcess(1, { exit, kill })
    expect(calls).toEqual(['exit 0', 'kill'])

    const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    closeSync(await opened)
    closeSync(readEnd)
    rmSync(dir, { recursive: true, force: true })
  })
})
