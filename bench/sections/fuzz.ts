import {
  ActivityInput,
  Attribute,
  AttributeInput,
  EventInput,
  GoalInput,
  GroupInput,
  GroupUpdateInput,
  validateEventAttributes,
} from '@kindling/core'
import fc from 'fast-check'
import type { z } from 'zod'
import { call, type User } from '../lib/client'
import type { Context } from '../lib/context'
import { benchEnv } from '../lib/env'
import { record } from '../lib/report'
import type { BackendKind } from '../lib/server'
import { log } from '../lib/util'

const RUNS = benchEnv.fuzzRuns
const SECONDS = benchEnv.fuzzSeconds

const RESOURCES = ['activities', 'groups', 'events', 'attributes', 'goals'] as const
type Resource = (typeof RESOURCES)[number]

interface Req {
  method: string
  resource: Resource
  target: 'list' | 'one' | 'counts'
  idKind: 'mine' | 'theirs' | 'random' | 'junk'
  junk: string
  pick: number
  query: Record<string, string>
  body: {
    kind: 'valid' | 'mutated' | 'json' | 'raw' | 'none' | 'huge' | 'deep'
    value: unknown
    raw: string
  }
  auth: 'mine' | 'none' | 'garbage' | 'theirs'
}

const weird = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'null',
    'true',
    '1e309',
    'NaN',
    '2026-02-30',
    '2026-13-01T00:00:00Z',
    '../..',
    '%00',
    '%',
    'a'.repeat(300),
    // Shapes that once answered 500 (issue 14): NUL, lone surrogates, year 0000 and beyond
    // JavaScript's range, a 36-character cursor that is not a UUID.
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udc00y',
    '0000-01-01',
    '0000-01-01T00:00:00Z',
    '-000001-01-01',
    '+275760-09-13',
    '9999-12-31T23:59:59.999Z',
    'z'.repeat(36),
    '00000000-0000-0000-0000-00000000000g',
  ),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
)

const anyValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, -1, 0, 1.5, 1e308, '', 'x'.repeat(5000), [], {}) },
  { weight: 1, arbitrary: fc.constantFrom('a\u0000b', '\ud800', { k: '\udfff' }, ['\u0000']) },
  { weight: 1, arbitrary: fc.constantFrom('0000-01-01', '0000-12-31T23:59:59Z', '+275760-09-13') },
)

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate becomes its three WTF-8 bytes
 * (what a hostile client can put on the wire) instead of throwing.
 */
function encodePathSegment(text: string): string {
  return [...text]
    .map((unit) => {
      if (!/^[\ud800-\udfff]$/u.test(unit)) return encodeURIComponent(unit)
      const code = unit.charCodeAt(0)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('')
    })
    .join('')
}

/** A JSON text nested `depth` deep, in arrays or objects. */
function nested(depth: number, object: boolean): string {
  return object
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}${']'.repeat(depth)}`
}

function validBody(
  resource: Resource,
  ids: { activity: string; attribute: string },
): Record<string, unknown> {
  switch (resource) {
    case 'activities':
      return { name: 'Fuzzed', schedule: { type: 'Weekly', days: [1, 3] }, color: '#aabbcc' }
    case 'groups':
      return { name: 'Fuzz group', activities: [ids.activity] }
    case 'events':
      return {
        activityId: ids.activity,
        eventDate: '2026-01-02',
        attributes: { [ids.attribute]: 3 },
      }
    case 'attributes':
      return { activityId: ids.activity, type: 'number', name: 'n', min: 1, max: 5 }
    case 'goals':
      return { activityId: ids.activity, cadence: 'Weekly' }
  }
}

const FIELDS = [
  'name',
  'schedule',
  'color',
  'activities',
  'activityId',
  'eventDate',
  'attributes',
  'type',
  'min',
  'max',
  'options',
  'defaultValue',
  'cadence',
  'required',
  'author',
  'id',
  'createdAt',
  'deletedAt',
  'description',
  'visibility',
  'valueType',
  'maxLength',
  '__proto__',
  'constructor',
]

const requestArb: fc.Arbitrary<Req> = fc.record({
  method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'PUT', 'DELETE', 'PATCH'),
  resource: fc.constantFrom(...RESOURCES),
  target: fc.constantFrom('list', 'one', 'one', 'counts'),
  idKind: fc.constantFrom('mine', 'mine', 'theirs', 'random', 'junk'),
  junk: weird,
  pick: fc.nat(),
  query: fc.dictionary(fc.constantFrom('activityId', 'from', 'to', 'limit', 'before', 'x'), weird, {
    maxKeys: 3,
  }),
  body: fc.oneof(
    { weight: 40, arbitrary: fc.constant({ kind: 'valid' as const, value: null, raw: '' }) },
    {
      weight: 100,
      arbitrary: fc
        .dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 4 })
        .map((value) => ({ kind: 'mutated' as const, value, raw: '' })),
    },
    {
      weight: 40,
      arbitrary: fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => ({ kind: 'json' as const, value, raw: '' })),
    },
    {
      weight: 20,
      arbitrary: fc
        .oneof(
          fc.string(),
          fc.constantFrom('{', '{"name":', '[1,', '{"a":1}}', 'null', '"x"', '\u0000'),
        )
        .map((raw) => ({ kind: 'raw' as const, value: null, raw })),
    },
    { weight: 20, arbitrary: fc.constant({ kind: 'none' as const, value: null, raw: '' }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'huge' as const, value: null, raw: '' }) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(33, 1000, 100_000), fc.boolean())
        .map(([depth, object]) => ({
          kind: 'deep' as const,
          value: null,
          raw: nested(depth, object),
        })),
    },
  ),
  auth: fc.constantFrom('mine', 'mine', 'mine', 'mine', 'mine', 'none', 'garbage', 'theirs'),
})

const inputSchema: Record<Resource, { post: z.ZodType; put: z.ZodType }> = {
  activities: { post: ActivityInput, put: ActivityInput },
  groups: { post: GroupInput, put: GroupUpdateInput },
  events: { post: EventInput, put: EventInput },
  attributes: { post: AttributeInput, put: AttributeInput },
  goals: { post: GoalInput, put: GoalInput },
}

interface Fixture {
  user: User
  ids: Record<Resource, string[]>
}

async function makeFixture(user: User, label: string): Promise<Fixture> {
  const ids: Record<Resource, string[]> = {
    activities: [],
    groups: [],
    events: [],
    attributes: [],
    goals: [],
  }
  for (const name of [`${label}-one`, `${label}-two`]) {
    ids.activities.push((await user.api<{ id: string }>('POST', '/api/activities', { name })).id)
  }
  const activity = ids.activities[0] as string
  const rating = await user.api<{ id: string }>('POST', '/api/attributes', {
    activityId: activity,
    type: 'rating',
    required: true,
  })
  ids.attributes.push(rating.id)
  ids.attributes.push(
    (
      await user.api<{ id: string }>('POST', '/api/attributes', {
        activityId: activity,
        type: 'select',
        name: label,
        options: ['a', 'b'],
      })
    ).id,
  )
  ids.groups.push(
    (await user.api<{ id: string }>('POST', '/api/groups', { name: label, activities: [activity] }))
      .id,
  )
  ids.events.push(
    (
      await user.api<{ id: string }>('POST', '/api/events', {
        activityId: activity,
        eventDate: '2026-01-01',
        attributes: { [rating.id]: 4 },
      })
    ).id,
  )
  ids.goals.push(
    (
      await user.api<{ id: string }>('POST', '/api/goals', {
        activityId: activity,
        cadence: 'Daily',
      })
    ).id,
  )
  return { user, ids }
}

async function snapshot(user: User): Promise<string> {
  const parts: string[] = []
  for (const resource of RESOURCES)
    parts.push(JSON.stringify(await user.api('GET', `/api/${resource}`)))
  return parts.join('\n')
}

/**
 * Random and malformed requests against every data endpoint as user A (sometimes with no, a
 * garbage or user B's token), aimed at A's ids, B's ids, random and junk ids. Each answer is
 * checked: no 5xx; nothing of B's in any answer to A; every accepted write passes the core's
 * input schema and (events) attribute rules against A's live definitions. At the end B's
 * records must be exactly as before.
 */
export async function runFuzz(ctx: Context, kind: BackendKind): Promise<void> {
  const env = await ctx.env(kind)
  const a = await makeFixture(await env.newUser('fuzz-a'), 'mine')
  const b = await makeFixture(await env.newUser('fuzz-b'), 'bsecret')
  const bBefore = await snapshot(b.user)
  const bMarkers = [...Object.values(b.ids).flat(), 'bsecret']
  const tokenA = await a.user.token()
  const tokenB = await b.user.token()
  const violations: string[] = []
  const statuses = new Map<number, number>()
  let count = 0
  const started = Date.now()

  const check = async (req: Req) => {
    if (Date.now() - started > SECONDS * 1000) return true
    const pool = req.idKind === 'theirs' ? b.ids[req.resource] : a.ids[req.resource]
    const id =
      req.idKind === 'mine' || req.idKind === 'theirs'
        ? (pool[req.pick % Math.max(1, pool.length)] ?? 'none')
        : req.idKind === 'random'
          ? crypto.randomUUID()
          : encodePathSegment(req.junk)
    let path =
      req.target === 'counts'
        ? '/api/events/counts/activity'
        : req.target === 'one'
          ? `/api/${req.resource}/${id}`
          : `/api/${req.resource}`
    const query = new URLSearchParams(req.query).toString()
    if (query) path += `?${query}`
    const validIds = {
      activity: (req.idKind === 'theirs' ? b : a).ids.activities[req.pick % 2] as string,
      attribute: (req.idKind === 'theirs' ? b : a).ids.attributes[0] as string,
    }
    let raw: string | undefined
    let body: unknown
    if (req.body.kind === 'valid') body = validBody(req.resource, validIds)
    else if (req.body.kind === 'mutated')
      body = { ...validBody(req.resource, validIds), ...(req.body.value as object) }
    else if (req.body.kind === 'json') body = req.body.value
    else if (req.body.kind === 'raw') raw = req.body.raw
    else if (req.body.kind === 'huge') raw = JSON.stringify({ name: 'x'.repeat(1_100_000) })
    else if (req.body.kind === 'deep') raw = req.body.raw
    const token =
      req.auth === 'mine'
        ? tokenA
        : req.auth === 'theirs'
          ? tokenB
          : req.auth === 'garbage'
            ? 'not.a.jwt'
            : undefined
    // B's own token only reads (B changing B's records is legitimate, not a leak).
    const method = req.auth === 'theirs' ? 'GET' : req.method
    const sendsBody = method !== 'GET' && method !== 'DELETE' && req.body.kind !== 'none'
    const reply = await call(env.server.url, method, path, {
      token,
      ...(sendsBody
        ? raw !== undefined
          ? { raw, headers: { 'content-type': 'application/json' } }
          : { body }
        : {}),
    })
    count += 1
    statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
    const show = () =>
      `${method} ${path.slice(0, 120)} auth=${req.auth} body=${(raw ?? JSON.stringify(body) ?? '').slice(0, 160)} → ${reply.status} ${reply.text.slice(0, 200)}`
    if (reply.status >= 500) violations.push(`5xx: ${show()}`)
    const sent = path + (raw ?? JSON.stringify(body) ?? '')
    if (req.auth === 'mine' && bMarkers.some((m) => reply.text.includes(m) && !sent.includes(m))) {
      violations.push(`B's data visible to A: ${show()}`)
    }
    const isWrite =
      (method === 'POST' && req.target === 'list') || (method === 'PUT' && req.target === 'one')
    if (req.auth === 'mine' && isWrite && reply.status >= 200 && reply.status < 300) {
      const saved = reply.json as Record<string, unknown>
      const schema = inputSchema[req.resource][method === 'POST' ? 'post' : 'put']
      const parsed = schema.safeParse(saved)
      if (!parsed.success)
        violations.push(`accepted write breaks ${req.resource} schema: ${show()}`)
      const liveActivities = (await a.user.api<{ id: string }[]>('GET', '/api/activities')).map(
        (x) => x.id,
      )
      const refs =
        req.resource === 'groups'
          ? ((saved.activities as string[]) ?? [])
          : saved.activityId
            ? [saved.activityId as string]
            : []
      if (refs.some((ref) => !liveActivities.includes(ref))) {
        violations.push(`accepted write refers to an activity that is not A's live one: ${show()}`)
      }
      if (req.resource === 'events') {
        const defs = (await a.user.api<unknown[]>('GET', '/api/attributes'))
          .map((x) => Attribute.parse(x))
          .filter((x) => x.activityId === saved.activityId)
        const problems = validateEventAttributes(saved.attributes as never, defs)
        if (Object.keys(problems).length)
          violations.push(
            `accepted event breaks attribute rules ${JSON.stringify(problems)}: ${show()}`,
          )
      }
      if (method === 'POST' && typeof saved.id === 'string') a.ids[req.resource].push(saved.id)
    }
    return true
  }

  log(`${kind}: fuzzing up to ${RUNS} requests / ${SECONDS} s`)
  await fc.assert(fc.asyncProperty(requestArb, check), {
    numRuns: RUNS,
    seed: ctx.seed,
    endOnFailure: true,
  })
  // The sign-in provider's routes parse their own bodies: the same hostile shapes go there.
  for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
    for (const raw of [
      nested(100_000, true),
      nested(100_000, false),
      '{"email":"a\\u0000@example.com","password":"x\\ud800yyyyyyyy","name":"n"}',
    ]) {
      const reply = await call(env.server.url, 'POST', path, {
        raw,
        headers: { 'content-type': 'application/json' },
      })
      count += 1
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
      if (reply.status >= 500)
        violations.push(`5xx: POST ${path} ${raw.slice(0, 60)} → ${reply.status}`)
    }
  }
  const bAfter = await snapshot(b.user)
  if (bAfter !== bBefore)
    violations.push(`B's records changed during A's fuzzing: before ${bBefore} after ${bAfter}`)
  const summary = [...statuses.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')
  record({
    section: 'hostile input',
    backend: kind,
    metric: 'fast-check requests on every data endpoint',
    value: `${count} requests in ${((Date.now() - started) / 1000).toFixed(0)} s, ${violations.length} violations (${summary})`,
    target: 'no 5xx, no invalid write, no cross-user read or change',
    pass: violations.length === 0,
    ...(violations.length ? { note: violations.slice(0, 5).join(' || ') } : {}),
  })
  for (const violation of violations.slice(0, 20)) log(`  violation: ${violation}`)
}
