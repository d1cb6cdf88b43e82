/**
 * The catalogs' check (issue 54, part of `npm run lint`): every message the code marks (`t`,
 * `msg`) is in each language's catalog and each catalog holds only those, with the same
 * placeholders; no component draws an English literal outside the catalogs (JSX text, or a
 * label, placeholder, title, description or aria-label given as a plain string). The server's
 * catalogs (apps/api/src/locales, decision 161) are checked the same way against the messages of
 * apps/api/src.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { findMessages } from './i18n-messages.ts'

const ROOT = dirname(fileURLToPath(import.meta.url))
const SRC = join(ROOT, 'src')
const LOCALES = join(SRC, 'locales')
const API_SRC = join(ROOT, '..', 'api', 'src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The placeholders of an ICU message, sorted (`{name}`, `{count, plural, …}` → name, count). */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>()
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return
    for (const token of tokens) {
      if (!Array.isArray(token)) continue
      const [name, , cases] = token as [string, string?, Record<string, unknown>?]
      names.add(name)
      for (const branch of Object.values(cases ?? {})) walk(branch)
    }
  }
  walk(compileMessage(message))
  return [...names].sort()
}

const LITERAL_ATTRIBUTE =
  /\b(?:label|placeholder|title|description|aria-label|alt)="([^"]*\p{L}[^"]*)"/gu
const JSX_TEXT = /(?<=[^=\s]>)\s*([^<>{}`'";=()]*\p{L}[^<>{}`;=()]*?)\s*(?=<\/?[A-Za-z])/gu
const JSX_STRING = /\{\s*'([^']*\p{L}[^']*)'\s*\}/gu

/** The user-facing English literals of a component's source, outside the catalogs. */
export function literalsOf(source: string): string[] {
  const found: string[] = []
  for (const pattern of [LITERAL_ATTRIBUTE, JSX_TEXT, JSX_STRING]) {
    for (const match of source.matchAll(pattern)) {
      const text = (match[1] ?? '').trim()
      // Code between two JSX expressions (`return <A />`), and the product's name, are no text.
      if (
        text &&
        !/^(return|if|else|const|let|case|await)\b|^[,.&|?:]/.test(text) &&
        text !== 'Kindling'
      )
        found.push(text)
    }
  }
  return found
}

/** The messages the sources in `files` mark; a template literal as a message is a problem. */
function markedMessages(files: string[], problems: string[]): Set<string> {
  const keys = new Set<string>()
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    for (const { message } of findMessages(source)) keys.add(message)
    if (/(?<![\w$.])(t|msg)\(\s*`/.test(source)) {
      problems.push(`${relative(ROOT, file)}: a message must be a plain string, not a template`)
    }
  }
  return keys
}

/** Each catalog in `dir` against `keys`: none missing, none stale, the same placeholders. */
function checkCatalogDir(dir: string, keys: Set<string>, problems: string[]): void {
  const shown = relative(ROOT, dir)
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const catalog = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>
    for (const key of keys) {
      if (!(key in catalog)) problems.push(`${shown}/${file}: missing '${key}'`)
    }
    for (const [key, translation] of Object.entries(catalog)) {
      if (!keys.has(key)) {
        problems.push(`${shown}/${file}: '${key}' is no longer in the code`)
        continue
      }
      try {
        const expected = placeholdersOf(key).join(', ')
        const got = placeholdersOf(translation).join(', ')
        if (expected !== got) {
          problems.push(`${shown}/${file}: '${key}' has placeholders ${got}, not ${expected}`)
        }
      } catch (error) {
        problems.push(`${shown}/${file}: '${key}' is not an ICU message: ${String(error)}`)
      }
    }
  }
}

/** The server's texts (e-mails, pushes, error messages, import summaries) and its catalogs. */
export function checkServerCatalogs(): string[] {
  const problems: string[] = []
  const keys = markedMessages(sourceFiles(API_SRC), problems)
  checkCatalogDir(join(API_SRC, 'locales'), keys, problems)
  return problems
}

export function checkCatalogs(): string[] {
  const problems: string[] = []
  const files = sourceFiles(SRC)
  const keys = markedMessages(files, problems)
  for (const file of files.filter((path) => path.endsWith('.tsx'))) {
    const name = relative(ROOT, file)
    for (const literal of literalsOf(readFileSync(file, 'utf8')))
      problems.push(`${name}: '${literal}' is not in the catalogs (t)`)
  }
  checkCatalogDir(LOCALES, keys, problems)
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = [...checkCatalogs(), ...checkServerCatalogs()]
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) process.exit(1)
  console.log("i18n: every catalog matches the code, the server's too.")
}
