import { describe, expect, it } from 'vitest'
import { pickTextColor } from './activity-badge'

describe('pickTextColor', () => {
  it('writes black on light colours and white on dark ones', () => {
    expect(pickTextColor('#ffffff')).toBe('#000')
    expect(pickTextColor('#f4e04d')).toBe('#000')
    expect(pickTextColor('#000000')).toBe('#fff')
    expect(pickTextColor('#1a237e')).toBe('#fff')
  })

  it('takes the better contrast near the middle (WCAG luminance, not the average of channels)', () => {
    // Pure green is light to the eye, pure blue dark, at the same channel sum.
    expect(pickTextColor('#00ff00')).toBe('#000')
    expect(pickTextColor('#0000ff')).toBe('#fff')
    expect(pickTextColor('#777777')).toBe('#000')
  })

  it('falls back to white for what is not a #rrggbb colour', () => {
    expect(pickTextColor('teal')).toBe('var(--mantine-color-white)')
  })
})
