import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '../../../lib/i18n'
import { formatNumber, formatPercent, formatPeriod, weekdayName } from './format'

afterEach(() => activateLanguage('en'))

describe('stats formatting', () => {
  it('rounds shares to whole percentages', () => {
    expect(formatPercent(0)).toBe('0%')
    expect(formatPercent(0.734)).toBe('73%')
    expect(formatPercent(0.995)).toBe('100%')
  })

  it('groups thousands and keeps at most two decimals', () => {
    expect(formatNumber(9179392)).toBe('9,179,392')
    expect(formatNumber(527.3456)).toBe('527.35')
  })

  it('labels periods by their start (YYYY-MM-DD), month or year', () => {
    expect(formatPeriod('week', '2026-03-09')).toBe('2026-03-09')
    expect(formatPeriod('month', '2026-03-01')).toBe('2026-03')
    expect(formatPeriod('year', '2026-01-01')).toBe('2026')
  })

  it('names weekdays by getDay() number', () => {
    expect(weekdayName(0)).toBe('Sunday')
    expect(weekdayName(1)).toBe('Monday')
    expect(weekdayName(7)).toBe('')
  })

  it('says them as the active language does', async () => {
    await activateLanguage('de')
    expect(formatNumber(9179392.5)).toBe('9.179.392,5')
    expect(formatPercent(0.734)).toBe('73\u00a0%')
    expect(formatPeriod('week', '2026-03-09')).toBe('09.03.2026')
    expect(weekdayName(1)).toBe('Montag')
  })
})
