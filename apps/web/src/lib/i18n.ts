import { isRightToLeft, type Language, languageForDevice } from '@kindling/core'
import { i18n } from '@lingui/core'
import { useSyncExternalStore } from 'react'
import { readStoredString, writeStoredString } from './stored-string'

/*
 * The app's texts through Lingui's runtime (decision 160). English is the source: a text's
 * English ICU message is its key, and English needs no catalog. Every other language's catalog
 * (src/locales/<tag>.json, compiled by the build: i18n-catalogs.ts) loads when chosen.
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

i18n.loadAndActivate({ locale: 'en', messages: {} })

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
  if (Object.hasOwn(i18n.messages, id)) return i18n._(id, values)
  if (typeof given !== 'string') return i18n._(id, values, { message: given.c as string })
  // The build compiled every literal with placeholders; one without any is its own text.
  // During development and tests Lingui compiles it here.
  return import.meta.env.PROD ? given : i18n._(id, values, { message: given })
}

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
  const messages = language === 'en' ? {} : (await catalogs[language]()).default
  if (pending !== language) return
  i18n.loadAndActivate({ locale: language, messages: messages as Record<string, never> })
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
  return (i18n.locale || 'en') as Language
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange)

/** The active language; the component draws again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, activeLanguage, activeLanguage)
}

/** `t`, for a component that draws again when the language changes. */
export function useT(): typeof t {
  useLanguage()
  return t
}
