import { type App, buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/client'
import { createLogger, createLogOutput } from './log-output'
import { stopOnSignals } from './stop'

async function main(): Promise<void> {
  // The data directory holds the database, the signing secret and mails with sign-in links:
  // everything this process creates is its user's alone (issue 14).
  process.umask(0o077)
  let app: App
  let graceMs: number
  const logOutput = createLogOutput()
  try {
    const config = loadConfig()
    graceMs = config.shutdownGraceMs
    app = await buildApp(config, { logger: createLogger(config.logLevel, logOutput) })
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  stopOnSignals(app, graceMs, { flushLogs: (timeoutMs) => logOutput.flush(timeoutMs) })
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Kindling failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  )
  process.exit(1)
})
