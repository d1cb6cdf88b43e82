import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client'
import { shouldRetryQuery } from './query-client'

describe('shouldRetryQuery', () => {
  it('never retries a 4xx', () => {
    expect(shouldRetryQuery(0, new ApiError(404, 'not-found', 'Not found'))).toBe(false)
    expect(shouldRetryQuery(0, new ApiError(401, 'unauthorized', 'No'))).toBe(false)
  })

  it('retries network and server errors twice', () => {
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(shouldRetryQuery(1, new ApiError(503, 'unavailable', 'Later'))).toBe(true)
    expect(shouldRetryQuery(2, new ApiError(503, 'unavailable', 'Later'))).toBe(false)
  })
})
