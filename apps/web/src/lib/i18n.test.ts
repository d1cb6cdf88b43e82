import { afterAll, describe, expect, it } from 'vitest'
import { activateLanguage, activeLanguage, t } from './i18n'

async function waitingIn(language: Parameters<typeof activateLanguage>[0], counts: number[]) {
  await activateLanguage(language)
  // A literal, as in the app: the build keys it by its hash (i18n-catalogs.ts).
  return counts.map((count) =>
    t('{count, plural, one {# change waiting to be sent} other {# changes waiting to be sent}}', {
      count,
    }),
  )
}

describe('t', () => {
  afterAll(() => activateLanguage('en'))

  it('keeps the English source exact, with its two forms', async () => {
    expect(await waitingIn('en', [1, 2, 0])).toEqual([
      '1 change waiting to be sent',
      '2 changes waiting to be sent',
      '0 changes waiting to be sent',
    ])
    expect(t('All done!')).toBe('All done!')
    expect(t('Version {version} (build {build})', { version: '1.2', build: '7' })).toBe(
      'Version 1.2 (build 7)',
    )
  })

  it('speaks the active language, switching without a reload, and sets <html lang dir>', async () => {
    await activateLanguage('de')
    expect(activeLanguage()).toBe('de')
    expect(t('All done!')).toBe('Alles erledigt!')
    expect(document.documentElement.lang).toBe('de')
    expect(document.documentElement.dir).toBe('ltr')
    await activateLanguage('ar')
    expect(t('All done!')).toBe('أنجزت كل شيء!')
    expect(document.documentElement.dir).toBe('rtl')
  })

  it('uses each language’s plural forms', async () => {
    expect(await waitingIn('de', [1, 2])).toEqual([
      '1 Änderung wartet auf das Senden',
      '2 Änderungen warten auf das Senden',
    ])
    expect(await waitingIn('fr', [1, 2])).toEqual([
      '1 modification en attente d’envoi',
      '2 modifications en attente d’envoi',
    ])
    expect(await waitingIn('es', [1, 5])).toEqual([
      '1 cambio pendiente de enviar',
      '5 cambios pendientes de enviar',
    ])
    expect(await waitingIn('pt-BR', [1, 3])).toEqual([
      '1 alteração aguardando envio',
      '3 alterações aguardando envio',
    ])
    // Japanese has one form.
    expect(await waitingIn('ja', [1, 2])).toEqual(['1 件の変更が送信待ち', '2 件の変更が送信待ち'])
  })

  it('uses Arabic’s six forms: zero, one, two, few (3-10), many (11-99), other (100)', async () => {
    expect(await waitingIn('ar', [0, 1, 2, 3, 11, 100])).toEqual([
      'لا تغييرات بانتظار الإرسال',
      'تغيير واحد بانتظار الإرسال',
      'تغييران بانتظار الإرسال',
      '3 تغييرات بانتظار الإرسال',
      '11 تغييرًا بانتظار الإرسال',
      '100 تغيير بانتظار الإرسال',
    ])
  })

  it('falls back to English for a text a catalog lacks', async () => {
    await activateLanguage('ja')
    expect(t('Kindling')).toBe('Kindling')
  })
})
