import { describe, expect, it } from 'vitest'
import { sameMonthIn } from './decade-grid'

describe('sameMonthIn', () => {
  it('shows the month of the day shown in the year picked, from its first day', () => {
    expect(sameMonthIn('2026-11-28', 2031)).toBe('2031-11-01')
  })

  it('keeps February when the day shown is 29 February and the year picked has none', () => {
    expect(sameMonthIn('2024-02-29', 2027)).toBe('2027-02-01')
  })

  it('writes a year below 1000 with four digits', () => {
    expect(sameMonthIn('2026-05-14', 999)).toBe('0999-05-01')
  })
})
