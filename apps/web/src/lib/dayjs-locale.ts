import type { Language } from '@kindling/core'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { useLanguage } from './i18n'
import { formatNumber } from './locale-format'

/*
 * Mantine's date components name months and weekdays through dayjs, in the locale DatesProvider
 * gives them (the active language). dayjs knows only English until a locale is loaded: each is
 * fetched with the first calendar drawn in its language (issue 54).
 */

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  'pt-BR': () => import('dayjs/locale/pt-br'),
  ja: () => import('dayjs/locale/ja'),
  ar: () => import('dayjs/locale/ar'),
}

const loaded = new Set<Language>(['en'])

/** dayjs's name of `language`'s locale. */
function dayjsName(language: Language): string {
  return language.toLowerCase()
}

async function load(language: Language): Promise<void> {
  if (language === 'en') return
  await LOADERS[language]()
  if (language === 'ar') {
    // dayjs's Arabic writes every digit in Arabic-Indic; the rest of the app writes them as Intl
    // does for 'ar', so a calendar's year reads like the numbers beside it.
    const locale = dayjs.Ls.ar as { postformat?: (text: string) => string } | undefined
    if (locale) {
      locale.postformat = (text) => text.replace(/\d/g, (digit) => formatNumber(Number(digit)))
    }
  }
  loaded.add(language)
}

/**
 * Whether dayjs speaks the active language yet; a component drawing Mantine's dates calls it,
 * and draws again once the language's locale has loaded.
 */
export function useDayjsLocale(): boolean {
  const language = useLanguage()
  const [, setReady] = useState<Language | null>(null)
  useEffect(() => {
    if (loaded.has(language)) return
    let current = true
    load(language)
      .then(() => {
        if (current) setReady(language)
      })
      .catch((error: unknown) => console.error(error))
    return () => {
      current = false
    }
  }, [language])
  return loaded.has(language) && dayjs.Ls[dayjsName(language)] !== undefined
}
