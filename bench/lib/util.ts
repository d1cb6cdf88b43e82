import { cpus, freemem, loadavg, totalmem } from 'node:os'

/** mulberry32: a small, fast, seedable PRNG; the same seed gives the same stream everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A version-4-shaped UUID drawn from `rand` (deterministic ids for generated records). */
export function uuidFrom(rand: () => number): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join('')
  const variant = (8 + Math.floor(rand() * 4)).toString(16)
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export function fmt(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a'
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
}

export function log(message: string): void {
  const time = new Date().toISOString().slice(11, 19)
  process.stderr.write(`[bench ${time}] ${message}\n`)
}

export function machine() {
  const [l1, l5, l15] = loadavg()
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: totalmem() / 1024 ** 3,
    freeGiB: freemem() / 1024 ** 3,
    load: [l1, l5, l15].map((v) => fmt(v ?? 0, 2)).join(' / '),
    node: process.version,
  }
}

/** Runs `fn` at most `ms` milliseconds; rejects with a clear message past that. */
export async function withTimeout<T>(label: string, ms: number, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: gave up after ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([fn(), timeout])
  } finally {
    clearTimeout(timer)
  }
}
