import { describe, expect, it, vi } from 'vitest'
import { compareCodeUnits, compareNames } from './order'

describe('compareCodeUnits', () => {
  it('orders instants and days by time', () => {
    const instants = [
      '2026-11-27T10:00:00.000Z',
      '2025-01-31T23:59:59.999Z',
      '2026-11-27T09:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
    ]
    expect([...instants].sort(compareCodeUnits)).toEqual([
      '2025-01-31T23:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
      '2026-11-27T09:59:59.999Z',
      '2026-11-27T10:00:00.000Z',
    ])
  })

  it('orders ids as the database does, digits and dashes before letters', () => {
    expect(['b-1', 'a-2', '9-z', 'a-10'].sort(compareCodeUnits)).toEqual([
      '9-z',
      'a-10',
      'a-2',
      'b-1',
    ])
    expect(compareCodeUnits('x', 'x')).toBe(0)
  })
})

describe('compareNames', () => {
  it('orders names as people read them, whatever their case and accents', () => {
    expect(['éclair', 'Banana', 'apple', 'Zebra', 'eggs'].sort(compareNames)).toEqual([
      'apple',
      'Banana',
      'éclair',
      'eggs',
      'Zebra',
    ])
  })

  it('loads no collation until two names are compared', async () => {
    const Collator = Intl.Collator
    let made = 0
    Intl.Collator = new Proxy(Collator, {
      construct(target, args: ConstructorParameters<typeof Intl.Collator>) {
        made += 1
        return new target(...args)
      },
    })
    try {
      vi.resetModules()
      const fresh = await import('./order')
      expect(made).toBe(0)
      expect(fresh.compareNames('b', 'a')).toBeGreaterThan(0)
      expect(fresh.compareNames('a', 'c')).toBeLessThan(0)
      expect(made).toBe(1)
    } finally {
      Intl.Collator = Collator
    }
  })
})
