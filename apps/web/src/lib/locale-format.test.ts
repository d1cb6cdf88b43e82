import type { Attribute } from '@kindling/core'
import { afterEach, describe, expect, it } from 'vitest'
import { attributeValueText, describeValues } from './attribute-text'
import { translateFieldError } from './field-messages'
import { activateLanguage } from './i18n'
import { formatDay, formatNumber, formatTime, weekdayName } from './locale-format'
import { formatRelative } from './relative-time'

const now = '2026-11-25T12:00:00.000Z'
const minutes = (count: number) => new Date(Date.parse(now) - count * 60_000).toISOString()

const duration = {
  id: '00000000-0000-4000-8000-000000000001',
  activityId: '00000000-0000-4000-8000-000000000002',
  name: '',
  description: '',
  required: false,
  type: 'duration',
  unit: 'minutes',
} as unknown as Attribute

afterEach(() => activateLanguage('en'))

describe('locale formatting', () => {
  it('keeps SPEC’s English forms exactly', () => {
    expect(formatDay('2026-11-25')).toBe('2026-11-25')
    expect(formatRelative(minutes(5), now)).toBe('5 minutes ago')
    expect(formatRelative(minutes(-60 * 24), now)).toBe('a day away')
    expect(formatTime('2026-11-25T08:05:00Z', 'UTC')).toBe('08:05')
    expect(attributeValueText(duration, 25)).toBe('25 minutes')
    expect(translateFieldError('Name must be 20 characters or less.')).toBe(
      'Name must be 20 characters or less.',
    )
    expect(weekdayName(1)).toBe('Monday')
  })

  it('says days, numbers, times and relative times as German does', async () => {
    await activateLanguage('de')
    expect(formatDay('2026-11-25')).toBe('25.11.2026')
    expect(formatNumber(1234.5)).toBe('1.234,5')
    expect(formatRelative(minutes(5), now)).toBe('vor 5 Minuten')
    expect(formatRelative(minutes(-60 * 24 * 2), now)).toBe('in 2 Tagen')
    expect(formatRelative(now, now)).toBe('gerade eben')
    expect(formatTime('2026-11-25T08:05:00Z', 'UTC')).toBe('08:05')
    expect(weekdayName(1)).toBe('Montag')
  })

  it('says relative times in each language, past and future', async () => {
    await activateLanguage('de')
    expect(formatRelative(minutes(180), now)).toBe('vor 3 Stunden')
    await activateLanguage('fr')
    expect(formatRelative(minutes(-10), now)).toBe('dans 10 minutes')
    await activateLanguage('es')
    expect(formatRelative(minutes(60 * 24 * 2), now)).toBe('hace 2 días')
    await activateLanguage('ja')
    expect(formatRelative(now, now)).toBe('たった今')
    await activateLanguage('pt-BR')
    expect(formatRelative(minutes(60 * 24 * 365 * 2), now)).toBe('há 2 anos')
  })

  it('words core’s field errors and values in the language, with its plurals', async () => {
    await activateLanguage('fr')
    expect(translateFieldError('Name must be 20 characters or less.')).toBe(
      'Le nom doit faire 20 caractères au plus.',
    )
    expect(translateFieldError('Something new.')).toBe('Something new.')
    // The device's own check of a habit deleted meanwhile, as the server says it.
    expect(translateFieldError('Not activities of yours: a1, b2')).toBe(
      'Ce ne sont pas vos habitudes : a1, b2',
    )
    expect(attributeValueText(duration, 1)).toBe('1 minute')
    expect(attributeValueText(duration, 25)).toBe('25 minutes')
    await activateLanguage('ar')
    expect(attributeValueText(duration, 2)).toBe('دقيقتان')
    expect(attributeValueText(duration, 1)).toBe('دقيقة واحدة')
    await activateLanguage('de')
    expect(describeValues([duration], { [duration.id]: 30 })).toBe('30 Minuten')
  })
})
