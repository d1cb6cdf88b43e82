import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

/**
 * The app's message literals (decision 160): the first argument of `t(...)` or `msg(...)`, a
 * single- or double-quoted string. Template literals are not messages (the check refuses them):
 * a text is one ICU message with placeholders, never built by concatenation.
 */
const MESSAGE_CALL = /(?<![\w$.])(t|msg)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g

const PLAIN_MSG = /(?<![\w$.])msg\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*\)/g

export interface MessageLiteral {
  /** The message as the code means it (quotes and escapes resolved). */
  message: string
  /** Where the literal (with its quotes) starts and ends in the source. */
  start: number
  end: number
}

/** Resolves a quoted JavaScript string literal ('…' or "…") to its value. */
function unquote(literal: string): string {
  const body = literal.slice(1, -1)
  const asDouble = literal.startsWith("'") ? body.replace(/\\'/g, "'").replace(/"/g, '\\"') : body
  return JSON.parse(`"${asDouble}"`) as string
}

/** Every message literal in `source`, in order. */
export function findMessages(source: string): MessageLiteral[] {
  const found: MessageLiteral[] = []
  for (const match of source.matchAll(MESSAGE_CALL)) {
    const literal = match[2] ?? ''
    const start = (match.index ?? 0) + match[0].length - literal.length
    found.push({ message: unquote(literal), start, end: start + literal.length })
  }
  return found
}

/** Whether `message` has ICU syntax (placeholders, plurals) and so needs compiling. */
export function needsCompiling(message: string): boolean {
  return /[{}]/.test(message)
}

/**
 * The key a message has at run time: a plain text is its own key; one with ICU syntax is keyed by
 * Lingui's short hash of it, so its English source is not in the script twice (key and form).
 */
export function runtimeKey(message: string): string {
  return needsCompiling(message) ? generateMessageId(message) : message
}

/** `catalog` (English message → translated ICU message) compiled to Lingui's runtime form. */
export function compileCatalog(catalog: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, message]) => [runtimeKey(key), compileMessage(message)]),
  )
}

/**
 * `source` with each message literal that has ICU syntax replaced by its run-time key and compiled
 * form,
 * for the runtime to read without Lingui's compiler (which stays out of the build).
 */
export function compileMessageLiterals(input: string): string | null {
  // `msg('Plain')` is its literal: no call left in the script.
  const source = input.replace(PLAIN_MSG, (call, literal: string) =>
    needsCompiling(unquote(literal)) ? call : literal,
  )
  const literals = findMessages(source).filter(({ message }) => needsCompiling(message))
  if (literals.length === 0) return source === input ? null : source
  let out = ''
  let at = 0
  for (const { message, start, end } of literals) {
    const compiled = JSON.stringify({ id: runtimeKey(message), c: compileMessage(message) })
    out += `${source.slice(at, start)}${compiled}`
    at = end
  }
  return out + source.slice(at)
}
