import { resolve } from 'node:path'
import { RestoreRefusedError, restoreDump } from './backup/restore'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/client'

/**
 * `npm run restore -- <file>`: restores an automatic backup into the empty database the
 * environment names (DATABASE_URL, else DATA_DIR), as the server would open it.
 */
async function main(): Promise<void> {
  process.umask(0o077)
  const file = process.argv[2]
  if (!file) {
    process.stderr.write(
      'Usage: npm run restore -- <backup.sql> (into DATABASE_URL, else a new database in DATA_DIR)\n',
    )
    process.exit(2)
  }
  try {
    const config = loadConfig()
    const message = await restoreDump({
      file: resolve(file),
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
    })
    process.stdout.write(`${message}\n`)
  } catch (error) {
    if (
      error instanceof RestoreRefusedError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exit(1)
})
