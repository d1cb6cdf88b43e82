import autocannon from 'autocannon'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  requests: number
  errors: number
  non2xx: number
}

export interface LoadOptions {
  url: string
  connections: number
  seconds: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** A fresh body per request (POST). */
  body?: () => string
}

/** One bounded autocannon run; errors counts socket errors, timeouts and non-2xx answers. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const makeBody = options.body
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(makeBody
      ? {
          requests: [
            {
              method: options.method ?? 'POST',
              setupRequest: (request) => ({ ...request, body: makeBody() }),
            },
          ],
        }
      : {}),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
  }
}
