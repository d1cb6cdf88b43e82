import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import { MOBILE_BREAKPOINT_PX, MOBILE_MEDIA_QUERY, PRODUCT_NAME } from '@kindling/core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { msg } from '../i18n/message'
import { translatedErrorBody } from './errors'

/** Written by the web build (apps/web/screen-preloads.ts): each route's screen code. */
const SCREEN_PRELOADS_FILE = 'screen-preloads.json'

const AssetPath = z.string().regex(/^\/[\w./-]+$/)
const ScreenPreloads = z.object({
  screens: z.array(
    z.object({ path: z.string(), scripts: z.array(AssetPath), styles: z.array(AssetPath) }),
  ),
})
type ScreenPreload = z.infer<typeof ScreenPreloads>['screens'][number]

/** A page's HTML and its validator. */
interface Page {
  html: string
  etag: string
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? ''
  return accept.includes('text/html') || accept.includes('*/*') || accept === ''
}

function pageOf(html: string): Page {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` }
}

/**
 * The Content-Security-Policy sources that let index.html's own inline scripts run, by hash:
 * any other inline script stays refused.
 */
export function inlineScriptSources(html: string): string[] {
  const hash = (script: string) => createHash('sha256').update(script).digest('base64')
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${hash(body ?? '')}'`,
  )
}

/** `inlineScriptSources` of the built app's index.html (none when the app is not built). */
export function builtInlineScriptSources(distDir: string): string[] {
  const indexFile = join(distDir, 'index.html')
  return existsSync(indexFile) ? inlineScriptSources(readFileSync(indexFile, 'utf8')) : []
}

/**
 * How well a route path (`/activities/:activityId`) matches a page's path: the number of its
 * fixed segments, or null when it does not match. Like React Router, case does not matter and a
 * fixed segment ranks above a parameter.
 */
export function routeMatch(route: string, pathname: string): number | null {
  const routeSegments = route.split('/').filter(Boolean)
  const segments = pathname.split('/').filter(Boolean)
  if (routeSegments.length !== segments.length) return null
  let fixed = 0
  for (const [index, segment] of routeSegments.entries()) {
    if (segment.startsWith(':')) continue
    if (segment.toLowerCase() !== segments[index]?.toLowerCase()) return null
    fixed++
  }
  return fixed
}

/** SPEC §2: on mobile '/' redirects to /schedule, so a phone opening '/' needs that code. */
const MOBILE_HOME = { path: '/', instead: '/schedule' }
const WIDE_MEDIA_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`

/**
 * index.html with the screen's scripts and stylesheets announced before `</head>`; with
 * `mobile`, the screen a phone is sent to instead: each file is then fetched only at the widths
 * that need it (`media`, honoured by modulepreload and preload alike).
 */
function withPreloads(index: string, screen: ScreenPreload, mobile?: ScreenPreload): string {
  // At low priority: the entry script and the first paint come first (and Lighthouse counts
  // high-priority scripts as render-blocking); stylesheets are preloaded, not applied: the
  // screen's code applies them.
  const attributes = 'crossorigin fetchpriority="low"'
  const wide = new Set([...screen.scripts, ...screen.styles])
  const narrow = new Set(mobile ? [...mobile.scripts, ...mobile.styles] : wide)
  const media = (href: string) =>
    wide.has(href) && narrow.has(href)
      ? ''
      : ` media="${wide.has(href) ? WIDE_MEDIA_QUERY : MOBILE_MEDIA_QUERY}"`
  const scripts = new Set([...screen.scripts, ...(mobile?.scripts ?? [])])
  const styles = new Set([...screen.styles, ...(mobile?.styles ?? [])])
  const links = [
    ...[...scripts].map(
      (href) => `<link rel="modulepreload" ${attributes}${media(href)} href="${href}">`,
    ),
    ...[...styles].map(
      (href) => `<link rel="preload" as="style" ${attributes}${media(href)} href="${href}">`,
    ),
  ]
  return index.replace('</head>', `${links.join('\n')}\n</head>`)
}

function readScreenPreloads(app: FastifyInstance, distDir: string): ScreenPreload[] {
  const file = join(distDir, SCREEN_PRELOADS_FILE)
  if (!existsSync(file)) return []
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    json = undefined
  }
  const parsed = ScreenPreloads.safeParse(json)
  if (parsed.success) return parsed.data.screens
  app.log.warn({ file }, 'the web build has an unreadable screen-preloads.json; pages go without')
  return []
}

/**
 * The built SPA: hashed assets cached forever, pages never, and the SPA fallback. Each page's
 * HTML announces its screen's code (decision 103), so a first visit fetches it beside the entry
 * script instead of after it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html')
  if (!existsSync(indexFile)) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(`${PRODUCT_NAME}: the API is running, but the web app is not built (npm run build).`),
    )
    app.setNotFoundHandler(async (request, reply) => notFound(request, reply))
    return
  }

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    // Pages, '/' included, are answered below with their screen's preloads.
    index: false,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })

  const index = readFileSync(indexFile, 'utf8')
  const plain = pageOf(index)
  const preloads = readScreenPreloads(app, distDir)
  const mobileHome = preloads.find((screen) => screen.path === MOBILE_HOME.instead)
  const screens = preloads.map((screen) => ({
    path: screen.path,
    page: pageOf(
      withPreloads(index, screen, screen.path === MOBILE_HOME.path ? mobileHome : undefined),
    ),
  }))
  const pageFor = (pathname: string): Page => {
    let best: { fixed: number; page: Page } | undefined
    for (const { path, page } of screens) {
      const fixed = routeMatch(path, pathname)
      if (fixed !== null && (!best || fixed > best.fixed)) best = { fixed, page }
    }
    return best?.page ?? plain
  }

  const sendPage = (path: string, request: FastifyRequest, reply: FastifyReply) => {
    const page = pageFor(path)
    reply.header('cache-control', 'no-cache').header('etag', page.etag)
    if (request.headers['if-none-match'] === page.etag) return reply.status(304).send()
    return reply.type('text/html; charset=utf-8').send(page.html)
  }
  // '/' is a folder to the static files: its page is answered here.
  app.get('/', { schema: { hide: true } }, async (request, reply) => sendPage('/', request, reply))
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !isApi(path) && wantsHtml(request)
    if (!isPageRequest || path.startsWith('/assets/')) return notFound(request, reply)
    return sendPage(path, request, reply)
  })
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? ''
  return reply
    .status(404)
    .send(
      translatedErrorBody(
        request,
        'not-found',
        msg('No route {method} {path}.', { method: request.method, path }),
      ),
    )
}
