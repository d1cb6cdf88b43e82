import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess } from './test/server-process'

/** Every path under `dir`, the directory itself included. */
function walk(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    ),
  ]
}

describe('the data directory', () => {
  const parent = mkdtempSync(join(tmpdir(), 'kindling-mode-'))
  afterAll(() => rmSync(parent, { recursive: true, force: true }))

  it('is closed to other users: the directory 0700, the secret, keys and outbox 0600 (issue 14)', async () => {
    const dataDir = join(parent, 'data')
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://kindling.test',
      REMINDER_CHECK_INTERVAL: '0',
    })
    try {
      // A sign-up writes the database, and the dev outbox gets its mail (no SMTP_URL here).
      const answer = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://kindling.test' },
        body: JSON.stringify({ email: 'mode@example.com', password: 'correct horse battery' }),
      })
      expect(answer.status).toBe(200)
      // The mail is written once the answer has gone.
      await expect.poll(() => existsSync(join(dataDir, 'outbox'))).toBe(true)
      // The directory is its owner's alone: nothing under it can be reached by another user,
      // whatever its own mode (PGlite's files set theirs explicitly)...
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700')
      // ...and what Kindling writes itself is 0600 too: secret, keys, the dev outbox.
      const open = walk(dataDir)
        .filter((path) => !path.includes('/pglite'))
        .filter((path) => (statSync(path).mode & 0o077) !== 0)
      expect(open).toEqual([])
      expect(walk(dataDir).length).toBeGreaterThan(5)
    } finally {
      server.signal('SIGTERM')
      await server.exited
    }
    // A process of its own, through tsx, migrating a fresh database: slow on a busy machine
    // (timed out at 30 s beside a bench run), as the other tests that start one allow for.
  }, 300_000)
})
