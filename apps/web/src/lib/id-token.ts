/**
 * The data API's view of authentication: a function that returns the current id token (or
 * null when signed out). The auth feature installs the real provider at start-up.
 */
export interface IdTokenOptions {
  /** The token the server refused (401): a fresh one is fetched, once for all such requests. */
  refused?: string | null
}

type IdTokenProvider = (options?: IdTokenOptions) => Promise<string | null>

let provider: IdTokenProvider = async () => null

export function setIdTokenProvider(next: IdTokenProvider): void {
  provider = next
}

export function getIdToken(options?: IdTokenOptions): Promise<string | null> {
  return provider(options)
}
