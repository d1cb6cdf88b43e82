import { createHash } from 'node:crypto'
import { closeSync, openSync, realpathSync, rmSync, statSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export class DataDirLockedError extends Error {}

/** The longest Unix socket path every platform takes (sun_path: 104 bytes on macOS). */
const MAX_SOCKET_PATH = 100
/** A take-over marker older than this was left by a process that died while taking over. */
const STALE_TAKEOVER_MS = 10_000

/**
 * Takes the lock on `dataDir` (PGlite is one process per directory: two corrupt it) and answers
 * the function that releases it.
 *
 * The lock is a Unix socket, `DATA_DIR/kindling.lock`, that this process listens on: the
 * operating system stops it listening when the process dies however it dies, so a lock is held
 * exactly while its server runs. A second start finds the socket, connects, and is refused with
 * the holder's pid; a socket that refuses the connection (its process died), or a file of an
 * older version holding a pid, is taken over, whatever process now has that pid. Windows gets a
 * named pipe, which disappears with its process.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = socketPath(dataDir)
  const identity = `${JSON.stringify({ pid: process.pid })}\n`
  const server = createServer((socket) => {
    socket.on('error', () => undefined)
    socket.end(identity)
  })
  server.unref()
  const release = () => new Promise<void>((resolve) => server.close(() => resolve()))

  for (let attempt = 0; attempt < 5; attempt += 1) {
    const error = await listen(server, path)
    if (!error) return release
    if (error.code !== 'EADDRINUSE') {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir}: cannot take the lock ${path} (${error.message})`,
      )
    }
    const holder = await askHolder(path)
    if (holder !== null) {
      throw new DataDirLockedError(
        holder === process.pid
          ? `DATA_DIR ${dataDir} is already open in this process`
          : `DATA_DIR ${dataDir} is in use by another Kindling process (pid ${holder}); stop it or use another DATA_DIR`,
      )
    }
    // Stale: nobody listens. Only one starter may remove it and listen in its place, or two
    // starters could each remove the other's fresh socket and both believe they hold the lock.
    await takeOver(path)
  }
  throw new DataDirLockedError(`DATA_DIR ${dataDir}: could not take the lock ${path}`)
}

function socketPath(dataDir: string): string {
  if (process.platform === 'win32') {
    return `\\\\.\\pipe\\kindling-${hash(realpathSync(dataDir))}`
  }
  const path = join(dataDir, 'kindling.lock')
  if (Buffer.byteLength(path) <= MAX_SOCKET_PATH) return path
  // Too long for a socket address: a name derived from the directory's real path instead.
  return join(tmpdir(), `kindling-${hash(realpathSync(dataDir))}.lock`)
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24)

function listen(server: Server, path: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error)
    server.once('error', onError)
    server.listen(path, () => {
      server.off('error', onError)
      resolve(null)
    })
  })
}

/** The pid of the process listening on `path`, or null when none does (a stale lock). */
function askHolder(path: string): Promise<number | null> {
  return new Promise((resolve) => {
    let text = ''
    let connected = false
    const socket = connect(path)
    socket.setEncoding('utf8')
    socket.setTimeout(5_000, () => socket.destroy())
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    // Connected: someone holds it, even if it does not say who (pid 0 then).
    socket.on('connect', () => {
      connected = true
    })
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(connected ? parsePid(text) : null))
  })
}

function parsePid(text: string): number {
  try {
    const pid = (JSON.parse(text) as { pid?: unknown }).pid
    return typeof pid === 'number' ? pid : 0
  } catch {
    return 0
  }
}

/** Removes the stale lock at `path`, under a marker file that only one starter can create. */
async function takeOver(path: string): Promise<void> {
  const marker = `${path}.takeover`
  let fd: number
  try {
    fd = openSync(marker, 'wx')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const since = statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
    if (Date.now() - since > STALE_TAKEOVER_MS) rmSync(marker, { force: true })
    // Another starter is taking over: let it finish, then try again (and find its socket).
    await new Promise((resolve) => setTimeout(resolve, 50))
    return
  }
  try {
    // Still stale now that we hold the marker? (Another starter may have just taken over.)
    if ((await askHolder(path)) === null) rmSync(path, { force: true })
  } finally {
    closeSync(fd)
    rmSync(marker, { force: true })
  }
}
