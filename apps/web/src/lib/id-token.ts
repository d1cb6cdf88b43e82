/**
 * The data API's view of authentication: a function that returns the current id token (or
 * null when signed out). The auth feature installs the real provider at start-up.
 */
type IdTokenProvider = (options?: { forceRefresh?: boolean }) => Promise<string | null>

let provider: IdTokenProvider = async () => null

export function setIdTokenProvider(next: IdTokenProvider): void {
  provider = next
}

export function getIdToken(options?: { forceRefresh?: boolean }): Promise<string | null> {
  return provider(options)
}
