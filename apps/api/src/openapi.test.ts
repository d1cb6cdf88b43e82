import { createConfig, lintFromString } from '@redocly/openapi-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, signUp, startTestServer, stopTestServer, type TestServer } from './test/harness'

describe('OpenAPI document', () => {
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']
  let app: TestServer['app']

  beforeAll(async () => {
    ;({ smtp, backend, app } = await startTestServer())
  })
  afterAll(async () => {
    await stopTestServer({ smtp, backend, app })
  })

  it('passes the recommended rules of an OpenAPI linter with no warning', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const config = await createConfig({
      extends: ['recommended-strict'],
      // Off in the recommended set, on in Spectral's spectral:oas or worth the same care: every
      // tag an operation uses is declared (with its description), every parameter says what it
      // is, and a path's operations read in the usual order.
      rules: {
        'operation-tag-defined': 'error',
        'parameter-description': 'error',
        'path-http-verbs-order': 'error',
      },
    })
    const problems = await lintFromString({
      source: response.body,
      absoluteRef: 'openapi.json',
      config,
    })
    expect(
      problems.map(
        (problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
      ),
    ).toEqual([])
  })

  it("documents an import's body as bytes, as CSV text or as any JSON, by its media type", async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>
    }
    const content = document.paths['/api/import']?.post?.requestBody.content ?? {}
    const schemaOf = (type: string) => (content[type] as { schema: Record<string, unknown> }).schema
    expect(schemaOf('application/octet-stream')).toMatchObject({ type: 'string', format: 'binary' })
    expect(schemaOf('application/zip')).toMatchObject({ type: 'string', format: 'binary' })
    expect(schemaOf('text/csv')).toEqual({ type: 'string', description: 'The file, as it is.' })
    expect(schemaOf('application/json')).toEqual({ description: 'The file, as it is.' })
  })

  it('documents where every redirect leads (its Location header)', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>
    }
    const redirects = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([status]) => status.startsWith('3'))
          .map(([status, response]) => ({ at: `${method} ${path} ${status}`, response })),
      ),
    )
    expect(redirects.map(({ at }) => at)).toContain('get /api/auth/verify-email 302')
    for (const { at, response } of redirects) {
      expect(response.headers, at).toHaveProperty('location')
    }
  })

  it('documents every data route with the bearer scheme and its errors', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: object }>>
    }
    for (const resource of ['activities', 'groups', 'events', 'attributes', 'goals', 'breaks']) {
      const collection = document.paths[`/api/${resource}`]
      expect(collection?.get?.security, resource).toBeDefined()
      expect(Object.keys(collection?.post?.responses ?? {})).toEqual(
        expect.arrayContaining(['201', '400', '401', '403']),
      )
      const item = document.paths[`/api/${resource}/{id}`]
      expect(Object.keys(item?.delete?.responses ?? {})).toEqual(
        expect.arrayContaining(['204', '401', '404']),
      )
    }
  })

  it('names personal API tokens as a scheme of the data API and sync, not of account routes', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> }
    }
    expect(document.components.securitySchemes.apiToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    const takesTokens = (path: string, method: string) =>
      document.paths[path]?.[method]?.security?.some((item) => 'apiToken' in item) ?? false
    for (const [path, method] of <[string, string][]>[
      ['/api/activities', 'get'],
      ['/api/events', 'post'],
      ['/api/events/{id}', 'delete'],
      ['/api/sync/changes', 'get'],
      ['/api/export', 'get'],
    ]) {
      expect(takesTokens(path, method), `${method} ${path}`).toBe(true)
    }
    for (const [path, method] of <[string, string][]>[
      ['/api/tokens', 'get'],
      ['/api/tokens', 'post'],
      ['/api/settings', 'put'],
      ['/api/push/subscriptions', 'post'],
      ['/api/auth/change-password', 'post'],
    ]) {
      expect(takesTokens(path, method), `${method} ${path}`).toBe(false)
    }
  })

  it('documents an update body as the merge it is: no field required, as PUT {} is answered 200', async () => {
    type Schema = { required?: string[]; anyOf?: Schema[]; $ref?: string }
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>
      >
      components: { schemas: Record<string, Schema> }
    }
    const resolve = (schema: Schema): Schema =>
      schema.$ref
        ? resolve(document.components.schemas[schema.$ref.split('/').at(-1) ?? ''] ?? {})
        : schema
    for (const resource of [
      'activities',
      'groups',
      'events',
      'attributes',
      'goals',
      'reminders',
      'breaks',
    ]) {
      const body = document.paths[`/api/${resource}/{id}`]?.put?.requestBody
      expect(body, resource).toBeDefined()
      const schema = resolve(body?.content['application/json']?.schema ?? {})
      for (const option of schema.anyOf ?? [schema]) {
        expect(resolve(option).required ?? [], resource).toEqual([])
      }
    }
  })

  it('documents the 409 id-conflict only where the body takes a client-chosen id', async () => {
    type Schema = { properties?: Record<string, unknown>; oneOf?: Schema[]; anyOf?: Schema[] }
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Schema }> }
            responses: Record<string, unknown>
          }
        >
      >
    }
    const takesId = (schema: Schema): boolean =>
      schema.properties?.id !== undefined ||
      [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some(takesId)
    const withConflict: string[] = []
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`
        const schema = operation.requestBody?.content['application/json']?.schema
        const documented = operation.responses['409'] !== undefined
        expect(documented, where).toBe(method === 'post' && schema !== undefined && takesId(schema))
        if (documented) withConflict.push(where)
      }
    }
    expect(withConflict).toEqual(
      ['activities', 'groups', 'events', 'attributes', 'goals', 'breaks'].map(
        (name) => `POST /api/${name}`,
      ),
    )
  })

  it('gives every operation a documented 2xx body and shared error components', async () => {
    type Response = {
      description: string
      headers?: Record<string, unknown>
      content?: Record<string, { schema: { $ref?: string } }>
    }
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { security?: unknown[]; responses: Record<string, Response> }>
      >
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`
        expect(operation.security, where).toBeDefined()
        const responses = Object.entries(operation.responses)
        const success = responses.filter(([status]) => status.startsWith('2'))
        expect(success.length, where).toBeGreaterThan(0)
        for (const [status, response] of success) {
          if (status === '204') continue
          // The one answer that is not JSON: the live change stream's Server-Sent Events.
          const type = where === 'GET /api/sync/stream' ? 'text/event-stream' : 'application/json'
          expect(response.content?.[type], where).toBeDefined()
        }
        const errorRef = path.startsWith('/api/auth/') ? 'AuthError' : 'ApiError'
        for (const [status, response] of responses) {
          if (!/^[45]/.test(status)) continue
          expect(response.content?.['application/json']?.schema.$ref, `${where} ${status}`).toBe(
            `#/components/schemas/${errorRef}`,
          )
        }
      }
    }
    const events = document.paths['/api/events']?.get?.responses['200']
    expect(events?.headers).toHaveProperty('x-next-before')
  })

  it('answers every documented operation (none falls through to "no route")', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const url = path.replaceAll('{id}', crypto.randomUUID())
        const response = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: ORIGIN,
        })
        const where = `${method.toUpperCase()} ${path}`
        expect(response.body, where).not.toContain('No route')
      }
    }
  })

  it('serves no better-auth route the document leaves out, signed in or not', async () => {
    const user = await signUp(app, smtp, `undocumented-${crypto.randomUUID()}@example.com`)
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>
    }
    // better-auth 1.7's endpoints that the apps do not use (account linking, social sign-in,
    // session lists and revokes, password checks, its own pages and redirect hops).
    const undocumented = [
      'list-sessions',
      'revoke-session',
      'revoke-other-sessions',
      'verify-password',
      'update-session',
      'list-accounts',
      'account-info',
      'unlink-account',
      'link-social',
      'sign-in/social',
      'callback/github',
      // Single sign-on from the native shells: served only when OIDC is configured.
      'native/start',
      'native/return',
      'native/token',
      'refresh-token',
      'get-access-token',
      'delete-user',
      'delete-user/callback',
      'change-email',
      'reset-password/some-token',
      'ok',
      'error',
    ]
    for (const name of undocumented) {
      expect(document.paths, name).not.toHaveProperty(`/api/auth/${name}`)
      for (const method of ['GET', 'POST'] as const) {
        const response = await app.inject({
          method,
          url: `/api/auth/${name}`,
          headers: { ...ORIGIN, cookie: user.cookie },
          ...(method === 'POST' ? { payload: {} } : {}),
        })
        expect(response.statusCode, `${method} ${name}`).toBe(404)
        expect(response.json(), `${method} ${name}`).toMatchObject({ code: 'NOT_FOUND' })
      }
    }
    // The session still works: nothing above ended it.
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: user.cookie },
    })
    expect(session.json()?.user.email).toBe(user.email)
  })
})
