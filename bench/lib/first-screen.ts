import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { visualizer } from 'rollup-plugin-visualizer'
import { REPO } from './server'

/*
 * The first screen's script (issue 55: ≤ 100 KB gzip): the scripts the built index.html loads
 * before the first screen draws, and which modules their bytes are. Sizes per module come from
 * the build's source maps, read by rollup-plugin-visualizer (each minified byte of a chunk
 * belongs to the module its map names).
 */

/** Entry script, modulepreloads and (recursively) their static imports: the first download. */
export function initialScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const queue = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => (m[1] as string).replace(/^\//, ''))
  const seen = new Set<string>()
  while (queue.length) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(dist, file), 'utf8')
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : ''
    for (const m of code.matchAll(
      /\b(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g,
    )) {
      queue.push(new URL(m[1] as string, `http://x/${dir}`).pathname.slice(1))
    }
  }
  return [...seen]
}

/** The visualizer's raw data (its `raw-data` template, version 2). */
interface VisualizerData {
  nodeParts: Record<string, { renderedLength: number }>
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>
}

/** Vite plugins and build options that leave `statsFile` beside the build (hidden source maps). */
export function sizeReportBuild(statsFile: string) {
  return {
    build: { sourcemap: 'hidden' as const },
    // Last, as the visualizer asks: it reads the chunks' final code and maps.
    plugins: [visualizer({ filename: statsFile, template: 'raw-data', sourcemap: true })],
  }
}

export interface ModuleSize {
  /** The module's path from the repo's root (node_modules/…, apps/web/src/…). */
  id: string
  /** Its minified bytes in the first screen's files. */
  minified: number
  /**
   * Its share of the files' gzip: minified bytes × its file's gzip/minified ratio. Gzip has no
   * per-module size (a module compresses against its neighbours), so this is an estimate whose
   * sum is the files' real gzip.
   */
  gzip: number
}

export interface FirstScreenSize {
  files: { file: string; raw: number; gzip: number }[]
  /** gzip -9 of each file, added up: the bench's figure. */
  gzip: number
  raw: number
  /** Largest first. */
  modules: ModuleSize[]
}

/** The package a bundled module comes from: its npm name, else the workspace part of the repo. */
export function packageOf(id: string): string {
  const path = id.replace(/\\/g, '/')
  const npm = path.lastIndexOf('node_modules/')
  if (npm >= 0) {
    const [scope, name] = path.slice(npm + 'node_modules/'.length).split('/')
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? path)
  }
  if (path.includes('packages/core/')) return '@kindling/core'
  if (path.includes('apps/web/')) return 'the app'
  return 'bundler runtime'
}

/** The first screen's files in `dist`, with each module's part of them from `statsFile`. */
export function firstScreenSize(dist: string, statsFile: string): FirstScreenSize {
  const files = initialScripts(dist).map((file) => {
    const code = readFileSync(join(dist, file))
    return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length }
  })
  const data = JSON.parse(readFileSync(statsFile, 'utf8')) as VisualizerData
  const byFile = new Map(files.map((file) => [file.file, file]))
  const parts: { id: string; file: string; minified: number }[] = []
  const mapped = new Map<string, number>()
  for (const meta of Object.values(data.nodeMetas)) {
    for (const [file, part] of Object.entries(meta.moduleParts)) {
      const minified = data.nodeParts[part]?.renderedLength ?? 0
      if (!byFile.has(file) || minified === 0) continue
      const id = relative(REPO, meta.id)
      parts.push({ id, file, minified })
      mapped.set(file, (mapped.get(file) ?? 0) + minified)
    }
  }
  const modules = new Map<string, ModuleSize>()
  const add = (id: string, minified: number, gzip: number) => {
    const module = modules.get(id) ?? { id, minified: 0, gzip: 0 }
    module.minified += minified
    module.gzip += gzip
    modules.set(id, module)
  }
  for (const { id, file, minified } of parts) {
    add(id, minified, (minified / (mapped.get(file) ?? minified)) * (byFile.get(file)?.gzip ?? 0))
  }
  // A file no map covers (the bundler's runtime) counts as one module of its own name.
  for (const file of files) if (!mapped.has(file.file)) add(file.file, file.raw, file.gzip)
  return {
    files,
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    modules: [...modules.values()].sort((a, b) => b.gzip - a.gzip),
  }
}

/** The modules' estimated gzip added up by package, largest first. */
export function gzipByPackage(modules: ModuleSize[]): [string, number][] {
  const sums = new Map<string, number>()
  for (const module of modules) {
    const name = packageOf(module.id)
    sums.set(name, (sums.get(name) ?? 0) + module.gzip)
  }
  return [...sums].sort((a, b) => b[1] - a[1])
}

export const kb = (bytes: number, digits = 1) =>
  `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: digits })} KB`

/** 'react-dom 61.5 KB, …': the largest `count` entries. */
export function largest(entries: [string, number][], count: number): string {
  return entries
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ')
}
