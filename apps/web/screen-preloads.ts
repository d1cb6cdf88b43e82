import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Plugin, parseAst, type Rolldown } from 'vite'

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

/**
 * Each page's screen code, announced with the page's HTML (issue 19, decision 103).
 *
 * A screen's module and its imports are fetched when the entry script has run: on a slow
 * network that is after the whole entry has downloaded, and over HTTP/1.1's six connections the
 * first sync then queues behind them. The build writes `screen-preloads.json` (a route path and
 * its screen's scripts and stylesheets, what the entry does not already hold) and the server
 * puts `<link rel="modulepreload">` for the requested page's screen into its HTML, so the screen
 * downloads beside the entry.
 */

/** A route of router.tsx whose screen loads on first visit: its path and its module's import. */
export interface ScreenRoute {
  path: string
  specifier: string
}

export interface ScreenPreload {
  path: string
  scripts: string[]
  styles: string[]
}

export const SCREEN_PRELOADS_FILE = 'screen-preloads.json'

type Node = { type?: string; [key: string]: unknown }

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function propertyValue(object: Node, name: string): unknown {
  for (const property of object.properties as Node[]) {
    const key = property.key as Node | undefined
    if (property.type === 'Property' && key?.type === 'Identifier' && key.name === name) {
      return (property.value as Node).type === 'Literal' ? (property.value as Node).value : null
    }
  }
  return undefined
}

/** `...screen(title, () => import('x'))` gives 'x'. */
function screenImport(object: Node): string | undefined {
  for (const property of object.properties as Node[]) {
    const call = property.argument as Node | undefined
    if (property.type !== 'SpreadElement' || call?.type !== 'CallExpression') continue
    const callee = call.callee as Node
    if (callee.type !== 'Identifier' || callee.name !== 'screen') continue
    const loader = (call.arguments as Node[])[1]
    const body = loader?.body as Node | undefined
    const source = body?.type === 'ImportExpression' ? (body.source as Node) : undefined
    if (source?.type === 'Literal' && typeof source.value === 'string') return source.value
  }
  return undefined
}

/**
 * The routes written `{ path: '/x', ...screen(title, () => import('…')) }` in the router's
 * source, the index route as '/'. Routes whose path is not written out (the forms, built from a
 * table) and the catch-all are left out: their pages load their screen as before.
 */
export function findScreenRoutes(source: string): ScreenRoute[] {
  const routes: ScreenRoute[] = []
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    if (!isNode(node)) return
    if (node.type === 'ObjectExpression') {
      const specifier = screenImport(node)
      const path = propertyValue(node, 'index') === true ? '/' : propertyValue(node, 'path')
      if (specifier && typeof path === 'string' && path.startsWith('/')) {
        routes.push({ path, specifier })
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'type' && typeof value === 'object') visit(value)
    }
  }
  visit(parseAst(source, { lang: 'tsx' }))
  return routes
}

/**
 * What each route's screen needs beyond the first screen's script: its chunk, the chunks that
 * chunk imports (in that order), and their stylesheets.
 */
export function screenPreloads(
  bundle: OutputBundle,
  routes: { path: string; moduleId: string }[],
  base: string,
): ScreenPreload[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const closure = (start: OutputChunk[]) => {
    const seen = new Set<OutputChunk>()
    const queue = [...start]
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      if (seen.has(chunk)) continue
      seen.add(chunk)
      for (const file of chunk.imports) {
        const imported = byFile.get(file)
        if (imported) queue.push(imported)
      }
    }
    return [...seen]
  }
  const initial = new Set(closure(chunks.filter((chunk) => chunk.isEntry)))
  const stylesOf = (chunk: OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])]
  const initialStyles = new Set([...initial].flatMap(stylesOf))
  return routes.flatMap(({ path, moduleId }) => {
    const screen = chunks.find((chunk) => chunk.moduleIds.includes(moduleId))
    if (!screen || initial.has(screen)) return []
    const needed = closure([screen]).filter((chunk) => !initial.has(chunk))
    const styles = [...new Set(needed.flatMap(stylesOf))].filter((f) => !initialStyles.has(f))
    return [
      {
        path,
        scripts: needed.map((chunk) => `${base}${chunk.fileName}`),
        styles: styles.map((file) => `${base}${file}`),
      },
    ]
  })
}

/** Writes `screen-preloads.json` for the routes of `src/app/router.tsx` (builds only). */
export function screenPreloadsFile(): Plugin {
  let routerFile = ''
  let base = '/'
  return {
    name: 'kindling:screen-preloads',
    apply: 'build',
    configResolved(config) {
      routerFile = join(config.root, 'src/app/router.tsx')
      base = config.base
    },
    // After Vite's own: it drops the chunks that only held styles (and their imports).
    generateBundle: { order: 'post', handler: writeScreenPreloads },
  }
  async function writeScreenPreloads(
    this: Rolldown.PluginContext,
    _options: unknown,
    bundle: OutputBundle,
  ) {
    const routes = []
    for (const { path, specifier } of findScreenRoutes(readFileSync(routerFile, 'utf8'))) {
      const resolved = await this.resolve(specifier, routerFile)
      if (!resolved) this.error(`router.tsx: cannot resolve ${specifier}`)
      routes.push({ path, moduleId: resolved.id })
    }
    const screens = screenPreloads(bundle, routes, base)
    for (const file of screens.flatMap((screen) => [...screen.scripts, ...screen.styles])) {
      if (!(file.slice(base.length) in bundle)) this.error(`${file} is not in the build`)
    }
    this.emitFile({
      type: 'asset',
      fileName: SCREEN_PRELOADS_FILE,
      source: `${JSON.stringify({ screens }, null, 1)}\n`,
    })
  }
}
