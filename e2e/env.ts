import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/*
 * Every setting of the browser tests, read from the environment in one place. The server's data
 * directory is made once, by the config, and reaches the workers through the environment they
 * inherit, so the fixtures read the server's mail outbox there.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kindling-e2e-'))

export const e2eEnv = {
  port: Number(process.env.E2E_PORT ?? 4310),
  dataDir: process.env.E2E_DATA_DIR,
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** On CI: no `.only`, and a fresh server rather than one already running. */
  ci: Boolean(process.env.CI),
  /** Serve another build of the app (e.g. one made for a test of the bench). */
  webDistDir: process.env.E2E_WEB_DIST_DIR,
}
