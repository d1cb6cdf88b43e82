/**
 * The server a native app talks to (issue 53): what a person types in 'Server address', and
 * whether the Kindling that answers there speaks a version of the API this app understands.
 * Pure: no network, no clock.
 */

/** The version of the HTTP API a server speaks; raised when a change breaks older apps. */
export const KINDLING_API_VERSION = 1

/** The API versions this build of the app understands, both ends included. */
export const SUPPORTED_API_VERSIONS = { min: 1, max: 1 } as const

export type ServerAddressProblem = 'empty' | 'not-a-url' | 'not-https'

export type ParsedServerAddress =
  | { ok: true; url: string; host: string }
  | { ok: false; problem: ServerAddressProblem }

/**
 * Reads a typed server address: surrounding spaces go, a bare host name gets `https://`, and
 * the query, fragment and trailing slashes are dropped (a path stays: a server may live under
 * one behind a proxy). Only https is accepted: iOS and Android's shells refuse plain http to
 * anything but the device itself.
 */
export function parseServerAddress(input: string): ParsedServerAddress {
  const typed = input.trim()
  if (!typed) return { ok: false, problem: 'empty' }
  // Browsers' URL parsers take "exa mple" as a host (percent-encoded); no server has one.
  if (/\s/.test(typed)) return { ok: false, problem: 'not-a-url' }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return { ok: false, problem: 'not-a-url' }
  }
  if (url.protocol === 'http:') return { ok: false, problem: 'not-https' }
  const validHost = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname)
  if (url.protocol !== 'https:' || !validHost || url.username || url.password) {
    return { ok: false, problem: 'not-a-url' }
  }
  const path = url.pathname.replace(/\/+$/, '')
  return { ok: true, url: `${url.origin}${path}`, host: url.host }
}

export type ApiCompatibility = 'compatible' | 'server-too-old' | 'server-too-new'

/** Whether a server speaking `apiVersion` suits an app that understands `supported`. */
export function checkApiCompatibility(
  apiVersion: number,
  supported: { min: number; max: number } = SUPPORTED_API_VERSIONS,
): ApiCompatibility {
  if (apiVersion < supported.min) return 'server-too-old'
  if (apiVersion > supported.max) return 'server-too-new'
  return 'compatible'
}
