import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { getAuthState, subscribeAuthState } from './auth-state'

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

/**
 * The cache of the reads outside the device's copy (reminders, settings, old history). The hooks
 * are handed it instead of finding it in a provider, so TanStack Query loads with the screens
 * that read that way, not with the first screen (issue 19, decision 102).
 */
export const queryClient = createQueryClient()
// What QueryClientProvider would do: refetch on focus and on reconnect.
queryClient.mount()
// One user's cached records must never show for the next one.
subscribeAuthState(() => {
  if (!getAuthState().user) queryClient.clear()
})
