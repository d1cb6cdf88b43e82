import { describe, expect, it } from 'vitest'
import { Language } from '../schemas/language'
import { isRightToLeft, LANGUAGE_NAMES, LANGUAGES, languageForDevice } from './language'

describe('languageForDevice', () => {
  it('takes the first preferred tag Kindling speaks', () => {
    expect(languageForDevice(['de-DE', 'en-US'])).toBe('de')
    expect(languageForDevice(['nl-NL', 'fr-CA', 'en'])).toBe('fr')
    expect(languageForDevice(['ja'])).toBe('ja')
    expect(languageForDevice(['ar-EG'])).toBe('ar')
    expect(languageForDevice(['es_MX'])).toBe('es')
  })

  it('reads any Portuguese as Brazilian Portuguese', () => {
    expect(languageForDevice(['pt-PT'])).toBe('pt-BR')
    expect(languageForDevice(['pt'])).toBe('pt-BR')
  })

  it('falls back to English', () => {
    expect(languageForDevice([])).toBe('en')
    expect(languageForDevice(['nl', 'sv-SE'])).toBe('en')
  })
})

describe('Language', () => {
  it('accepts the seven languages and refuses others', () => {
    for (const language of LANGUAGES) expect(Language.parse(language)).toBe(language)
    expect(Language.safeParse('pt').success).toBe(false)
    expect(Language.safeParse('EN').success).toBe(false)
  })

  it('names each language in itself; only Arabic runs right to left', () => {
    expect(LANGUAGE_NAMES.de).toBe('Deutsch')
    expect(LANGUAGE_NAMES['pt-BR']).toBe('Português (Brasil)')
    expect(LANGUAGES.filter(isRightToLeft)).toEqual(['ar'])
  })
})
