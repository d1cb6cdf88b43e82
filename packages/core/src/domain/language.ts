/*
 * The languages Kindling speaks, kept apart from their zod schema (schemas/language.ts) so that
 * the app's first screen reads them without zod.
 */

/** The languages Kindling speaks (issue 54); English is the source of every text. */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja', 'ar'] as const

// The same type as the schema's (schemas/language.ts), which the package exports.
type Language = (typeof LANGUAGES)[number]

/** Each language named in itself, as the language picker lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
}

/** Whether text in `language` runs right to left (Arabic). */
export function isRightToLeft(language: Language): boolean {
  return language === 'ar'
}

/**
 * The language for a device's preferred tags (`navigator.languages`, the native shell's), best
 * first: the first tag whose language Kindling speaks. Any Portuguese reads Brazilian Portuguese
 * (the one Portuguese there is); no match, or no tags, is English.
 */
export function languageForDevice(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase()
    if (primary === 'pt') return 'pt-BR'
    const found = LANGUAGES.find((language) => language === primary)
    if (found) return found
  }
  return 'en'
}
