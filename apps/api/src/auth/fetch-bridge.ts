import type { FastifyReply, FastifyRequest } from 'fastify'

/** The header that carries the caller's address to better-auth (its limiter and logs). */
export const CLIENT_IP_HEADER = 'x-kindling-client-ip'

const EXPOSE_HEADERS = 'access-control-expose-headers'

/**
 * The Fastify request as the Fetch `Request` better-auth's web handler takes: the same method,
 * URL (against the public URL) and headers, the parsed JSON body sent again as JSON, and the
 * caller's address in a header only the server sets.
 */
export function toFetchRequest(request: FastifyRequest, publicUrl: string, body: unknown): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === CLIENT_IP_HEADER) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  headers.set(CLIENT_IP_HEADER, request.ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined
  if (hasBody) headers.set('content-type', 'application/json')
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  })
}

/**
 * Sends a Fetch `Response` through Fastify: status, headers, every cookie, the body. The headers
 * better-auth exposes to other origins are added to the ones the CORS plugin already exposes,
 * not put in their place.
 */
export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status)
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length') return
    if (name === EXPOSE_HEADERS) {
      const names = `${reply.getHeader(EXPOSE_HEADERS) ?? ''},${value}`.split(',')
      const merged = new Set(names.map((item) => item.trim().toLowerCase()).filter(Boolean))
      reply.header(name, [...merged].join(', '))
      return
    }
    reply.header(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  return reply.send(Buffer.from(await response.arrayBuffer()))
}
