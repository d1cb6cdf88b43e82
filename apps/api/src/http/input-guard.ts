import type { FastifyInstance } from 'fastify'
import { msg, type Text } from '../i18n/message'
import { validationError } from './errors'

/** Deepest nesting a request body may have; the API's own inputs need 3. */
export const MAX_BODY_DEPTH = 32

export const UNPAIRED_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Why `text` cannot be stored as PostgreSQL text: a NUL character, or an unpaired surrogate
 * (not valid Unicode); null when it can be.
 */
export function unstorable(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\u0000')) return 'nul'
  if (UNPAIRED_SURROGATE.test(text)) return 'surrogate'
  return null
}

/** Why `text` cannot be stored as PostgreSQL text, or null when it can: to translate. */
function storageProblem(text: string): Text | null {
  const problem = unstorable(text)
  if (problem === 'nul') return msg('Must not contain NUL characters.')
  if (problem === 'surrogate') return msg('Must be valid Unicode text (an unpaired surrogate).')
  return null
}

/**
 * The first part of a parsed JSON body that no route may accept: nesting deeper than
 * MAX_BODY_DEPTH, or a string or key PostgreSQL cannot store (NUL, unpaired surrogates). Walks
 * without recursion, so a body nested 100,000 deep is answered, not a stack overflow.
 */
export function findBadInput(body: unknown): { field: string; message: Text } | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: body, path: '', depth: 0 },
  ]
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number]
    if (typeof value === 'string') {
      const message = storageProblem(value)
      if (message) return { field: path || 'body', message }
      continue
    }
    if (!isJsonContainer(value)) continue
    if (depth >= MAX_BODY_DEPTH) {
      return {
        field: path || 'body',
        message: msg('Must not be nested more than {max} deep.', { max: MAX_BODY_DEPTH }),
      }
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key
      const message = storageProblem(key)
      if (message) return { field: childPath, message: msg('Key: {problem}', { problem: message }) }
      stack.push({ value: child, path: childPath, depth: depth + 1 })
    }
  }
  return null
}

/** An array or an object of fields (uploads arrive as Buffers or streams: not walked). */
function isJsonContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false
  return typeof (value as { pipe?: unknown }).pipe !== 'function'
}

/**
 * Bad input is answered 400 with the field named before any route sees it, so nothing is stored
 * and the database never fails on it (issue 14: NUL bytes, unpaired surrogates, deep nesting).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Raw uploads (a file to import) are read by their own route; JSON bodies and queries here.
    const body = typeof request.body === 'string' ? undefined : request.body
    const problem = findBadInput(body) ?? findBadInput(request.query)
    if (problem) {
      request.log.warn({ field: problem.field }, 'refused unstorable input')
      throw validationError({ [problem.field]: problem.message })
    }
  })
}
