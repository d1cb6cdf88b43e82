import { type I18n, setupI18n } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'

/*
 * A text for a person, not yet in their language (decision 161): its English ICU message, which
 * is its key in the server's catalogs (src/locales/<tag>.json), and the values of its
 * placeholders. Kept apart from the catalogs so that the import's worker thread can mark texts
 * without loading them; the catalogs' check (apps/web/i18n-check.ts) reads the literal
 * of every `msg` and `t` call in apps/api/src.
 */

export type Values = Record<string, unknown>

export interface Text {
  message: string
  values?: Values
}

/** Marks `message` (an English ICU message literal) for the catalogs, translated later. */
export function msg(message: string, values?: Values): Text {
  return values ? { message, values } : { message }
}

type Compiled = ReturnType<typeof compileMessage>

/** Each message compiled once: the server reads its catalogs' ICU at run time (no build step). */
const compiled = new Map<string, Compiled>()

export function compiledForm(message: string): Compiled {
  let form = compiled.get(message)
  if (form === undefined) {
    form = compileMessage(message)
    compiled.set(message, form)
  }
  return form
}

const isText = (value: unknown): value is Text =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Text>).message === 'string' &&
  Object.keys(value).every((key) => key === 'message' || key === 'values')

/**
 * `text` with its values in `i18n`'s language; `translation` when its catalog has one. A value
 * that is a text itself (a field's problem in '{field}: {problem}') is put in through `inner`,
 * in the same language.
 */
export function format(
  i18n: I18n,
  text: Text,
  translation: string | undefined,
  inner: (text: Text) => string,
): string {
  const form = compiledForm(translation ?? text.message)
  // A text without placeholders compiles to itself; Lingui would warn of it as uncompiled.
  if (typeof form === 'string') return form
  const values =
    text.values &&
    Object.fromEntries(
      Object.entries(text.values).map(([name, value]) => [
        name,
        isText(value) ? inner(value) : value,
      ]),
    )
  return i18n._(text.message, values, { message: form as unknown as string })
}

const englishI18n = setupI18n({ locale: 'en', messages: { en: {} } })

/** `text` in English, the source: for logs, and for whoever has no language of their own. */
export function english(text: Text | string): string {
  return format(
    englishI18n,
    typeof text === 'string' ? { message: text } : text,
    undefined,
    english,
  )
}
