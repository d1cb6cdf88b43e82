import type { InstanceInfo, InvitationCheck } from '@kindling/core'
import { getApiBaseUrl } from '../../../lib/api-client'

/*
 * What the sign-in and create-account pages ask the server before they draw their forms
 * (issue 53): who may sign up, how accounts sign in, and what an invitation link is worth.
 * Public reads, no session needed.
 */

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${getApiBaseUrl()}/api/${path}`, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(30_000),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as T
}

/** The server's public facts. */
export function getInstanceInfo(): Promise<InstanceInfo> {
  return getJson<InstanceInfo>('instance')
}

export function checkInvitation(token: string): Promise<InvitationCheck> {
  return getJson<InvitationCheck>(`invitations/${encodeURIComponent(token)}`)
}
