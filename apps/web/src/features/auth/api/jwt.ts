/** The claims of a JWT, decoded only (the server verifies it), or null when unreadable. */
function readJwtClaims(token: string | null): Record<string, unknown> | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')
    const claims = JSON.parse(atob(padded)) as unknown
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * The expiry of a JWT in epoch milliseconds, or null when the token has no readable `exp`.
 * Only decodes: the server verifies the signature, the client merely schedules its refresh.
 */
export function getJwtExpiry(token: string): number | null {
  const exp = readJwtClaims(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : null
}

/**
 * Whether the id token says its user administers the server (issue 53): only to show the
 * admin's menu entry; the server checks every admin request itself.
 */
export function getJwtAdminClaim(token: string | null): boolean {
  return readJwtClaims(token)?.admin === true
}
