import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { DataDirLockedError, openDatabase } from './db/client'
import { createBackend, idToken, signUp, startApp, startSmtp } from './test/harness'

describe('configuration', () => {
  it('names the bad variable in one line', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kindling-config-'))
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(
      /^Invalid environment variable PORT:/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '0' })).toThrow(
      /AUTH_RATE_LIMIT_MAX/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, HOST: ' ' })).toThrow(/HOST/)
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE: '-1' })).toThrow(/SHUTDOWN_GRACE/)
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.shutdownGraceMs).toBe(10_000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.host).toBe('0.0.0.0')
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1' }).host).toBe('127.0.0.1')
    // The generated secret is kept and reused.
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret)
    // So are the generated VAPID keys; configured ones come in pairs.
    expect(config.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(config.vapid)
    expect(config.vapid.subject).toBe('mailto:no-reply@localhost')
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: config.vapid.publicKey }),
    ).toThrow(/^Invalid environment variable VAPID_PRIVATE_KEY:/)
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: 'http://example.com' })).toThrow(
      /VAPID_SUBJECT/,
    )
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://kindling.example.com' }).vapid.subject,
    ).toBe('https://kindling.example.com')
    expect(() => loadConfig({ DATA_DIR: dataDir, REMINDER_CHECK_INTERVAL: '-1' })).toThrow(
      /REMINDER_CHECK_INTERVAL/,
    )
    rmSync(dataDir, { recursive: true, force: true })
  })
})

describe('server on PGlite', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let backend: Awaited<ReturnType<typeof createBackend>>
  const web = mkdtempSync(join(tmpdir(), 'kindling-web-'))
  const bigAsset = Array.from({ length: 400 }, (_, i) => `console.log('line ${i}')`).join('\n')

  beforeAll(async () => {
    smtp = await startSmtp()
    backend = await createBackend('pglite')
    mkdirSync(join(web, 'assets'))
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kindling</title>')
    writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)')
    writeFileSync(join(web, 'assets', 'big-abc123.js'), bigAsset)
  })
  afterAll(async () => {
    await smtp.close()
    await backend.drop()
    rmSync(web, { recursive: true, force: true })
  })

  it('keeps acknowledged writes across a restart and refuses a second opener of DATA_DIR', async () => {
    let app = await startApp(backend, smtp.url)
    await expect(openDatabase({ dataDir: backend.dataDir })).rejects.toBeInstanceOf(
      DataDirLockedError,
    )
    const user = await signUp(app, smtp, 'restart@example.com')
    const created = await app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { name: 'Survives' },
    })
    expect(created.statusCode).toBe(201)
    await app.close()

    app = await startApp(backend, smtp.url)
    // The old id token still verifies (keys live in the database), and so does the session.
    const again = await app.inject({
      method: 'GET',
      url: `/api/activities/${created.json().id}`,
      headers: { authorization: `Bearer ${await idToken(app, user.cookie)}` },
    })
    expect(again.json().name).toBe('Survives')
    const old = await app.inject({
      method: 'GET',
      url: '/api/activities',
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(old.statusCode).toBe(200)
    await app.close()
    // Two PGlite starts (migrations included): over the default 30 s on a loaded machine.
  }, 120_000)

  it('starts over a lock file left by a killed server whose pid is now this process or another live one', async () => {
    for (const pid of [process.pid, process.ppid]) {
      const dir = await createBackend('pglite')
      writeFileSync(join(dir.dataDir, 'kindling.lock'), String(pid))
      const app = await startApp(dir, smtp.url)
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
      await app.close()
      await dir.drop()
    }
  }, 120_000)

  it('serves the web app: immutable assets, no-cache index, SPA fallback, never for /api', async () => {
    const app = await startApp(backend, smtp.url, { WEB_DIST_DIR: web })
    const html = { accept: 'text/html,application/xhtml+xml' }
    const index = await app.inject({ method: 'GET', url: '/', headers: html })
    expect(index.statusCode).toBe(200)
    expect(index.headers['cache-control']).toBe('no-cache')
    const deep = await app.inject({ method: 'GET', url: '/activities/123?x=1', headers: html })
    expect(deep.statusCode).toBe(200)
    expect(deep.body).toContain('<title>Kindling</title>')
    expect(deep.headers['cache-control']).toBe('no-cache')
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-encoding']).toBeUndefined()
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const big = await app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: { 'accept-encoding': accept },
      })
      expect(big.statusCode).toBe(200)
      expect(big.headers['content-encoding']).toBe(encoding)
      expect(big.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(big.rawPayload.length).toBeLessThan(bigAsset.length / 4)
      expect(decode(big.rawPayload).toString('utf8')).toBe(bigAsset)
    }
    expect((await app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404)
    const api = await app.inject({ method: 'GET', url: '/api/unknown', headers: html })
    expect(api.statusCode).toBe(404)
    expect(api.json().error.code).toBe('not-found')
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    await app.close()
  })
})
