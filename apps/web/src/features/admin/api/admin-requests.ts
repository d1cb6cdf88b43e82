import type {
  AdminUser,
  AdminUserList,
  CreatedInvitation,
  InstanceFacts,
  Invitation,
  InvitationInput,
  SignUpPolicy,
} from '@kindling/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { queryClient as client } from '../../../lib/query-client'

/*
 * The admin's requests (issue 53): online only, like every server-side setting.
 */

const keys = {
  users: ['admin', 'users'] as const,
  facts: ['admin', 'instance'] as const,
  invitations: ['admin', 'invitations'] as const,
}

export function useAdminUsers() {
  return useQuery(
    {
      queryKey: keys.users,
      queryFn: async ({ signal }) =>
        (await apiRequest<AdminUserList>('admin/users', { signal })).users,
    },
    client,
  )
}

export function useInstanceFacts() {
  return useQuery(
    {
      queryKey: keys.facts,
      queryFn: ({ signal }) => apiRequest<InstanceFacts>('admin/instance', { signal }),
    },
    client,
  )
}

export function useInvitations() {
  return useQuery(
    {
      queryKey: keys.invitations,
      queryFn: async ({ signal }) =>
        (await apiRequest<{ invitations: Invitation[] }>('admin/invitations', { signal }))
          .invitations,
    },
    client,
  )
}

export type AccountAction = 'disable' | 'enable' | 'password-reset' | 'delete'

/** Acts on an account; the list is read again afterwards. */
export function useAccountAction() {
  return useMutation(
    {
      mutationFn: async ({ id, action }: { id: string; action: AccountAction }) => {
        if (action === 'delete') {
          await apiRequest<void>(`admin/users/${id}`, { method: 'DELETE' })
        } else {
          await apiRequest<AdminUser | { sent: true }>(`admin/users/${id}/${action}`, {
            method: 'POST',
          })
        }
      },
      onSettled: () => Promise.all([client.invalidateQueries({ queryKey: keys.users })]),
    },
    client,
  )
}

export function useSetSignUpPolicy() {
  return useMutation(
    {
      mutationFn: (policy: SignUpPolicy) =>
        apiRequest<InstanceFacts>('admin/sign-up-policy', { method: 'PUT', body: { policy } }),
      onSuccess: (facts) => client.setQueryData(keys.facts, facts),
    },
    client,
  )
}

export function sendTestEmail(): Promise<{ to: string; kind: 'smtp' | 'outbox' }> {
  return apiRequest('admin/test-email', { method: 'POST', body: {} })
}

export function useCreateInvitation() {
  return useMutation(
    {
      mutationFn: (input: InvitationInput) =>
        apiRequest<CreatedInvitation>('admin/invitations', { method: 'POST', body: input }),
      onSettled: () => client.invalidateQueries({ queryKey: keys.invitations }),
    },
    client,
  )
}

export function useRevokeInvitation() {
  return useMutation(
    {
      mutationFn: (id: string) => apiRequest<void>(`admin/invitations/${id}`, { method: 'DELETE' }),
      onSettled: () => client.invalidateQueries({ queryKey: keys.invitations }),
    },
    client,
  )
}
