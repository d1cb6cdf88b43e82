import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const API_DIR = fileURLToPath(new URL('../..', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  /** http://127.0.0.1:<port> once listening. */
  url: string
  port: number
  /** Every line the process wrote (stdout and stderr), in order. */
  lines: string[]
  /** The log messages (`msg` of the JSON lines). */
  messages(): string[]
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>
  signal(signal: NodeJS.Signals): void
}

/**
 * Starts the real server (`src/server.ts` through tsx) as its own process on a free loopback
 * port, as an operator would, and resolves once it listens. Rejects with its output if it exits
 * first.
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  )
  return new Promise((resolve, reject) => {
    let listening = false
    const onLine = (line: string) => {
      lines.push(line)
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line)
      if (match && !listening) {
        listening = true
        const port = Number(match[1])
        resolve({
          child,
          url: `http://127.0.0.1:${port}`,
          port,
          lines,
          messages: () =>
            lines.flatMap((text) => {
              try {
                return [String((JSON.parse(text) as { msg?: unknown }).msg ?? '')]
              } catch {
                return [text]
              }
            }),
          exited,
          signal: (signal) => child.kill(signal),
        })
      }
    }
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream?.setEncoding('utf8')
      stream?.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n')
        rest = parts.pop() ?? ''
        for (const part of parts) onLine(part)
      })
    }
    exited.then((code) => {
      if (!listening)
        reject(new Error(`the server exited (${code}) before listening:\n${lines.join('\n')}`))
    })
  })
}
