import { lookup as dnsLookup } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { msg, type Text } from '../i18n/message'
import { publicOnlyLookup } from '../reminders/push-endpoints'

/*
 * Where the server may POST a webhook (decision 142). A webhook URL is one any signed-in user
 * hands the server, which then sends it requests: without these rules a user could make the
 * server call this machine, its LAN or a cloud's metadata address, as decision 109 found for
 * push subscriptions. The same rule holds here: https to a named public host on its own port,
 * and at delivery only public addresses. The operator may name hosts of their own network that
 * webhooks may reach anyway (`WEBHOOK_ALLOWED_HOSTS`, a Home Assistant on the LAN, or the tests'
 * receiver); to those, http and any port are allowed.
 */

/** A host as compared with the allowed list: lower case, without brackets or a final dot. */
const normalHost = (host: string) =>
  host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase()

/** Whether the operator allowed webhooks to reach this URL's host although it is not public. */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = normalHost(url.hostname)
  return allowedHosts.some((allowed) => normalHost(allowed) === host)
}

/**
 * Why the server will not send webhooks to `value`, or undefined when it may: an https URL of a
 * named host on https's own port, not of this machine or a local network, without user name or
 * password; hosts the operator allowed may also be http, an address or take a port.
 */
export function webhookUrlProblem(
  value: string,
  allowedHosts: readonly string[],
): Text | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return msg('Must be an https URL.')
  }
  if (url.username || url.password) return msg('Must not contain a user name or password.')
  if (isAllowedHost(url, allowedHosts)) {
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? undefined
      : msg('Must be an http or https URL.')
  }
  const host = normalHost(url.hostname)
  if (url.protocol !== 'https:') return msg('Must be an https URL.')
  if (isIP(host) !== 0) return msg('Must name a host, not an IP address.')
  if (url.port !== '') return msg('Must use the standard https port.')
  if (!host.includes('.') || /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i.test(host)) {
    return msg('Must be a host on the internet, not of this network.')
  }
  return undefined
}

/**
 * How a delivery to `url` resolves its host: the public-only lookup of push deliveries (a name
 * that resolves to a private address, now or after a change of its DNS, is refused), except for
 * the hosts the operator allowed.
 */
export function lookupFor(url: URL, allowedHosts: readonly string[]): LookupFunction {
  return isAllowedHost(url, allowedHosts) ? (dnsLookup as LookupFunction) : publicOnlyLookup
}
