import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { inlineScriptSources, registerWebApp, routeMatch } from './web-app'

const INDEX = '<!doctype html><html><head><title>Kindling</title></head><body></body></html>'
const HTML = { accept: 'text/html,application/xhtml+xml' }

/** A built web app: index.html, two screens' chunks and what the build says each page needs. */
function buildDist(preloads: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-web-app-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  for (const file of ['activities-a1.js', 'detail-b2.js', 'list-c3.js', 'home-d4.js', 'x-e5.css']) {
    writeFileSync(join(dir, 'assets', file), `/* ${file} */`)
  }
  if (preloads !== null) writeFileSync(join(dir, 'screen-preloads.json'), preloads)
  return dir
}

const SCREENS = JSON.stringify({
  screens: [
    { path: '/', scripts: ['/assets/home-d4.js'], styles: [] },
    {
      path: '/activities',
      scripts: ['/assets/activities-a1.js', '/assets/list-c3.js'],
      styles: ['/assets/x-e5.css'],
    },
    { path: '/activities/:activityId', scripts: ['/assets/detail-b2.js'], styles: [] },
  ],
})

/** The hrefs a page's HTML announces, in order. */
const announced = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
    ([, rel, href]) => `${rel} ${href}`,
  )

describe('registerWebApp', () => {
  const dirs: string[] = []
  let app: FastifyInstance | undefined
  const serve = async (preloads: string | null) => {
    const dir = buildDist(preloads)
    dirs.push(dir)
    app = Fastify()
    await registerWebApp(app, dir)
    return app
  }
  afterEach(async () => {
    await app?.close()
  })
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("announces the requested page's screen code in its HTML, and only that screen's", async () => {
    const web = await serve(SCREENS)
    const page = async (url: string) => {
      const reply = await web.inject({ method: 'GET', url, headers: HTML })
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(reply.headers['cache-control']).toBe('no-cache')
      expect(reply.body).toContain('<title>Kindling</title>')
      return announced(reply.body)
    }
    expect(await page('/activities')).toEqual([
      'modulepreload /assets/activities-a1.js',
      'modulepreload /assets/list-c3.js',
      'preload /assets/x-e5.css',
    ])
    expect(await page('/activities?view=all')).toHaveLength(3)
    expect(await page('/activities/123')).toEqual(['modulepreload /assets/detail-b2.js'])
    expect(await page('/')).toEqual(['modulepreload /assets/home-d4.js'])
    // A page the build names no screen for (a form, an unknown path) gets the plain HTML.
    expect(await page('/add-event')).toEqual([])
    expect(await page('/activities/1/2')).toEqual([])
    // The stylesheets are preloaded, not applied: the only blocking one stays the entry's.
    const activities = await web.inject({ method: 'GET', url: '/activities', headers: HTML })
    expect(activities.body).not.toContain('rel="stylesheet" crossorigin href="/assets/x-e5.css"')
  })

  it("announces on '/' Home's code for wide screens and the schedule's for phones (SPEC §2: a phone goes there)", async () => {
    const web = await serve(
      JSON.stringify({
        screens: [
          {
            path: '/',
            scripts: ['/assets/home-d4.js', '/assets/shared-f6.js'],
            styles: ['/assets/grid-a7.css'],
          },
          {
            path: '/schedule',
            scripts: ['/assets/schedule-b8.js', '/assets/shared-f6.js'],
            styles: ['/assets/segmented-c9.css'],
          },
        ],
      }),
    )
    const reply = await web.inject({ method: 'GET', url: '/', headers: HTML })
    const links = [...reply.body.matchAll(/<link rel="(?:module)?preload"[^>]*>/g)].map(
      ([link]) =>
        `${/href="([^"]+)"/.exec(link)?.[1]} ${/media="([^"]+)"/.exec(link)?.[1] ?? 'all'}`,
    )
    expect(links).toEqual([
      '/assets/home-d4.js (min-width: 500px)',
      '/assets/shared-f6.js all',
      '/assets/schedule-b8.js (max-width: 499.98px)',
      '/assets/grid-a7.css (min-width: 500px)',
      '/assets/segmented-c9.css (max-width: 499.98px)',
    ])
    // /schedule itself announces its code for every width.
    const schedule = await web.inject({ method: 'GET', url: '/schedule', headers: HTML })
    expect(schedule.body).not.toContain('media=')
  })

  it('answers a page it sent unchanged with 304, per page', async () => {
    const web = await serve(SCREENS)
    const first = await web.inject({ method: 'GET', url: '/activities', headers: HTML })
    const etag = String(first.headers.etag)
    const again = await web.inject({
      method: 'GET',
      url: '/activities',
      headers: { ...HTML, 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const other = await web.inject({
      method: 'GET',
      url: '/activities/9',
      headers: { ...HTML, 'if-none-match': etag },
    })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).not.toBe(etag)
  })

  it('serves the assets, and answers JSON 404 for the API and missing assets', async () => {
    const web = await serve(SCREENS)
    const asset = await web.inject({ method: 'GET', url: '/assets/list-c3.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await web.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404)
    const api = await web.inject({ method: 'GET', url: '/api/unknown', headers: HTML })
    expect(api.statusCode).toBe(404)
    expect(api.json().error.code).toBe('not-found')
  })

  it.each([
    ['no screen list', null],
    ['an unreadable one', '{"screens": [{"path": "/", "scripts": ["javascript:alert(1)"]}]}'],
    ['one cut short', '{"screens": [{"path": "/", "scri'],
  ])('serves every page the plain HTML with %s', async (_case, preloads) => {
    const web = await serve(preloads)
    for (const url of ['/', '/activities']) {
      const reply = await web.inject({ method: 'GET', url, headers: HTML })
      expect(reply.statusCode).toBe(200)
      expect(reply.body).toBe(INDEX)
    }
  })
})

describe('routeMatch', () => {
  it('ranks fixed segments above parameters, ignoring case', () => {
    expect(routeMatch('/activities', '/activities')).toBe(1)
    expect(routeMatch('/activities', '/Activities/')).toBe(1)
    expect(routeMatch('/activities/:id', '/activities/42')).toBe(1)
    expect(routeMatch('/', '/')).toBe(0)
    expect(routeMatch('/activities/:id', '/activities')).toBeNull()
    expect(routeMatch('/events/:id', '/activities/42')).toBeNull()
  })
})

describe('inlineScriptSources', () => {
  it("allows index.html's inline scripts by their SHA-256, not its external ones", () => {
    const html =
      '<head><script type="module" src="/assets/index.js"></script></head>' +
      '<body><div id="root"></div><script>x()</script></body>'
    // `printf 'x()' | openssl dgst -sha256 -binary | base64`
    expect(inlineScriptSources(html)).toEqual([
      "'sha256-D6IGS8VMvCoyaR/l0h9tERrBTATY01CoPS7l6xDv0kI='",
    ])
    expect(inlineScriptSources(INDEX)).toEqual([])
  })
})
