import { describe, expect, it, vi } from 'vitest'
import { startLoadAhead, whenLoadsAheadSettled } from './loads-ahead'

describe('loads ahead', () => {
  it('calls at once when none is under way', () => {
    const callback = vi.fn()
    whenLoadsAheadSettled(callback)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('calls once the last load under way has settled, a settle told twice counting once', () => {
    const first = startLoadAhead()
    const second = startLoadAhead()
    const callback = vi.fn()
    whenLoadsAheadSettled(callback)
    first()
    first()
    expect(callback).not.toHaveBeenCalled()
    second()
    expect(callback).toHaveBeenCalledTimes(1)
    // A later load calls nothing that was already called.
    startLoadAhead()()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('calls nothing once cancelled', () => {
    const settle = startLoadAhead()
    const callback = vi.fn()
    whenLoadsAheadSettled(callback)()
    settle()
    expect(callback).not.toHaveBeenCalled()
  })
})
