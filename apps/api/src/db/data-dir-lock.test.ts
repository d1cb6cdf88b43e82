import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url))

const dirs: string[] = []
const children: ChildProcess[] = []
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-lock-'))
  dirs.push(dir)
  return dir
}

/** Another process that takes the lock on `dir` and holds it until killed. */
function holdInAnotherProcess(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)})
       await lockDataDir(${JSON.stringify(dir)})
       console.log('locked')
       setInterval(() => {}, 1000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)))
  })
}

/** A process that runs until killed and has nothing to do with Kindling. */
function unrelatedProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  children.push(child)
  return child
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the DATA_DIR lock', () => {
  it('is held until released, and refuses a second taker in the same process', async () => {
    const dir = newDir()
    const release = await lockDataDir(dir)
    await expect(lockDataDir(dir)).rejects.toThrow(/already open in this process/)
    await release()
    await (await lockDataDir(dir))()
  })

  it('refuses while another process holds it, naming its pid, and is taken over once that process is killed', async () => {
    const dir = newDir()
    const holder = await holdInAnotherProcess(dir)
    const refused = lockDataDir(dir)
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(refused).rejects.toThrow(
      `is in use by another Kindling process (pid ${holder.pid}); stop it or use another DATA_DIR`,
    )
    await killed(holder)
    await (await lockDataDir(dir))()
  })

  it('is taken over from a lock file that names a live unrelated process, or this very process', async () => {
    const unrelated = unrelatedProcess()
    for (const pid of [unrelated.pid, process.pid, 1]) {
      const dir = newDir()
      writeFileSync(join(dir, 'kindling.lock'), String(pid))
      const release = await lockDataDir(dir)
      await expect(lockDataDir(dir)).rejects.toThrow(/already open in this process/)
      await release()
    }
  })

  it('goes to exactly one of many takers racing for a stale lock', async () => {
    const dir = newDir()
    const holder = await holdInAnotherProcess(dir)
    await killed(holder)
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)))
    const taken = results.filter((result) => result.status === 'fulfilled')
    expect(taken).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DataDirLockedError)
    }
    await (taken[0] as PromiseFulfilledResult<() => Promise<void>>).value()
  })

  it('works for a DATA_DIR whose path is too long for a socket address', async () => {
    const dir = join(newDir(), 'a'.repeat(60), 'b'.repeat(60))
    mkdirSync(dir, { recursive: true })
    const holder = await holdInAnotherProcess(dir)
    await expect(lockDataDir(dir)).rejects.toThrow(`pid ${holder.pid}`)
    await killed(holder)
    await (await lockDataDir(dir))()
  })
})
