import { checkApiCompatibility, InstanceInfo, parseServerAddress } from '@kindling/core'
import { deviceHttpGet } from '../../../lib/platform-actions'
import { ConnectError, classifyDeviceHttpError } from '../lib/connect-failure'

/** How long a server has to answer the check. */
const PROBE_TIMEOUT_MS = 15_000

/**
 * Checks that `input` is the address of a Kindling server this app can use: https, answering
 * (with a certificate the device trusts) a public `GET /api/instance` as a Kindling server of a
 * compatible API version, and letting the app's own requests in. Resolves to the address and
 * what the server said; rejects with a ConnectError that says what is wrong.
 */
export async function probeServer(input: string): Promise<{ url: string; instance: InstanceInfo }> {
  const address = parseServerAddress(input)
  if (!address.ok) throw new ConnectError({ kind: 'address', problem: address.problem })
  const { url, host } = address
  const instanceUrl = `${url}/api/instance`
  let answer: Awaited<ReturnType<typeof deviceHttpGet>>
  try {
    answer = await deviceHttpGet(instanceUrl, PROBE_TIMEOUT_MS)
  } catch (error) {
    console.error(error)
    throw new ConnectError({ kind: classifyDeviceHttpError(error), host })
  }
  const parsed = InstanceInfo.safeParse(asJson(answer.data))
  if (answer.status !== 200 || !parsed.success) {
    // Kindling from before GET /api/instance still answers its health check.
    if (await isOlderKindling(url)) throw new ConnectError({ kind: 'server-too-old', host })
    throw new ConnectError({ kind: 'not-kindling', host })
  }
  const instance = parsed.data
  const compatibility = checkApiCompatibility(instance.apiVersion)
  if (compatibility !== 'compatible') {
    throw new ConnectError({ kind: compatibility, host, version: instance.version })
  }
  // The device reached it; the app's own requests (from its WebView, under CORS) must too.
  try {
    const response = await fetch(instanceUrl, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`status ${response.status}`)
  } catch (error) {
    console.error(error)
    throw new ConnectError({ kind: 'app-refused', host })
  }
  return { url, instance }
}

function asJson(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return null
  }
}

async function isOlderKindling(url: string): Promise<boolean> {
  try {
    const health = await deviceHttpGet(`${url}/api/health`, PROBE_TIMEOUT_MS)
    const body = asJson(health.data) as { status?: unknown; database?: unknown } | null
    return body?.status === 'ok' && (body.database === 'pglite' || body.database === 'postgres')
  } catch {
    return false
  }
}
