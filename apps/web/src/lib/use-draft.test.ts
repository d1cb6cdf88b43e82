import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDraft } from './use-draft'

describe('useDraft', () => {
  it('keeps what the user typed until the stored value changes, then follows it', () => {
    const { result, rerender } = renderHook(({ stored }) => useDraft(stored), {
      initialProps: { stored: 'Run' },
    })
    act(() => result.current[1]('Running'))
    rerender({ stored: 'Run' })
    expect(result.current[0]).toBe('Running')
    rerender({ stored: 'Jog' })
    expect(result.current[0]).toBe('Jog')
  })

  it('compares objects with the given equality, so a refetched equal copy keeps the draft', () => {
    const same = (a: { days: number[] }, b: { days: number[] }) =>
      JSON.stringify(a) === JSON.stringify(b)
    const { result, rerender } = renderHook(({ stored }) => useDraft(stored, same), {
      initialProps: { stored: { days: [1] } },
    })
    act(() => result.current[1]({ days: [1, 3] }))
    rerender({ stored: { days: [1] } })
    expect(result.current[0]).toEqual({ days: [1, 3] })
    rerender({ stored: { days: [5] } })
    expect(result.current[0]).toEqual({ days: [5] })
  })
})
