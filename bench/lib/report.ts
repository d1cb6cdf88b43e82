import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { machine } from './util'

export interface Row {
  section: string
  backend: string
  metric: string
  value: string
  target: string
  /** true: meets the target; false: misses; null: no target (context figure). */
  pass: boolean | null
  note?: string
}

export const rows: Row[] = []

export function record(row: Row): void {
  rows.push(row)
  const mark = row.pass === null ? ' ' : row.pass ? '✓' : '✗'
  process.stderr.write(
    `  ${mark} [${row.section}/${row.backend}] ${row.metric}: ${row.value}${row.target ? `  (target ${row.target})` : ''}${row.note ? `  — ${row.note}` : ''}\n`,
  )
}

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'ok' : 'MISS')

export function table(): string {
  const header = ['section', 'backend', 'metric', 'value', 'target', '']
  const body = rows.map((r) => [r.section, r.backend, r.metric, r.value, r.target, verdict(r.pass)])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')
}

export function markdown(
  started: Date,
  seconds: number,
  loadBefore: string,
  sections: string[],
): string {
  const m = machine()
  const esc = (s: string) => s.replace(/\|/g, '\\|')
  const lines = [
    `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, sections: ${sections.join(', ')}, ${Math.round(seconds)} s in all.`,
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB.toFixed(1)} GiB memory, Node ${m.node}; load average (1/5/15 min) ${loadBefore} at the start, ${m.load} at the end (on 2 cores, a load above 2 means other work competed with the bench).`,
    '',
    '| section | backend | metric | value | target | |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.section} | ${r.backend} | ${esc(r.metric)} | ${esc(r.value)} | ${esc(r.target)} | ${verdict(r.pass)} |`,
    ),
  ]
  const notes = rows.filter((r) => r.note)
  if (notes.length) {
    lines.push('', 'Notes printed by the run:', '')
    for (const r of notes) lines.push(`- ${r.section}/${r.backend} ${r.metric}: ${r.note}`)
  }
  return lines.join('\n')
}

const RESULTS = fileURLToPath(new URL('../RESULTS.md', import.meta.url))
const START = '<!-- figures:start -->'
const END = '<!-- figures:end -->'

/** Replaces the generated block of bench/RESULTS.md, keeping the hand-written analysis around it. */
export function writeResults(block: string): void {
  let text: string
  try {
    text = readFileSync(RESULTS, 'utf8')
  } catch {
    text = `# Benchmark results\n\n${START}\n${END}\n`
  }
  const a = text.indexOf(START)
  const b = text.indexOf(END)
  text =
    a >= 0 && b > a
      ? `${text.slice(0, a + START.length)}\n${block}\n${text.slice(b)}`
      : `${text}\n${START}\n${block}\n${END}\n`
  writeFileSync(RESULTS, text)
}
