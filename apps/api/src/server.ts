import { type App, buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/client'

async function main(): Promise<void> {
  let app: App
  try {
    const config = loadConfig()
    app = await buildApp(config)
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: draining requests, then closing the database')
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 15_000)
    timer.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Kindling failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  )
  process.exit(1)
})
