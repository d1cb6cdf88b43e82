import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useStableHandler } from './use-stable-handler'

describe('useStableHandler', () => {
  it('keeps one function across drawings that calls the handler of the latest drawing', () => {
    const { result, rerender } = renderHook(({ add }) => useStableHandler((n: number) => n + add), {
      initialProps: { add: 1 },
    })
    const first = result.current
    expect(first(1)).toBe(2)
    rerender({ add: 10 })
    expect(result.current).toBe(first)
    expect(first(1)).toBe(11)
  })
})
