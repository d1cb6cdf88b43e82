import type { ServerAddressProblem } from '@kindling/core'
import { msg, t } from '../../../lib/i18n'

/**
 * Why 'Connect' did not connect (issue 53), each told in words: the person typing the address
 * is often the one who runs the server, and "Failed to fetch" helps nobody.
 */
export type ConnectFailure =
  | { kind: 'address'; problem: ServerAddressProblem }
  | { kind: 'certificate'; host: string }
  | { kind: 'no-answer'; host: string }
  | { kind: 'not-kindling'; host: string }
  | { kind: 'server-too-old'; host: string; version?: string }
  | { kind: 'server-too-new'; host: string; version: string }
  | { kind: 'app-refused'; host: string }

export class ConnectError extends Error {
  constructor(readonly failure: ConnectFailure) {
    super(describeConnectFailure(failure))
    this.name = 'ConnectError'
  }
}

/**
 * What a failed request of the device's own HTTP client means: a certificate the device does
 * not trust, or no answer at all. iOS reports `NSURLErrorDomain` with its message ("The
 * certificate for this server is invalid…", "…signed by an unknown certifying authority…");
 * Android the exception's class (`SSLHandshakeException`, "Trust anchor for certification path
 * not found"); the web only a TypeError.
 */
export function classifyDeviceHttpError(error: unknown): 'certificate' | 'no-answer' {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  const text = `${typeof code === 'string' ? code : ''} ${typeof message === 'string' ? message : ''}`
  return /certificate|certification|SSL|TLS|handshake|trust anchor/i.test(text)
    ? 'certificate'
    : 'no-answer'
}

const ADDRESS_PROBLEMS: Record<ServerAddressProblem, string> = {
  empty: msg('Enter the address of your Kindling server.'),
  'not-a-url': msg('This is not a server address. It looks like https://kindling.example.com.'),
  'not-https': msg(
    'The address must start with https:// (the app talks to servers over HTTPS only).',
  ),
}

/** Why 'Connect' did not connect, in the user's language. */
export function describeConnectFailure(failure: ConnectFailure): string {
  switch (failure.kind) {
    case 'address':
      return t(ADDRESS_PROBLEMS[failure.problem])
    case 'certificate':
      return t(
        "{host} answered with a certificate this device does not trust. Give the server a certificate from a public authority (such as Let's Encrypt), or install yours on this device.",
        failure,
      )
    case 'no-answer':
      return t(
        'No answer from {host}. Check the address, and that the server is running and reachable from this device.',
        failure,
      )
    case 'not-kindling':
      return t('{host} answered, but it is not a Kindling server. Check the address.', failure)
    case 'server-too-old':
      return failure.version
        ? t(
            '{host} runs Kindling {version}, which is too old for this app. Ask its administrator to update it.',
            failure,
          )
        : t(
            '{host} runs an older Kindling, which is too old for this app. Ask its administrator to update it.',
            failure,
          )
    case 'server-too-new':
      return t(
        '{host} runs Kindling {version}, which is too new for this app. Update the app.',
        failure,
      )
    case 'app-refused':
      return t(
        "{host} is a Kindling server, but it does not let this app in: a proxy in front of it may refuse the app's requests.",
        failure,
      )
  }
}
