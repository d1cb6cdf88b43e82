/**
 * The expiry of a JWT in epoch milliseconds, or null when the token has no readable `exp`.
 * Only decodes: the server verifies the signature, the client merely schedules its refresh.
 */
export function getJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')
    const claims = JSON.parse(atob(padded)) as { exp?: unknown }
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null
  } catch {
    return null
  }
}

/**
 * Whether the id token says its user administers the server (issue 53): only to show the
 * admin's menu entry; the server checks every admin request itself.
 */
export function getJwtAdminClaim(token: string | null): boolean {
  const payload = token?.split('.')[1]
  if (!payload) return false
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')
    return (JSON.parse(atob(padded)) as { admin?: unknown }).admin === true
  } catch {
    return false
  }
}
