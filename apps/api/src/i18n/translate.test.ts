import { describe, expect, it } from 'vitest'
import { english, msg } from './message'
import { languageOfHeader, translate } from './translate'

const tokens = (max: number) =>
  msg(
    '{max, plural, one {You have # token: revoke it first.} other {You have # tokens: revoke one first.}}',
    { max },
  )

describe('translate', () => {
  it('keeps the English source exact, with its forms', () => {
    expect([1, 2].map((max) => english(tokens(max)))).toEqual([
      'You have 1 token: revoke it first.',
      'You have 2 tokens: revoke one first.',
    ])
    expect(translate('en', msg('Not signed in.'))).toBe('Not signed in.')
  })

  it('uses each language’s plural forms: Arabic’s six', () => {
    expect([0, 1, 2, 3, 11, 100].map((max) => translate('ar', tokens(max)))).toEqual([
      'ليس لديك أي رمز.',
      'لديك رمز واحد: ألغِه أولًا.',
      'لديك رمزان: ألغِ أحدهما أولًا.',
      'لديك 3 رموز: ألغِ أحدها أولًا.',
      'لديك 11 رمزًا: ألغِ أحدها أولًا.',
      'لديك 100 رمز: ألغِ أحدها أولًا.',
    ])
    expect([1, 5].map((max) => translate('de', tokens(max)))).toEqual([
      'Du hast 1 Token: Widerrufe es zuerst.',
      'Du hast 5 Tokens: Widerrufe zuerst eines.',
    ])
    // French counts 0 and 1 as one; Japanese has a single form.
    expect(translate('fr', tokens(0))).toBe('Vous avez 0 jeton : révoquez-le d’abord.')
    expect([1, 2].map((max) => translate('ja', tokens(max)))).toEqual([
      'トークンがすでに 1 個あります。先にどれかを取り消してください。',
      'トークンがすでに 2 個あります。先にどれかを取り消してください。',
    ])
  })

  it('puts a text given as a value in the same language', () => {
    const problem = msg('{field}: {problem}', {
      field: 'activityId',
      problem: msg('Not an activity of yours.'),
    })
    expect(translate('es', problem)).toBe('activityId: No es uno de tus hábitos.')
    expect(english(problem)).toBe('activityId: Not an activity of yours.')
  })

  it('reads in English what a catalog lacks', () => {
    expect(translate('pt-BR', 'A message no catalog has.')).toBe('A message no catalog has.')
  })
})

describe('languageOfHeader', () => {
  it('takes the best-rated language Kindling speaks', () => {
    expect(languageOfHeader('nl-NL, de;q=0.5, fr;q=0.8')).toBe('fr')
    expect(languageOfHeader('pt-PT')).toBe('pt-BR')
    expect(languageOfHeader('ja;q=0, es')).toBe('es')
    expect(languageOfHeader('*')).toBe('en')
    expect(languageOfHeader(undefined)).toBe('en')
  })
})
