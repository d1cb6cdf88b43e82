import { describe, expect, it } from 'vitest'
import { describeRelativeTime } from './relative-time'

const NOW = '2026-03-10T12:00:00.000Z'

describe('describeRelativeTime', () => {
  it('says it as core does in English', () => {
    expect(describeRelativeTime('2026-03-10T09:00:00.000Z', NOW, 'en')).toBe('3 hours ago')
    expect(describeRelativeTime(NOW, NOW, 'en')).toBe('just now')
  })

  it('says it in the user’s language, past and future', () => {
    expect(describeRelativeTime('2026-03-10T09:00:00.000Z', NOW, 'de')).toBe('vor 3 Stunden')
    expect(describeRelativeTime('2026-03-10T12:10:00.000Z', NOW, 'fr')).toBe('dans 10 minutes')
    expect(describeRelativeTime('2026-03-08T12:00:00.000Z', NOW, 'es')).toBe('anteayer')
    expect(describeRelativeTime(NOW, NOW, 'ja')).toBe('今')
    expect(describeRelativeTime('2026-03-10T11:59:50.000Z', NOW, 'pt-BR')).toBe('há 10 segundos')
  })
})
