import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { findScreenRoutes, screenPreloads } from './screen-preloads'

const here = dirname(fileURLToPath(import.meta.url))
const router = readFileSync(join(here, 'src/app/router.tsx'), 'utf8')

describe('findScreenRoutes', () => {
  it("finds every route of the app's router written with its path, and its screen's module", () => {
    const routes = findScreenRoutes(router)
    const byPath = Object.fromEntries(routes.map(({ path, specifier }) => [path, specifier]))
    expect(byPath).toMatchObject({
      '/': './routes/home',
      '/schedule': '../features/schedule/routes/schedule',
      '/activities': '../features/activities/routes/activities',
      '/activities/:activityId': './routes/habit',
      '/events': '../features/events/routes/events',
      '/signin': '../features/auth/routes/sign-in',
      '/me': './routes/me',
    })
    // Every screen with a written path (the forms' paths come from their table; '*' is no page).
    const written = router.match(/path: '\/[^']*',\s*\.\.\.screen\(|index: true,\s*\.\.\.screen\(/g)
    expect(routes).toHaveLength(written?.length ?? 0)
    expect(new Set(routes.map((route) => route.path)).size).toBe(routes.length)
  })

  it('reads the routes however they are laid out', () => {
    const source = `const routes = [{ children: [
      { index: true, ...screen('Home', () => import('./home')) },
      { ...screen('Late path', () => import('./late'), { topLevel: true }), path: '/late' },
      { path: '/no-screen', element: null },
      { path, ...screen(title, () => import('./form')) },
      { path: '*', ...screen('Not Found', () => import('./not-found')) },
    ] }]`
    expect(findScreenRoutes(source)).toEqual([
      { path: '/', specifier: './home' },
      { path: '/late', specifier: './late' },
    ])
  })
})

/** A bundle's chunk, with what the screen list reads of it. */
function chunk(
  fileName: string,
  options: { imports?: string[]; css?: string[]; modules?: string[]; entry?: boolean },
) {
  return {
    type: 'chunk',
    fileName,
    imports: options.imports ?? [],
    isEntry: options.entry ?? false,
    moduleIds: options.modules ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set() },
  } as unknown as Rolldown.OutputChunk
}

describe('screenPreloads', () => {
  it("lists a screen's chunk, then what it imports beyond the entry's, with their styles", () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', { entry: true, imports: ['assets/runtime.js'], css: ['i.css'] }),
        chunk('assets/runtime.js', {}),
        chunk('assets/activities.js', {
          modules: ['/src/activities.tsx'],
          imports: ['assets/list.js', 'assets/runtime.js'],
          css: ['assets/activities.css'],
        }),
        chunk('assets/list.js', { imports: ['assets/paper.js'], css: ['i.css'] }),
        chunk('assets/paper.js', { imports: ['assets/list.js'], css: ['assets/paper.css'] }),
        chunk('assets/unrelated.js', { modules: ['/src/stats.tsx'] }),
      ].map((output) => [output.fileName, output]),
    )
    expect(
      screenPreloads(
        bundle,
        [
          { path: '/activities', moduleId: '/src/activities.tsx' },
          { path: '/gone', moduleId: '/src/gone.tsx' },
        ],
        '/',
      ),
    ).toEqual([
      {
        path: '/activities',
        scripts: ['/assets/activities.js', '/assets/list.js', '/assets/paper.js'],
        styles: ['/assets/activities.css', '/assets/paper.css'],
      },
    ])
  })
})
