import { isRightToLeft, type Language, languageForDevice } from '@kindling/core'
import { useSyncExternalStore } from 'react'
import { getLingui } from './lingui'
import { readStoredString, writeStoredString } from './stored-string'

/*
 * The app's texts through Lingui's runtime (decision 160). English is the source: a text's
 * English ICU message is its key, and English needs no catalog. Every other language's catalog
 * (src/locales/<tag>.json, compiled by the build: i18n-catalogs.ts) loads when chosen, with
 * Lingui's runtime; in English the runtime comes with the first module holding a message with
 * placeholders (the build adds the import), not with the first screen's script (decision 163).
 */

/** A message marked for translation but translated later (`msg`), e.g. a route's title. */
export type MessageKey = string & { readonly __message: true }

/**
 * What the build makes of a message literal with placeholders: its key (a short hash of the
 * English message, as in the compiled catalogs) and compiled form.
 */
interface CompiledMessage {
  id: string
  c: unknown
}

type Values = Record<string, unknown>

/** The active language, and who draws again when it changes. */
let active: Language = 'en'
const listeners = new Set<() => void>()

/**
 * Marks `message` (an English ICU message literal) for the catalogs without translating it yet:
 * for texts defined outside a component, translated where they are drawn (`t`).
 */
export function msg(message: string): MessageKey {
  return message as MessageKey
}

/**
 * `message` (an English ICU message: `{name}`, `{count, plural, one {# event} other {# events}}`)
 * in the active language with `values`; English when the catalog has no such text.
 */
export function t(message: string | MessageKey, values?: Values): string {
  const given = message as string | CompiledMessage
  const id = typeof given === 'string' ? given : given.id
  const lingui = getLingui()
  if (lingui && Object.hasOwn(lingui.messages, id)) return lingui._(id, values)
  if (typeof given !== 'string') {
    // The module holding a compiled message imported the runtime (i18n-catalogs.ts).
    if (!lingui) throw new Error(`Lingui's runtime is not loaded for the message ${id}`)
    return lingui._(id, values, { message: given.c as string })
  }
  // The build compiled every literal with placeholders; one without any is its own text.
  // During development and tests Lingui compiles it here.
  return import.meta.env.PROD || !lingui ? given : lingui._(id, values, { message: given })
}

/** Lingui's runtime, which a catalog needs (English without one goes without). */
const loadLingui = () => import('./i18n-runtime')

type Catalog = Record<string, unknown>

/** Each language's catalog, fetched when that language is chosen (only the active one loads). */
const catalogs: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalog }>> = {
  de: () => import('../locales/de.json'),
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
  'pt-BR': () => import('../locales/pt-BR.json'),
  ja: () => import('../locales/ja.json'),
  ar: () => import('../locales/ar.json'),
}

const STORAGE_KEY = 'kindling.language'

/** The language chosen on this device (/me, or the account's), else the device's own. */
export function initialLanguage(): Language {
  const stored = readStoredString(STORAGE_KEY)
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return languageForDevice(stored ? [stored] : tags)
}

let pending: Language | undefined

/**
 * Shows the app in `language` without reloading: its catalog is fetched first, then every text
 * drawn with `useT` draws again; `<html lang dir>` follow. The last call wins.
 */
export async function activateLanguage(language: Language): Promise<void> {
  pending = language
  // The catalog and the runtime fetched side by side, beside the app's stylesheet at a start.
  const [messages] =
    language === 'en'
      ? [{}]
      : await Promise.all([catalogs[language]().then((module) => module.default), loadLingui()])
  if (pending !== language) return
  getLingui()?.loadAndActivate({ locale: language, messages: messages as Record<string, never> })
  active = language
  for (const listener of listeners) listener()
  document.documentElement.lang = language
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr'
}

/** Whether this device has a language of its own (chosen on /me), over the account's. */
export function hasChosenLanguage(): boolean {
  return readStoredString(STORAGE_KEY) !== null
}

/** Remembers `language` on this device and shows the app in it. */
export function chooseLanguage(language: Language): Promise<void> {
  writeStoredString(STORAGE_KEY, language)
  return activateLanguage(language)
}

/** The active language. */
export function activeLanguage(): Language {
  return active
}

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

/** The active language; the component draws again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage)
}

/** `t`, for a component that draws again when the language changes. */
export function useT(): typeof t {
  useLanguage()
  return t
}
