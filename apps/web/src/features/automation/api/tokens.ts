import type { ApiToken, ApiTokenInput, CreatedApiToken } from '@kindling/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { queryClient as client } from '../../../lib/query-client'

/**
 * Personal API tokens (issue 52) live on the server only, like reminders: read and changed
 * online, never part of the device's copy.
 */
const key = ['api-tokens'] as const

export function useApiTokens() {
  return useQuery(
    { queryKey: key, queryFn: ({ signal }) => apiRequest<ApiToken[]>('tokens', { signal }) },
    client,
  )
}

/** Creates a token; the answer holds its secret, which nothing else will show again. */
export function useCreateApiToken() {
  return useMutation(
    {
      mutationFn: (input: ApiTokenInput) =>
        apiRequest<CreatedApiToken>('tokens', { method: 'POST', body: input }),
      onSuccess: ({ token }) => {
        client.setQueryData<ApiToken[]>(key, (list) => [token, ...(list ?? [])])
      },
    },
    client,
  )
}

/** Revokes a token: gone from the list at once, back if the server did not take it. */
export function useRevokeApiToken() {
  return useMutation(
    {
      mutationFn: (id: string) => apiRequest<void>(`tokens/${id}`, { method: 'DELETE' }),
      onMutate: async (id) => {
        await client.cancelQueries({ queryKey: key })
        const previous = client.getQueryData<ApiToken[]>(key)
        client.setQueryData<ApiToken[]>(key, (list) => list?.filter((token) => token.id !== id))
        return { previous }
      },
      onError: (_error, _id, context) => {
        if (context?.previous) client.setQueryData(key, context.previous)
      },
      onSettled: () => client.invalidateQueries({ queryKey: key }),
    },
    client,
  )
}
