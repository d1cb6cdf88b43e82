import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
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
  /** Sends `signal` to the process's whole group (started with `ownGroup`), as a terminal does. */
  signalGroup(signal: NodeJS.Signals): void
  /**
   * Stops reading the process's output, as a dead log reader or a stopped terminal would: once
   * the pipes' buffers are full, the process's writes to them wait.
   */
  stopReading(): void
}

export interface ServerProcessOptions {
  /** Runs the bundle `npm start` runs (`dist/server.js`, see `buildServer`) instead of the sources. */
  built?: boolean
  /** Starts it as the leader of a process group of its own. */
  ownGroup?: boolean
}

/** Bundles the server into `dist/` as `npm run build` does (under a second). */
export function buildServer(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR, stdio: 'ignore' })
}

/**
 * Starts the real server (`src/server.ts` through tsx) as its own process on a free loopback
 * port, as an operator would, and resolves once it listens. Rejects with its output if it exits
 * first.
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
  { built = false, ownGroup = false }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const args = built ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts']
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
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
          signalGroup: (signal) => process.kill(-(child.pid as number), signal),
          stopReading: () => {
            for (const stream of [child.stdout, child.stderr]) stream?.pause()
          },
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
