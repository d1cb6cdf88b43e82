import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookInput } from '@kindling/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { queryClient as client } from '../../../lib/query-client'

/** Webhooks (issue 52) live on the server only: read and changed online. */
const keys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
}

/** How often open 'Recent deliveries' are read again: a retry or a first try shows soon. */
const DELIVERIES_REFRESH_MS = 5000

export function useWebhooks() {
  return useQuery(
    { queryKey: keys.all, queryFn: ({ signal }) => apiRequest<Webhook[]>('webhooks', { signal }) },
    client,
  )
}

/** Adds a webhook; the answer holds its signing secret, which nothing else will show again. */
export function useCreateWebhook() {
  return useMutation(
    {
      mutationFn: (input: WebhookInput) =>
        apiRequest<CreatedWebhook>('webhooks', { method: 'POST', body: input }),
      onSuccess: ({ webhook }) => {
        client.setQueryData<Webhook[]>(keys.all, (list) => [webhook, ...(list ?? [])])
      },
    },
    client,
  )
}

export function useDeleteWebhook() {
  return useMutation(
    {
      mutationFn: (id: string) => apiRequest<void>(`webhooks/${id}`, { method: 'DELETE' }),
      onMutate: async (id) => {
        await client.cancelQueries({ queryKey: keys.all })
        const previous = client.getQueryData<Webhook[]>(keys.all)
        client.setQueryData<Webhook[]>(keys.all, (list) => list?.filter((hook) => hook.id !== id))
        return { previous }
      },
      onError: (_error, _id, context) => {
        if (context?.previous) client.setQueryData(keys.all, context.previous)
      },
      onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
    },
    client,
  )
}

/**
 * Turns on a webhook the server turned off after failing for a day: the server's answer (the
 * webhook with no failures) takes its place in the list.
 */
export function useEnableWebhook() {
  return useMutation(
    {
      mutationFn: (id: string) => apiRequest<Webhook>(`webhooks/${id}/enable`, { method: 'POST' }),
      onSuccess: (enabled) => {
        client.setQueryData<Webhook[]>(keys.all, (list) =>
          list?.map((hook) => (hook.id === enabled.id ? enabled : hook)),
        )
      },
    },
    client,
  )
}

/** A webhook's recent deliveries, read again every few seconds while shown. */
export function useWebhookDeliveries(id: string) {
  return useQuery(
    {
      queryKey: keys.deliveries(id),
      queryFn: ({ signal }) =>
        apiRequest<WebhookDelivery[]>(`webhooks/${id}/deliveries`, { signal }),
      refetchInterval: DELIVERIES_REFRESH_MS,
    },
    client,
  )
}
