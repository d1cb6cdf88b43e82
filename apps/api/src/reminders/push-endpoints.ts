import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { Agent } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { msg, type Text } from '../i18n/message'

/**
 * Where the server may send a Web Push request. An endpoint is a URL any signed-in user hands
 * us, and the scheduler POSTs to it: without these rules a user could make the server call this
 * machine, its LAN or a cloud's metadata address, and learn from the outcomes which ports answer.
 */

/** Addresses that are not the public internet: this machine, private and link-local networks. */
const notPublic = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6')
}

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 one by its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return isPublicAddress(mapped)
  const family = isIP(address)
  if (family === 0) return false
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * Why the server will not push to `endpoint`, or undefined when it may. Push services (Google's,
 * Mozilla's, Apple's, Microsoft's) are named hosts on https's own port; an address, a port or a
 * name of this machine or network is refused.
 */
export function pushEndpointProblem(endpoint: string): Text | undefined {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return msg('Must be an https URL.')
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '')
  if (url.protocol !== 'https:') return msg('Must be an https URL.')
  if (isIP(host) !== 0) return msg("Must name a push service's host, not an IP address.")
  if (url.port !== '') return msg('Must use the standard https port.')
  if (!host.includes('.') || /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i.test(host)) {
    return msg('Must be a push service on the internet.')
  }
  return undefined
}

/** Answers an error for a name that resolves to an address that is not public. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0)
      return
    }
    const blocked = found.find(({ address }) => !isPublicAddress(address))
    if (blocked || found.length === 0) {
      const reason = blocked ? `resolves to ${blocked.address}` : 'has no address'
      const refused = Object.assign(new Error(`${hostname} ${reason}, not a public address`), {
        code: 'EPUSHNOTPUBLIC',
      })
      callback(refused, '', 0)
      return
    }
    if (options.all) callback(null, found)
    else callback(null, found[0]?.address ?? '', found[0]?.family ?? 4)
  })
}

/**
 * The agent of Web Push requests: it connects only to public addresses, and keeps its
 * connections open between requests, so that a pass sending many reminders to one push service
 * opens a TLS connection per slot of the delivery pool rather than one per push (decision 156).
 */
export function publicOnlyAgent(): Agent {
  return new Agent({ lookup: publicOnlyLookup, keepAlive: true })
}
