import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { DeviceHttpAnswer, NativePlatform } from './native-bridge'

/*
 * The native shells' own HTTP client (CapacitorHttp) for the simulated bridge: the request is
 * made for real, from this Node process, trusting only the certificates the test's device
 * trusts, and a failure is reported as iOS or Android reports it (code and message).
 */

/** Node's TLS errors of a certificate that is not trusted (or not for this host). */
const CERTIFICATE_ERRORS = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

function platformError(platform: NativePlatform, url: URL, code: string): DeviceHttpAnswer {
  const certificate = CERTIFICATE_ERRORS.has(code)
  if (platform === 'ios') {
    return {
      ok: false,
      code: 'NSURLErrorDomain',
      message: certificate
        ? `The certificate for this server is invalid. You might be connecting to a server that is pretending to be “${url.hostname}” which could put your confidential information at risk.`
        : 'Could not connect to the server.',
    }
  }
  return certificate
    ? {
        ok: false,
        code: 'SSLHandshakeException',
        message:
          'java.security.cert.CertPathValidatorException: Trust anchor for certification path not found.',
      }
    : {
        ok: false,
        code: 'ConnectException',
        message: `Failed to connect to ${url.hostname}/127.0.0.1:${url.port || 443}`,
      }
}

/** Answers the fake bridge's CapacitorHttp calls of `page`; `trusted`: the CAs the device has. */
export async function exposeDeviceHttp(page: Page, trusted: string[]): Promise<void> {
  await page.exposeFunction(
    '__deviceHttp',
    (platform: NativePlatform, options: { url: string; headers?: Record<string, string> }) =>
      new Promise<DeviceHttpAnswer>((resolve) => {
        const url = new URL(options.url)
        if (url.protocol !== 'https:') {
          resolve(platformError(platform, url, 'ECONNREFUSED'))
          return
        }
        const outgoing = httpsRequest(
          url,
          { method: 'GET', headers: options.headers, ca: trusted, timeout: 10_000 },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8')
              let data: unknown = text
              if (String(response.headers['content-type']).includes('json')) {
                try {
                  data = JSON.parse(text)
                } catch {
                  // As text, as the plugin gives a body it cannot parse.
                }
              }
              const headers = Object.fromEntries(
                Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
              )
              resolve({ ok: true, status: response.statusCode ?? 0, data, headers })
            })
          },
        )
        outgoing.on('timeout', () =>
          outgoing.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
        )
        outgoing.on('error', (error: NodeJS.ErrnoException) =>
          resolve(platformError(platform, url, error.code ?? 'ECONNREFUSED')),
        )
        outgoing.end()
      }),
  )
}

/** A self-signed certificate for localhost and 127.0.0.1 (made with openssl, as a server's). */
export function makeCertificate(name: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), `kindling-cert-${name}-`))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=localhost/O=${name}`,
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') }
}
