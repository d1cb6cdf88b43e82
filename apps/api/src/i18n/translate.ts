import { type Language, languageForDevice } from '@kindling/core'
import { type I18n, setupI18n } from '@lingui/core'
import ar from '../locales/ar.json'
import de from '../locales/de.json'
import es from '../locales/es.json'
import fr from '../locales/fr.json'
import ja from '../locales/ja.json'
import ptBR from '../locales/pt-BR.json'
import { english, format, type Text, type Values } from './message'

/*
 * The server's texts in a person's language (decision 161): e-mails and pushes in the account's
 * language, error messages in the request's (Accept-Language). English is the source and needs
 * no catalog; a message a catalog lacks reads in English.
 */

type Catalog = Record<string, string>

const catalogs: Record<Exclude<Language, 'en'>, Catalog> = {
  de,
  es,
  fr,
  'pt-BR': ptBR,
  ja,
  ar,
}

/** One Lingui instance per language, each with its own plural rules (Arabic has six forms). */
const instances = new Map<Language, I18n>()

function i18nOf(language: Language): I18n {
  let i18n = instances.get(language)
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: {} } })
    instances.set(language, i18n)
  }
  return i18n
}

/** `text` in `language`: its catalog's translation with the values put in, else English. */
export function translate(language: Language, text: Text | string): string {
  const given = typeof text === 'string' ? { message: text } : text
  if (language === 'en') return english(given)
  const catalog = catalogs[language]
  const translation = Object.hasOwn(catalog, given.message) ? catalog[given.message] : undefined
  return format(i18nOf(language), given, translation, (inner) => translate(language, inner))
}

/** The catalogs' own marker for a text translated at once (`t` with a literal), in `language`. */
export type Translator = (message: string, values?: Values) => string

export function translator(language: Language): Translator {
  return (message, values) => translate(language, values ? { message, values } : { message })
}

/**
 * The language an Accept-Language header asks for (`de-CH, fr;q=0.8, *;q=0.1`): its tags by
 * quality, best first, through core's languageForDevice, so the server picks as a device does.
 * No header, or none Kindling speaks, is English.
 */
export function languageOfHeader(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const tags = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag)
  return languageForDevice(tags)
}
