import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../lib/api-client'

const MAX_RETRIES = 2

/** A 4xx will not change by asking again; network and server errors might. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < MAX_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  })
}
