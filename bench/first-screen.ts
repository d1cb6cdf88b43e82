/*
 * `npm run first-screen -w @kindling/bench [-- --top 40]`: builds the web app (its own Vite
 * config, as `npm run build -w @kindling/web` does, with hidden source maps, into a temporary
 * folder) and prints the first screen's script: each file at gzip -9, the total against issue
 * 55's 100 KB, and the packages and modules the bytes are (from the source maps).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstScreenSize, gzipByPackage, kb, sizeReportBuild } from './lib/first-screen'
import { REPO } from './lib/server'

const topIndex = process.argv.indexOf('--top')
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30
// Another checkout's web app (to compare with an older commit): `--web /path/to/apps/web`.
const webIndex = process.argv.indexOf('--web')
const web = webIndex > 0 ? (process.argv[webIndex + 1] as string) : join(REPO, 'apps/web')
const out = mkdtempSync(join(tmpdir(), 'first-screen-'))
const statsFile = join(out, 'visualizer.json')
const dist = join(out, 'dist')
try {
  const { build } = await import('vite')
  const report = sizeReportBuild(statsFile)
  await build({
    root: web,
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, ...report.build },
    plugins: report.plugins,
  })
  const size = firstScreenSize(dist, statsFile)
  const pad = (text: string, width: number) => text.padStart(width)
  console.log("\nThe first screen's script (index.html's scripts and their static imports):")
  for (const file of size.files) {
    console.log(`  ${pad(kb(file.gzip), 9)} gzip  ${pad(kb(file.raw), 9)} raw  ${file.file}`)
  }
  const verdict = size.gzip <= 100 * 1024 ? 'ok' : `MISS by ${kb(size.gzip - 100 * 1024)}`
  console.log(
    `  ${pad(kb(size.gzip), 9)} gzip  ${pad(kb(size.raw), 9)} raw  in all (${size.gzip} bytes; target ≤ 100 KB: ${verdict})`,
  )
  console.log("\nBy package (gzip shares estimated from each module's minified bytes):")
  for (const [name, bytes] of gzipByPackage(size.modules).slice(0, 15)) {
    console.log(`  ${pad(kb(bytes), 9)}  ${name}`)
  }
  console.log(`\nThe ${top} largest modules (gzip estimated, minified exact):`)
  for (const module of size.modules.slice(0, top)) {
    console.log(`  ${pad(kb(module.gzip), 9)}  ${pad(kb(module.minified), 9)}  ${module.id}`)
  }
} finally {
  rmSync(out, { recursive: true, force: true })
}
