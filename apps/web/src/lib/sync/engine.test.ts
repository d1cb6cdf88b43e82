import 'fake-indexeddb/auto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Attribute,
  buildDayTotalsByActivity,
  buildHabitDays,
  type DayTotals,
  FIELD_REASON,
  type FieldReason,
  formatHlc,
  mergeFieldChanges,
  NOT_AN_ATTRIBUTE,
  SYNC_PAGE_DEFAULT,
  SYNC_PAGE_MAX,
  type SyncChanges,
  type ValuedEventLike,
  validateEventAttributes,
} from '@kindling/core'
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, type RequestOptions, setApiBaseUrl } from '../api-client'
import { activateLanguage } from '../i18n'
import { startLoadAhead } from '../loads-ahead'
import { type EngineOptions, FAILURES_TOLD, SyncEngine } from './engine'
import { openLocalDb, storeServerState } from './local-db'
import { type RefusalOutcome, trimRefused } from './refusals'
import { NO_CHANGES } from './test-fixtures'

/** A tiny in-memory stand-in for the product API's write and sync calls. */
function fakeServer() {
  const records = new Map<string, Record<string, unknown>>()
  /** Each record's field times, as the server keeps them. */
  const times = new Map<string, Record<string, string>>()
  const calls: string[] = []
  const bodies: Array<{ call: string; body: unknown }> = []
  let seq = 0
  let failNext: 'network' | 'after-store' | null = null
  let offline = false
  const changes: Array<{ seq: number; table: string; record: Record<string, unknown> }> = []
  const store = (table: string, record: Record<string, unknown>) => {
    records.set(`${table}/${record.id}`, record)
    seq += 1
    changes.push({ seq, table, record })
  }
  /** Another device deletes a record: a tombstone in the feed, gone from the live records. */
  const remove = (table: string, id: string) => {
    const record = records.get(`${table}/${id}`) as Record<string, unknown>
    store(table, { ...record, deletedAt: '2026-11-23T10:30:00.000Z' })
    records.delete(`${table}/${id}`)
  }
  const live = (table: string) =>
    [...records.entries()].filter(([key]) => key.startsWith(`${table}/`)).map(([, r]) => r)
  const invalid = (fields: Record<string, string>, reasons: Record<string, FieldReason> = {}) => {
    const [first = ''] = Object.keys(fields)
    return new ApiError(400, 'validation-failed', `${first}: ${fields[first]}`, fields, reasons)
  }
  /**
   * The server's checks of a group's habits and an event's habit and values (routes/*.ts), its
   * words in German as a device set to German reads them (Accept-Language): the engine acts on
   * their reasons' codes (decision 162), never on the words.
   */
  const refusal = (table: string, body: Record<string, unknown>, method: string) => {
    if (table === 'groups') {
      const listed = (body.activities ?? []) as string[]
      if (method === 'PUT' && listed.length === 0) {
        return invalid({ activities: 'Wähle mindestens eine Gewohnheit.' })
      }
      const missing = listed.filter((id) => !records.has(`activities/${id}`))
      if (missing.length > 0) {
        return invalid(
          { activities: `Keine deiner Gewohnheiten: ${missing.join(', ')}` },
          { activities: { code: FIELD_REASON.notAnActivity, ids: missing } },
        )
      }
    }
    if (table === 'events') {
      if (!records.has(`activities/${body.activityId}`)) {
        return invalid(
          { activityId: 'Keine deiner Gewohnheiten.' },
          { activityId: { code: FIELD_REASON.notAnActivity } },
        )
      }
      const defined = live('attributes').filter((a) => a.activityId === body.activityId)
      const values = (body.attributes ?? {}) as Record<string, string>
      const problems = validateEventAttributes(values, defined as unknown as Attribute[])
      const gone = Object.keys(problems).filter((field) => problems[field] === NOT_AN_ATTRIBUTE)
      if (Object.keys(problems).length > 0) {
        return invalid(
          Object.fromEntries(
            Object.entries(problems).map(([field, problem]) => [
              field,
              gone.includes(field) ? 'Kein Merkmal dieser Gewohnheit.' : problem,
            ]),
          ),
          Object.fromEntries(gone.map((field) => [field, { code: FIELD_REASON.notAnAttribute }])),
        )
      }
    }
    return undefined
  }
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET'
    calls.push(`${method} ${path}`)
    if (options.body !== undefined) bodies.push({ call: `${method} ${path}`, body: options.body })
    if (offline) throw new TypeError('Failed to fetch')
    if (failNext === 'network') {
      failNext = null
      throw new TypeError('Failed to fetch')
    }
    if (path === 'sync/changes') {
      const after = Number(options.query?.after ?? 0)
      const eventsFrom = options.query?.eventsFrom as string | undefined
      const later = options.query?.after !== undefined
      // As the server: a first sync leaves out every old event, a later read those never edited
      // nor deleted since they were made (and says so).
      const old = (change: { table: string; record: Record<string, unknown> }) =>
        eventsFrom !== undefined &&
        change.table === 'events' &&
        String(change.record.eventDate) < eventsFrom &&
        (!later || (!change.record.updatedAt && !change.record.deletedAt))
      // Pages of at most `limit` changes, as the server cuts them.
      const limit = Number(options.query?.limit ?? 1000)
      // Each record once, in its latest version (as the server reads the rows themselves).
      const latest = new Map<string, number>()
      for (const c of changes) latest.set(`${c.table}/${c.record.id}`, c.seq)
      const pending = changes.filter(
        (c) => c.seq > after && latest.get(`${c.table}/${c.record.id}`) === c.seq,
      )
      const taken = pending.slice(0, limit)
      const page: SyncChanges = {
        activities: [],
        attributes: [],
        groups: [],
        goals: [],
        events: [],
        breaks: [],
        cursor: String(taken.at(-1)?.seq ?? after),
        more: pending.length > limit,
      }
      for (const change of taken.filter((c) => !old(c))) {
        ;(page[change.table as 'events'] as unknown[]).push(change.record)
      }
      if (eventsFrom !== undefined) page.olderEvents = changes.some(old)
      if (eventsFrom !== undefined && later) page.olderEventsChanged = taken.some(old)
      return page as T
    }
    if (path === 'sync/history') {
      // As the server: the live events dated before `before`, counted per day in the zone.
      const before = String(options.query?.before ?? '')
      const timeZone = String(options.query?.timeZone ?? 'UTC')
      const old = live('events').filter((event) => String(event.eventDate) < before)
      const totals = buildDayTotalsByActivity(old as unknown as ValuedEventLike[], timeZone)
      const activities = [...totals].map(([activityId, days]) => ({
        activityId,
        ...days,
        lastEventAt: before,
        lastCreatedAt: before,
      }))
      return { before, timeZone, activities } as T
    }
    const [table = '', id] = path.split('/')
    if (method === 'PUT') {
      const stored = records.get(`${table}/${id}`)
      if (!stored) throw new ApiError(404, 'not-found', 'Not found.')
      // As the server merges (decision 151): only fields newer than their stored change apply.
      const { fieldTimes, ...change } = options.body as Record<string, unknown>
      const merge = mergeFieldChanges({
        stored: times.get(`${table}/${id}`) ?? {},
        createdAt: Date.parse(String(stored.createdAt)),
        changed: Object.keys(change),
        times: (fieldTimes ?? {}) as Record<string, string>,
        now: Date.now() + 1000,
      })
      times.set(`${table}/${id}`, merge.times)
      const applied = Object.fromEntries(merge.applied.map((key) => [key, change[key]]))
      const record = { ...stored, ...applied, updatedAt: '2026-11-23T11:00:00Z' }
      const refused = refusal(table, record, method)
      if (refused) throw refused
      store(table, record)
      return record as T
    }
    if (method === 'POST') {
      const body = options.body as Record<string, unknown>
      const refused = refusal(table, body, method)
      if (refused) throw refused
      const existing = records.get(`${table}/${body.id}`)
      if (existing) return existing as T
      const record = {
        ...body,
        author: 'u1',
        createdAt: '2026-11-23T10:00:00.000Z',
        deletedAt: null,
        updatedAt: null,
        attributes: body.attributes ?? [],
      }
      store(table, record)
      if (failNext === 'after-store') {
        failNext = null
        throw new TypeError('Failed to fetch')
      }
      return record as T
    }
    if (method === 'DELETE') {
      const existing = records.get(`${table}/${id}`)
      if (!existing || existing.deletedAt) throw new ApiError(404, 'not-found', 'Not found.')
      store(table, { ...existing, deletedAt: '2026-11-23T11:00:00.000Z' })
      return undefined as T
    }
    throw new Error(`unexpected ${method} ${path}`)
  }
  const setOffline = (value: boolean) => {
    offline = value
  }
  return {
    setOffline,
    request,
    records,
    calls,
    bodies,
    store,
    remove,
    fail: (how: 'network' | 'after-store') => {
      failNext = how
    },
  }
}

/** A group stored on the server as another device made it. */
function storeGroup(server: ReturnType<typeof fakeServer>, id: string, activities: string[]) {
  server.store('groups', {
    id,
    name: 'Mornings',
    description: '',
    color: '#228be6',
    activities,
    author: 'u1',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
  })
}

/** A text attribute of `activityId` stored on the server. */
function storeAttribute(
  server: ReturnType<typeof fakeServer>,
  id: string,
  activityId: string,
  name: string,
  required = false,
) {
  server.store('attributes', {
    id,
    activityId,
    name,
    type: 'text',
    required,
    author: 'u1',
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
  })
}

/** A live change stream that stays open and announces nothing. */
const quietStream = (signal: AbortSignal) => fakeStreams().openStream(signal)

const engines: SyncEngine[] = []
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.destroy()
})

async function startEngine(
  server: ReturnType<typeof fakeServer>,
  uid = `u-${Math.random()}`,
  options: Partial<EngineOptions> = {},
) {
  const made = makeEngine(server, uid, options)
  await made.engine.start()
  await made.engine.settled()
  return made
}

/** An engine of `uid` against `server`, not started, with what it refuses gathered. */
function makeEngine(
  server: ReturnType<typeof fakeServer>,
  uid = `u-${Math.random()}`,
  options: Partial<EngineOptions> = {},
) {
  const refused: string[] = []
  const outcomes: RefusalOutcome[] = []
  const engine = new SyncEngine({
    uid,
    timeZone: () => 'UTC',
    request: server.request,
    openStream: quietStream,
    // At once: the delay that lets a page's loading settle first has its own test.
    liveOpenDelayMs: 0,
    ...options,
    onRejected: (message, outcome) => {
      refused.push(message)
      outcomes.push(outcome)
    },
  })
  engines.push(engine)
  return { engine, refused, outcomes }
}

/** An engine whose requests never answer: what a start shows from the device's copy alone. */
async function startUnanswered(uid: string) {
  const engine = new SyncEngine({
    uid,
    openStream: quietStream,
    timeZone: () => 'UTC',
    request: () => new Promise(() => {}),
    onRejected: () => {},
  })
  engines.push(engine)
  await engine.start()
  return engine
}

const activityBody = (name: string) => ({
  name,
  description: '',
  color: '#fd7e14',
  visibility: 'private',
  schedule: { type: 'Daily' },
})

/** An activity stored on the server as another device made it. */
function storeActivity(server: ReturnType<typeof fakeServer>, id: string, name: string) {
  server.store('activities', {
    id,
    ...activityBody(name),
    author: 'u1',
    attributes: [],
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: null,
    deletedAt: null,
  })
}

describe('SyncEngine outbox', () => {
  it('works in a page served over plain http (a LAN name), which has no crypto.randomUUID', async () => {
    const randomUUID = crypto.randomUUID
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const server = fakeServer()
      storeActivity(server, 'a1', 'Read')
      const { engine } = await startEngine(server)
      await engine.write({
        op: 'update',
        table: 'activities',
        id: 'a1',
        body: { name: 'Read more' },
      })
      await engine.settled()
      expect(engine.status.pending).toBe(0)
      expect((server.records.get('activities/a1') as { name: string }).name).toBe('Read more')
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true })
    }
  })

  it('pulls once when the id token comes in during a round, and again when it comes in between', async () => {
    const server = fakeServer()
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const engine = new SyncEngine({
      uid: `u-${Math.random()}`,
      openStream: quietStream,
      timeZone: () => 'UTC',
      // The first round's requests wait for the token, as apiRequest does at start.
      request: async (path, options) => {
        await held
        return server.request(path, options)
      },
      onRejected: () => {},
    })
    engines.push(engine)
    await engine.start()
    const pulls = () => server.calls.filter((call) => call === 'GET sync/changes').length
    engine.tokenChanged()
    release()
    await engine.settled()
    expect(pulls()).toBe(1)
    engine.tokenChanged()
    await engine.settled()
    expect(pulls()).toBe(2)
  })

  it('shows a write at once and sends the outbox in order', async () => {
    const server = fakeServer()
    const { engine } = await startEngine(server)
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: activityBody('Read') })
    expect(engine.view.activities.get('a1')?.name).toBe('Read')
    await engine.write({
      op: 'create',
      table: 'events',
      id: 'e1',
      body: { activityId: 'a1', eventDate: '2026-11-23T09:00:00.000Z', attributes: {} },
    })
    await engine.settled()
    expect(server.calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST activities',
      'POST events',
    ])
    expect(engine.status.pending).toBe(0)
    expect(server.records.has('events/e1')).toBe(true)
  })

  it('keeps the outbox through a restart (a reload) while offline, then sends it', async () => {
    const server = fakeServer()
    const uid = 'reloading-user'
    const first = await startEngine(server, uid)
    server.fail('network')
    await first.engine.write({
      op: 'create',
      table: 'activities',
      id: 'a1',
      body: activityBody('Walk'),
    })
    await first.engine.settled()
    expect(first.engine.status.pending).toBe(1)
    first.engine.stop()
    engines.splice(engines.indexOf(first.engine), 1)

    const second = await startEngine(server, uid)
    expect(second.engine.view.activities.get('a1')?.name).toBe('Walk')
    second.engine.kick()
    await second.engine.settled()
    expect(second.engine.status.pending).toBe(0)
    expect(server.records.has('activities/a1')).toBe(true)
  })

  it('retries a send whose answer was lost and stores nothing twice', async () => {
    const server = fakeServer()
    const { engine } = await startEngine(server)
    server.fail('after-store')
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: activityBody('Swim') })
    await engine.settled()
    expect(engine.status.pending).toBe(1)
    engine.kick()
    await engine.settled()
    expect(engine.status.pending).toBe(0)
    expect([...server.records.keys()]).toEqual(['activities/a1'])
  })

  it('undoes a refused change, tells why, and sends the rest', async () => {
    const server = fakeServer()
    const { engine, refused } = await startEngine(server)
    storeActivity(server, 'a1', 'Read')
    engine.kick()
    await engine.settled()
    server.setOffline(true)
    await engine.write({
      op: 'create',
      table: 'events',
      id: 'e1',
      body: { activityId: 'a1', eventDate: '2026-11-23T09:00:00.000Z', attributes: {} },
    })
    await engine.write({ op: 'create', table: 'activities', id: 'a2', body: activityBody('Walk') })
    await engine.settled()
    // Another device deletes Read meanwhile.
    const read = server.records.get('activities/a1') as Record<string, unknown>
    server.store('activities', { ...read, deletedAt: '2026-11-23T10:30:00.000Z' })
    server.records.delete('activities/a1')
    server.setOffline(false)
    engine.kick()
    await engine.settled()
    expect(refused).toEqual([
      'The event for Read was not saved: its habit was deleted on another device.',
    ])
    expect(engine.view.events.has('e1')).toBe(false)
    expect(engine.view.activities.has('a1')).toBe(false)
    expect(engine.view.activities.get('a2')?.name).toBe('Walk')
    expect(engine.status.pending).toBe(0)
  })

  it("stays offline when the network goes while a round's last answer comes in", async () => {
    const server = fakeServer()
    let hold = false
    let answer: (() => void) | undefined
    const request: typeof server.request = (path, options) =>
      hold
        ? new Promise((resolve, reject) => {
            answer = () => server.request(path, options).then(resolve as never, reject)
          })
        : server.request(path, options)
    const { engine } = await startEngine(server, undefined, { request })
    hold = true
    engine.kick()
    await vi.waitFor(() => expect(answer).toBeDefined())
    // The browser says the network is gone while the pull's answer is on its way.
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true })
    window.dispatchEvent(new Event('offline'))
    try {
      answer?.()
      await engine.settled()
      expect(engine.status.online).toBe(false)
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true })
    }
  })

  it('asks for the history of old events only when the first sync says there are some', async () => {
    const fresh = fakeServer()
    const { engine } = await startEngine(fresh)
    expect(fresh.calls).toEqual(['GET sync/changes'])
    expect(engine.status.synced).toBe(true)
    expect(engine.syncMeta.history).toMatchObject({ timeZone: 'UTC', activities: [] })

    const seasoned = fakeServer()
    seasoned.store('events', {
      id: 'e-old',
      activityId: 'a1',
      eventDate: '2020-01-01T09:00:00.000Z',
      deletedAt: null,
    })
    await startEngine(seasoned)
    expect(seasoned.calls).toEqual(['GET sync/changes', 'GET sync/history'])
  })

  it('keeps the history of old events through a restart, without asking for it again', async () => {
    const server = fakeServer()
    server.store('events', {
      id: 'e-old',
      activityId: 'a1',
      eventDate: '2020-01-01T09:00:00.000Z',
      deletedAt: null,
    })
    const uid = `u-${Math.random()}`
    const { engine } = await startEngine(server, uid)
    engine.stop()
    server.calls.length = 0

    const restarted = await startEngine(server, uid)
    expect(restarted.engine.syncMeta.history).toMatchObject({
      timeZone: 'UTC',
      activities: [{ activityId: 'a1', firstDay: '2020-01-01', counts: [1] }],
    })
    expect(server.calls).toEqual(['GET sync/changes'])
  })

  it("asks a new device's first page while it creates its copy, and only once", async () => {
    const server = fakeServer()
    storeActivity(server, 'a1', 'Read')
    const asked: Array<{ path: string; loaded: boolean; after: unknown }> = []
    // Whether the engine being started (the last one made) had read its copy at each request.
    const request: typeof server.request = (path, options) => {
      const loaded = engines.at(-1)?.status.loaded ?? false
      asked.push({ path, loaded, after: options?.query?.after })
      return server.request(path, options)
    }
    const pulls = () => asked.filter((call) => call.path === 'sync/changes')
    const uid = `u-${Math.random()}`
    const first = await startEngine(server, uid, { request })
    expect(pulls()).toEqual([{ path: 'sync/changes', loaded: false, after: undefined }])
    expect(first.engine.view.activities.get('a1')?.name).toBe('Read')

    // The same device again (a reload): its copy is read first, then asked for what is new.
    first.engine.stop()
    asked.length = 0
    storeActivity(server, 'a2', 'Walk')
    const again = await startEngine(server, uid, { request })
    expect(pulls()).toEqual([{ path: 'sync/changes', loaded: true, after: expect.any(String) }])
    expect(again.engine.view.activities.get('a2')?.name).toBe('Walk')
  })

  it('is readable for a first screen once its copy is read, at once on a device without one', async () => {
    const server = fakeServer()
    storeActivity(server, 'a1', 'Read')
    const uid = `u-${Math.random()}`
    // A new device has nothing to read: its first screen need not wait for the copy's creation.
    const fresh = makeEngine(server, uid).engine
    const started = fresh.start()
    await fresh.whenReadable()
    expect(fresh.status.loaded).toBe(false)
    await started
    await fresh.settled()
    fresh.stop()

    // The same device again (a reload): readable once the copy is read, with what it holds.
    const again = makeEngine(server, uid).engine
    void again.start()
    await again.whenReadable()
    expect(again.status.loaded).toBe(true)
    expect(again.view.activities.get('a1')?.name).toBe('Read')
  })

  it('is readable when its copy cannot be opened, so that the screen is drawn all the same', async () => {
    const server = fakeServer()
    const uid = `u-${Math.random()}`
    const first = await startEngine(server, uid)
    first.engine.stop()
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The copy is blocked', 'UnknownError')
    })
    try {
      const again = makeEngine(server, uid).engine
      const started = again.start()
      await again.whenReadable()
      expect(again.status.loaded).toBe(false)
      await expect(started).rejects.toThrow('The copy is blocked')
    } finally {
      open.mockRestore()
    }
  })

  it('asks the first page again when the one asked ahead found the device offline', async () => {
    const server = fakeServer()
    storeActivity(server, 'a1', 'Read')
    let answered = false
    const request: typeof server.request = (path, options) => {
      if (path === 'sync/changes' && !answered) {
        answered = true
        return Promise.reject(new TypeError('Failed to fetch'))
      }
      return server.request(path, options)
    }
    const { engine } = await startEngine(server, undefined, { request })
    expect(engine.status.synced).toBe(true)
    expect(engine.view.activities.get('a1')?.name).toBe('Read')
  })

  it('asks for a small first page, for a first screen soon, and the rest in the largest pages', async () => {
    const server = fakeServer()
    for (let index = 0; index < 6500; index++) {
      server.store('events', {
        id: `e${index}`,
        activityId: 'a1',
        eventDate: new Date().toISOString(),
        deletedAt: null,
      })
    }
    const limits: unknown[] = []
    const request: typeof server.request = (path, options) => {
      if (path === 'sync/changes') limits.push(options?.query?.limit)
      return server.request(path, options)
    }
    const engine = new SyncEngine({
      uid: 'u-pages',
      openStream: quietStream,
      timeZone: () => 'UTC',
      request,
      onRejected: () => {},
    })
    engines.push(engine)
    await engine.start()
    await engine.settled()
    expect(limits).toEqual([SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, SYNC_PAGE_MAX])
    expect(engine.view.events.size).toBe(6500)
  })

  it('does not show a first sync cut short (a reload between its pages) until the rest is in', async () => {
    const server = fakeServer()
    storeActivity(server, 'a1', 'Read')
    for (let index = 0; index < SYNC_PAGE_DEFAULT + 10; index++) {
      server.store('events', {
        id: `e${index}`,
        activityId: 'a1',
        eventDate: new Date().toISOString(),
        deletedAt: null,
      })
    }
    const uid = 'cut-short'
    let pages = 0
    const first = new SyncEngine({
      uid,
      openStream: quietStream,
      timeZone: () => 'UTC',
      // The connection drops after the first page.
      request: (path, options) =>
        path === 'sync/changes' && ++pages > 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : server.request(path, options),
      onRejected: () => {},
    })
    await first.start()
    await first.settled()
    expect(first.view.events.size).toBeGreaterThan(0)
    expect(first.status.synced).toBe(false)
    first.stop()

    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      answer = resolve
    })
    const second = new SyncEngine({
      uid,
      openStream: quietStream,
      timeZone: () => 'UTC',
      request: (path, options) => held.then(() => server.request(path, options)),
      onRejected: () => {},
    })
    engines.push(second)
    await second.start()
    expect(second.status.loaded).toBe(true)
    // Today's events may be on the pages still missing: the screens keep waiting.
    expect(second.status.synced).toBe(false)
    answer()
    await second.settled()
    expect(second.status.synced).toBe(true)
    expect(second.view.events.size).toBe(SYNC_PAGE_DEFAULT + 10)
  })

  it('leaves events dated before its window to the history, also when a later pull brings them', async () => {
    const server = fakeServer()
    storeActivity(server, 'a1', 'Read')
    const uid = 'imported-here'
    const event = (id: string, eventDate: string, updatedAt: string | null = null) =>
      server.store('events', {
        id,
        activityId: 'a1',
        eventDate,
        attributes: {},
        updatedAt,
        deletedAt: null,
      })
    event('e-moved', new Date().toISOString())
    const { engine } = await startEngine(server, uid)
    expect([...engine.view.events.keys()]).toEqual(['e-moved'])
    // Another device moves one back before the window, and imports years of history.
    event('e-moved', '2021-06-01T08:00:00.000Z', new Date().toISOString())
    event('e-2019', '2019-03-01T08:00:00.000Z')
    event('e-2020', '2020-03-01T08:00:00.000Z')
    event('e-today', new Date().toISOString())
    server.calls.length = 0
    engine.kick()
    await engine.settled()
    expect([...engine.view.events.keys()]).toEqual(['e-today'])
    // Their days are counted in the history, asked again.
    expect(server.calls).toContain('GET sync/history')

    // What a start reads holds them no more either.
    engine.stop()
    engines.splice(engines.indexOf(engine), 1)
    const again = await startUnanswered(uid)
    expect([...again.view.events.keys()]).toEqual(['e-today'])
  })

  it('lets old events go from a copy that kept them (stored before the window rule)', async () => {
    const uid = 'kept-old'
    const db = await openLocalDb(uid)
    const event = (id: string, eventDate: string) =>
      ({ id, activityId: 'a1', eventDate, attributes: {}, deletedAt: null }) as never
    await storeServerState(db, {
      records: {
        events: [
          event('e-old', '2019-03-01T08:00:00.000Z'),
          event('e-new', new Date().toISOString()),
        ],
      },
      meta: { cursor: '3', complete: true, eventsFrom: '2026-01-01T00:00:00.000Z' },
    })
    db.close()
    const engine = await startUnanswered(uid)
    expect([...engine.view.events.keys()]).toEqual(['e-new'])
    const reopened = await openLocalDb(uid)
    await expect.poll(() => reopened.getAllKeys('events')).toEqual(['e-new'])
    reopened.close()
  })

  it('leaves the copy as it was when a pull brings nothing, and says so when it brings something', async () => {
    const server = fakeServer()
    const { engine } = await startEngine(server)
    const before = engine.version
    engine.kick()
    await engine.settled()
    expect(server.calls.filter((call) => call === 'GET sync/changes')).toHaveLength(2)
    expect(engine.version).toBe(before)

    storeActivity(server, 'a1', 'Read')
    engine.kick()
    await engine.settled()
    expect(engine.version).toBeGreaterThan(before)
    expect(engine.view.activities.get('a1')?.name).toBe('Read')
  })

  it('treats a delete of a record already gone as done', async () => {
    const server = fakeServer()
    const { engine, refused } = await startEngine(server)
    await engine.write({ op: 'delete', table: 'goals', id: 'g-never' })
    await engine.settled()
    expect(refused).toEqual([])
    expect(engine.status.pending).toBe(0)
  })
})

describe('SyncEngine refusals of what another device deleted meanwhile', () => {
  /** A device with habits Read, Walk and Swim (and `setUp`'s records) pulled, then offline. */
  async function offlineDevice(setUp: (server: ReturnType<typeof fakeServer>) => void = () => {}) {
    const server = fakeServer()
    storeActivity(server, 'a-read', 'Read')
    storeActivity(server, 'a-walk', 'Walk')
    storeActivity(server, 'a-swim', 'Swim')
    setUp(server)
    const device = await startEngine(server)
    server.setOffline(true)
    /** Back online: sends what waits, and pulls. */
    const reconnect = async () => {
      server.setOffline(false)
      device.engine.kick()
      await device.engine.settled()
    }
    return { server, ...device, reconnect }
  }

  it('saves a group edited offline without its habit deleted meanwhile, keeps the rest, and tells', async () => {
    const { server, engine, refused, outcomes, reconnect } = await offlineDevice((s) =>
      storeGroup(s, 'g1', ['a-read']),
    )
    const body = {
      name: 'Early',
      description: '',
      color: '#228be6',
      activities: ['a-read', 'a-walk', 'a-swim'],
    }
    await engine.write({ op: 'update', table: 'groups', id: 'g1', body })
    server.remove('activities', 'a-walk')
    await reconnect()

    expect(refused).toEqual([
      'The group Early was saved without Walk: that habit was deleted on another device.',
    ])
    expect(outcomes).toEqual(['trimmed'])
    expect(server.records.get('groups/g1')).toMatchObject({
      name: 'Early',
      activities: ['a-read', 'a-swim'],
    })
    expect(engine.view.groups.get('g1')).toMatchObject({
      name: 'Early',
      activities: ['a-read', 'a-swim'],
    })
    expect(engine.status.pending).toBe(0)
  })

  it('saves a group created offline without its habits deleted meanwhile, naming them all', async () => {
    const { server, engine, refused, outcomes, reconnect } = await offlineDevice()
    await engine.write({
      op: 'create',
      table: 'groups',
      id: 'g-new',
      body: { name: 'Outdoors', description: '', activities: ['a-walk', 'a-read', 'a-swim'] },
    })
    server.remove('activities', 'a-walk')
    server.remove('activities', 'a-swim')
    await reconnect()

    expect(refused).toEqual([
      'The group Outdoors was saved without Walk and Swim: those habits were deleted on another device.',
    ])
    expect(outcomes).toEqual(['trimmed'])
    expect(server.records.get('groups/g-new')).toMatchObject({
      name: 'Outdoors',
      activities: ['a-read'],
    })
    expect(engine.view.groups.get('g-new')?.activities).toEqual(['a-read'])
  })

  it('drops a group edit whose every habit was deleted meanwhile (a group needs one) and tells', async () => {
    const { server, engine, refused, outcomes, reconnect } = await offlineDevice((s) =>
      storeGroup(s, 'g1', ['a-read']),
    )
    await engine.write({
      op: 'update',
      table: 'groups',
      id: 'g1',
      body: { name: 'Early', description: '', color: '#228be6', activities: ['a-walk'] },
    })
    server.remove('activities', 'a-walk')
    await reconnect()

    expect(refused).toEqual([
      'The group Early was not saved: its habit was deleted on another device.',
    ])
    expect(outcomes).toEqual(['dropped'])
    expect(server.records.get('groups/g1')).toMatchObject({
      name: 'Mornings',
      activities: ['a-read'],
    })
    expect(engine.view.groups.get('g1')?.name).toBe('Mornings')
    expect(engine.status.pending).toBe(0)
  })

  it('saves an event logged offline without its value of an attribute deleted meanwhile, and tells', async () => {
    const { server, engine, refused, outcomes, reconnect } = await offlineDevice((s) => {
      storeAttribute(s, 'at-pages', 'a-read', 'Pages')
      storeAttribute(s, 'at-mood', 'a-read', 'Mood')
    })
    await engine.write({
      op: 'create',
      table: 'events',
      id: 'e1',
      body: {
        activityId: 'a-read',
        eventDate: '2026-11-23T09:00:00.000Z',
        attributes: { 'at-pages': '12', 'at-mood': 'calm' },
      },
    })
    server.remove('attributes', 'at-mood')
    await reconnect()

    expect(refused).toEqual([
      'The event for Read was saved without its Mood value: that attribute was deleted on another device.',
    ])
    expect(outcomes).toEqual(['trimmed'])
    expect(server.records.get('events/e1')?.attributes).toEqual({ 'at-pages': '12' })
    expect(engine.view.events.get('e1')?.attributes).toEqual({ 'at-pages': '12' })
    expect(engine.status.pending).toBe(0)
  })

  it('drops an event that cannot be saved without what was deleted: a newly required attribute', async () => {
    const { server, engine, refused, outcomes, reconnect } = await offlineDevice((s) => {
      storeAttribute(s, 'at-mood', 'a-read', 'Mood')
    })
    await engine.write({
      op: 'create',
      table: 'events',
      id: 'e1',
      body: {
        activityId: 'a-read',
        eventDate: '2026-11-23T09:00:00.000Z',
        attributes: { 'at-mood': 'calm' },
      },
    })
    // Another device deletes Mood and gives Read a required Note.
    server.remove('attributes', 'at-mood')
    storeAttribute(server, 'at-note', 'a-read', 'Note', true)
    await reconnect()

    expect(refused).toEqual([
      'The event for Read was not saved: the attributes of its habit were changed on another device.',
    ])
    expect(outcomes).toEqual(['dropped'])
    expect(server.records.has('events/e1')).toBe(false)
    expect(engine.view.events.has('e1')).toBe(false)
    expect(server.calls.filter((call) => call === 'POST events')).toHaveLength(1)
  })

  it('leaves nothing out of a change refused for anything but a deletion', () => {
    const event = {
      op: 'create' as const,
      table: 'events' as const,
      id: 'e1',
      at: '2026-11-23T09:00:00.000Z',
      body: { activityId: 'a-read', attributes: { 'at-pages': 500 } },
    }
    // The value is out of the range of an attribute that still exists.
    const tooMany = new ApiError(400, 'validation-failed', 'attributes.at-pages: At most 100.', {
      'attributes.at-pages': 'At most 100.',
    })
    expect(trimRefused(event, tooMany)).toBeUndefined()
    const habitGone = new ApiError(
      400,
      'validation-failed',
      'activityId : Ce n’est pas une de vos habitudes.',
      { activityId: 'Ce n’est pas une de vos habitudes.' },
      { activityId: { code: FIELD_REASON.notAnActivity } },
    )
    expect(trimRefused(event, habitGone)).toBeUndefined()
    const group = {
      op: 'update' as const,
      table: 'groups' as const,
      id: 'g1',
      at: '2026-11-23T09:00:00.000Z',
      body: { name: 'A very long name of a group', activities: ['a-read', 'a-walk'] },
    }
    const missingWalk = { activities: { code: FIELD_REASON.notAnActivity, ids: ['a-walk'] } }
    const nameAndHabit = new ApiError(
      400,
      'validation-failed',
      'name : 30 caractères au maximum.',
      { name: '30 caractères au maximum.', activities: 'Pas une de vos habitudes : a-walk' },
      missingWalk,
    )
    expect(trimRefused(group, nameAndHabit)).toBeUndefined()
    // The words are the user's language's; the reason says which habit is gone.
    const habit = new ApiError(
      400,
      'validation-failed',
      'activities: ليست من عاداتك: a-walk',
      { activities: 'ليست من عاداتك: a-walk' },
      missingWalk,
    )
    expect(trimRefused(group, habit)).toEqual({
      entry: { ...group, body: { ...group.body, activities: ['a-read'] } },
      leftOut: ['a-walk'],
    })
    // A reason of another field, or another code, is no deletion to leave out.
    const otherReason = new ApiError(
      400,
      'validation-failed',
      'activities: …',
      { activities: 'ليست من عاداتك: a-walk' },
      { activityId: { code: FIELD_REASON.notAnActivity } },
    )
    expect(trimRefused(group, otherReason)).toBeUndefined()
  })

  it('reads the English words of a server from before the reasons (decision 162)', () => {
    const group = {
      op: 'update' as const,
      table: 'groups' as const,
      id: 'g1',
      at: '2026-11-23T09:00:00.000Z',
      body: { name: 'Early', activities: ['a-read', 'a-walk', 'a-swim'] },
    }
    const habits = new ApiError(400, 'validation-failed', 'activities: Not.', {
      activities: 'Not an activity of yours: a-walk, a-swim',
    })
    expect(trimRefused(group, habits)?.leftOut).toEqual(['a-walk', 'a-swim'])
    const event = {
      op: 'create' as const,
      table: 'events' as const,
      id: 'e1',
      at: '2026-11-23T09:00:00.000Z',
      body: { activityId: 'a-read', attributes: { 'at-pages': 5, 'at-mood': 'calm' } },
    }
    const mood = new ApiError(400, 'validation-failed', 'attributes.at-mood: Not.', {
      'attributes.at-mood': NOT_AN_ATTRIBUTE,
    })
    expect(trimRefused(event, mood)).toEqual({
      entry: { ...event, body: { ...event.body, attributes: { 'at-pages': 5 } } },
      leftOut: ['at-mood'],
    })
    // Words in another language without reasons are not read.
    const german = new ApiError(400, 'validation-failed', 'attributes.at-mood: Nein.', {
      'attributes.at-mood': 'Kein Merkmal dieser Gewohnheit.',
    })
    expect(trimRefused(event, german)).toBeUndefined()
  })
})

/**
 * The API on a real port, answered by `answer` (the engine's own client calls it with fetch):
 * an empty account by default, for the calls `answer` leaves (answers undefined).
 */
async function startHttpServer(
  answer: (request: IncomingMessage, response: ServerResponse) => boolean | undefined,
) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      bodies.set(request, Buffer.concat(chunks).toString())
      if (answer(request, response)) return
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(NO_CHANGES))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  servers.push(server)
}
const servers: ReturnType<typeof createServer>[] = []
/** The bodies the servers of startHttpServer received, by request. */
const bodies = new WeakMap<IncomingMessage, string>()
afterEach(async () => {
  setApiBaseUrl('')
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

describe('SyncEngine when the server keeps failing', () => {
  const answer503 = (response: ServerResponse) => {
    response.writeHead(503, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ error: { code: 'unavailable', message: 'Retry shortly.' } }))
    return true
  }
  const answerStored = (request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(201, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ id: 'a1', ...activityBody('Read'), attributes: [] }))
    stored.push(String(request.url))
    return true
  }
  const stored: string[] = []

  /** An engine on the app's own client (real fetch), its statuses recorded as they come. */
  async function startRealEngine(sendTimeoutMs?: number) {
    const engine = new SyncEngine({
      uid: `u-${Math.random()}`,
      openStream: quietStream,
      timeZone: () => 'UTC',
      onRejected: () => {},
      sendTimeoutMs,
    })
    engines.push(engine)
    const told: boolean[] = []
    engine.subscribe(() => told.push(engine.status.serverFailing))
    await engine.start()
    await engine.settled()
    return { engine, told }
  }

  /** One more round now (as the retry would, without waiting for its timer). */
  async function retry(engine: SyncEngine) {
    engine.kick()
    await engine.settled()
  }

  it('says so once the tries keep failing with 5xx, keeps the change, and stops once it is sent', async () => {
    let failing = true
    await startHttpServer((request, response) => {
      if (request.method !== 'POST') return undefined
      return failing ? answer503(response) : answerStored(request, response)
    })
    const { engine } = await startRealEngine()
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: activityBody('Read') })
    await engine.settled()
    // One failure is often a passing one: not told.
    expect(engine.status).toMatchObject({ pending: 1, online: true, serverFailing: false })
    for (let round = 2; round < FAILURES_TOLD; round++) await retry(engine)
    expect(engine.status.serverFailing).toBe(false)
    await retry(engine)
    expect(engine.status).toMatchObject({ pending: 1, online: true, serverFailing: true })
    expect(engine.view.activities.get('a1')?.name).toBe('Read')

    failing = false
    await retry(engine)
    expect(engine.status).toMatchObject({ pending: 0, serverFailing: false })
    expect(stored).toContain('/api/activities')
  })

  it("still brings other devices' changes while the server fails a send", async () => {
    let walked = false
    await startHttpServer((request, response) => {
      if (request.method === 'POST') {
        // Another device adds a habit meanwhile.
        walked = true
        return answer503(response)
      }
      if (!walked) return undefined
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          activities: [
            {
              id: 'b1',
              ...activityBody('Walk'),
              author: 'u1',
              attributes: [],
              createdAt: '2026-11-20T00:00:00.000Z',
              updatedAt: null,
              deletedAt: null,
            },
          ],
          attributes: [],
          groups: [],
          goals: [],
          events: [],
          cursor: '7',
          more: false,
          olderEvents: false,
        }),
      )
      return true
    })
    const { engine } = await startRealEngine()
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: activityBody('Read') })
    await engine.settled()
    expect(engine.status.pending).toBe(1)
    expect([...engine.view.activities.values()].map((activity) => activity.name).sort()).toEqual([
      'Read',
      'Walk',
    ])
  })

  it('does not tell of a single failure: the retry sends it', async () => {
    let failures = 0
    await startHttpServer((request, response) => {
      if (request.method !== 'POST') return undefined
      if (failures++ === 0) return answer503(response)
      return answerStored(request, response)
    })
    const { engine, told } = await startRealEngine()
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: activityBody('Read') })
    // The engine's own retry (a second later), not a kick.
    await expect.poll(() => engine.status.pending, { timeout: 30_000 }).toBe(0)
    expect(failures).toBe(2)
    expect(told).not.toContain(true)
  }, 60_000)

  it('counts a send the server does not answer in time as its failure, not as offline', async () => {
    await startHttpServer((request) => request.method === 'POST' || undefined)
    const { engine } = await startRealEngine(50)
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: activityBody('Read') })
    await engine.settled()
    for (let round = 1; round < FAILURES_TOLD; round++) await retry(engine)
    expect(engine.status).toMatchObject({ pending: 1, online: true, serverFailing: true })
  })
})

/** Live change streams the engine opens, each one the test writes `change` events to. */
function fakeStreams(calls?: string[]) {
  const encoder = new TextEncoder()
  const opened: Array<{
    announce: (cursor: number) => void
    end: () => void
    signal: AbortSignal
  }> = []
  let refuse: Error | undefined
  const openStream = async (signal: AbortSignal) => {
    calls?.push('STREAM')
    if (refuse) throw refuse
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c
      },
    })
    signal.addEventListener('abort', () => {
      try {
        controller?.error(new DOMException('The stream was closed.', 'AbortError'))
      } catch {
        // Already ended.
      }
    })
    const write = (text: string) => controller?.enqueue(encoder.encode(text))
    // A heartbeat comes first, and events may be cut anywhere between reads.
    write(': open\n\n')
    opened.push({
      announce: (cursor) => {
        const event = `event: change\ndata: {"cursor":"${cursor}"}\n\n`
        write(event.slice(0, 9))
        write(event.slice(9))
      },
      end: () => controller?.close(),
      signal,
    })
    return body
  }
  return {
    opened,
    openStream,
    last: () => opened.at(-1) as (typeof opened)[number],
    refuse: (error: Error | undefined) => {
      refuse = error
    },
  }
}

/** Sets what document.visibilityState answers and tells the page, as a browser does. */
function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('SyncEngine live change stream', () => {
  afterEach(() => setVisibility('visible'))

  const pulls = (server: ReturnType<typeof fakeServer>) =>
    server.calls.filter((call) => call === 'GET sync/changes').length
  /** The feed's latest number: what the server announces after a write. */
  const latest = async (server: ReturnType<typeof fakeServer>) => {
    const calls = server.calls.length
    const answer = await server.request<SyncChanges>('sync/changes', { query: {} })
    server.calls.splice(calls, 1)
    return Number(answer.cursor)
  }

  it("opens after the first round, and pulls at once when it announces another device's change", async () => {
    const server = fakeServer()
    const streams = fakeStreams(server.calls)
    const { engine } = await startEngine(server, undefined, { openStream: streams.openStream })
    // Never before the first screen's pull.
    expect(server.calls.indexOf('STREAM')).toBeGreaterThan(server.calls.indexOf('GET sync/changes'))
    expect(streams.opened).toHaveLength(1)
    storeActivity(server, 'a-other', 'Swim')
    streams.last().announce(await latest(server))
    // Far sooner than the 15 s poll, which these real timers never reach.
    await vi.waitFor(() => expect(engine.view.activities.get('a-other')?.name).toBe('Swim'))
    expect(engine.status).toMatchObject({ online: true, pending: 0, serverFailing: false })
  })

  it('opens a while after the first round, not with it, so that the page has a moment without requests', async () => {
    const server = fakeServer()
    const streams = fakeStreams(server.calls)
    const { engine } = await startEngine(server, undefined, {
      openStream: streams.openStream,
      liveOpenDelayMs: 300,
    })
    expect(engine.status.synced).toBe(true)
    expect(streams.opened).toHaveLength(0)
    await vi.waitFor(() => expect(streams.opened).toHaveLength(1))
  })

  it('opens only once what the page loads ahead of need has settled, however long it takes', async () => {
    const server = fakeServer()
    const streams = fakeStreams(server.calls)
    const settle = startLoadAhead()
    const { engine } = await startEngine(server, undefined, {
      openStream: streams.openStream,
      liveOpenDelayMs: 20,
    })
    expect(engine.status.synced).toBe(true)
    // A timer set after the engine's, for as long, runs after it; then the next task (where the
    // idle wait would have run): past the delay, still loading ahead, still no stream.
    await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(streams.opened).toHaveLength(0)
    settle()
    await vi.waitFor(() => expect(streams.opened).toHaveLength(1))
  })

  it('does not pull for what its copy has (its own write announced back)', async () => {
    const server = fakeServer()
    const streams = fakeStreams()
    const { engine } = await startEngine(server, undefined, { openStream: streams.openStream })
    await engine.write({ op: 'create', table: 'activities', id: 'a1', body: activityBody('Read') })
    await engine.settled()
    const before = pulls(server)
    streams.last().announce(await latest(server))
    storeActivity(server, 'a2', 'Walk')
    streams.last().announce(await latest(server))
    await vi.waitFor(() => expect(engine.view.activities.get('a2')).toBeDefined())
    await engine.settled()
    // The second announcement's pull only: the first named what the copy had.
    expect(pulls(server)).toBe(before + 1)
  })

  it('follows a pull under way with one more for a burst announced during it, not one each', async () => {
    const server = fakeServer()
    const streams = fakeStreams()
    let hold: Promise<void> | undefined
    let release = () => {}
    let answered = () => {}
    const { engine } = await startEngine(server, undefined, {
      openStream: streams.openStream,
      // A pull whose page the server has read, its answer still on the way.
      request: async (path, options) => {
        const answer = await server.request(path, options)
        if (path === 'sync/changes' && hold) {
          answered()
          await hold
        }
        return answer as never
      },
    })
    const before = pulls(server)
    hold = new Promise<void>((resolve) => {
      release = resolve
    })
    const pageRead = new Promise<void>((resolve) => {
      answered = resolve
    })
    storeActivity(server, 'b1', 'One')
    streams.last().announce(await latest(server))
    await pageRead
    hold = undefined
    for (const [id, name] of [
      ['b2', 'Two'],
      ['b3', 'Three'],
      ['b4', 'Four'],
    ] as const) {
      storeActivity(server, id, name)
      streams.last().announce(await latest(server))
    }
    release()
    await vi.waitFor(() => expect(engine.view.activities.get('b4')).toBeDefined())
    await engine.settled()
    expect(pulls(server) - before).toBe(2)
    expect([...engine.view.activities.keys()].sort()).toEqual(['b1', 'b2', 'b3', 'b4'])
  })

  it('closes while the page is hidden and on stop, and opens again when it is in view', async () => {
    const server = fakeServer()
    const streams = fakeStreams()
    const { engine } = await startEngine(server, undefined, { openStream: streams.openStream })
    const first = streams.last()
    setVisibility('hidden')
    expect(first.signal.aborted).toBe(true)
    setVisibility('visible')
    expect(streams.opened).toHaveLength(2)
    engine.stop()
    expect(streams.last().signal.aborted).toBe(true)
  })

  it('opens again after the server ends it or refuses it, without a word in the sync status', async () => {
    const server = fakeServer()
    const streams = fakeStreams()
    const { engine } = await startEngine(server, undefined, { openStream: streams.openStream })
    const shown = engine.status
    streams.refuse(new ApiError(503, 'unavailable', 'The server is stopping.'))
    streams.last().end()
    // Refused once (1 s on), then opened (2 s after that).
    await vi.waitFor(() => expect(streams.opened).toHaveLength(1), { timeout: 5_000 })
    streams.refuse(undefined)
    await vi.waitFor(() => expect(streams.opened).toHaveLength(2), { timeout: 5_000 })
    expect(engine.status).toEqual(shown)
    storeActivity(server, 'c1', 'Back')
    streams.last().announce(await latest(server))
    await vi.waitFor(() => expect(engine.view.activities.get('c1')).toBeDefined())
  })
})

/** The days with events, per activity: what two DayTotals must agree on. */
function daysWithEvents(days: ReadonlyMap<string, DayTotals>) {
  const out: Record<string, Record<string, number>> = {}
  for (const [activityId, totals] of days) {
    const first = Date.parse(`${totals.firstDay}T00:00:00Z`)
    totals.counts.forEach((count, index) => {
      if (count === 0) return
      const day = new Date(first + index * 86_400_000).toISOString().slice(0, 10)
      out[activityId] = { ...out[activityId], [day]: count }
    })
    const values = totals.numbers?.n
    values?.sums.forEach((sum, index) => {
      if ((values.entries[index] ?? 0) === 0) return
      const day = new Date(first + index * 86_400_000).toISOString().slice(0, 10)
      out[`${activityId} n`] = { ...out[`${activityId} n`], [day]: sum }
    })
  }
  return out
}

describe("SyncEngine: the device's days equal the server's", () => {
  const DAY = 86_400_000
  /** Days back from today: 0 to 89 are in the device's window of records, 90 and more are not. */
  const anyDaysBack = fc.constantFrom(0, 2, 3, 89, 91, 95, 200)
  const anyWrite = fc.oneof(
    fc.record({ op: fc.constant('create' as const), back: anyDaysBack, n: fc.nat(9) }),
    fc.record({ op: fc.constant('move' as const), pick: fc.nat(20), back: anyDaysBack }),
    fc.record({ op: fc.constant('edit' as const), pick: fc.nat(20), n: fc.nat(9) }),
    fc.record({ op: fc.constant('delete' as const), pick: fc.nat(20) }),
    fc.record({ op: fc.constant('moveHere' as const), pick: fc.nat(20), back: anyDaysBack }),
    fc.constant({ op: 'pull' as const }),
  )

  it('after any writes here and elsewhere (create, move across the window both ways, edit, delete) and a pull', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyWrite, { minLength: 1, maxLength: 12 }), async (writes) => {
        const server = fakeServer()
        storeActivity(server, 'a1', 'Read')
        const at = (back: number) => new Date(Date.now() - back * DAY).toISOString()
        let made = 0
        const create = (back: number, n: number) => {
          made += 1
          server.store('events', {
            id: `e${made}`,
            activityId: 'a1',
            eventDate: at(back),
            attributes: { n },
            author: 'u1',
            createdAt: new Date().toISOString(),
            updatedAt: null,
            deletedAt: null,
          })
        }
        // Some history before the device's first sync, old and recent.
        create(200, 1)
        create(95, 2)
        create(3, 3)
        const { engine } = await startEngine(server, `days-${Math.random()}`)
        const liveIds = () =>
          [...server.records.keys()]
            .filter((key) => key.startsWith('events/'))
            .map((k) => k.slice(7))
        for (const write of writes) {
          const ids = liveIds()
          const id =
            ids.length > 0 ? ids[('pick' in write ? write.pick : 0) % ids.length] : undefined
          const stored = id ? server.records.get(`events/${id}`) : undefined
          const edited = { updatedAt: new Date().toISOString() }
          if (write.op === 'create') create(write.back, write.n)
          else if (write.op === 'pull') {
            engine.kick()
            await engine.settled()
          } else if (stored && write.op === 'move') {
            server.store('events', { ...stored, eventDate: at(write.back), ...edited })
          } else if (stored && write.op === 'edit') {
            server.store('events', { ...stored, attributes: { n: write.n }, ...edited })
          } else if (stored && id && write.op === 'delete') {
            server.remove('events', id)
          } else if (id && write.op === 'moveHere' && engine.view.events.has(id)) {
            // This device moves an event it holds (the server applies it when it is sent).
            const held = engine.view.events.get(id)
            await engine.write({
              op: 'update',
              table: 'events',
              id,
              body: { activityId: 'a1', eventDate: at(write.back), attributes: held?.attributes },
            })
          }
        }
        engine.kick()
        await engine.settled()
        const meta = engine.syncMeta
        const waiting = new Set(engine.pendingEntries.map((entry) => entry.id))
        const device = buildHabitDays({
          history: meta.history,
          events: engine.view.events.values(),
          eventsFrom: meta.eventsFrom,
          isWaiting: (eventId) => waiting.has(eventId),
          timeZone: 'UTC',
        })
        const events = [...server.records.entries()]
          .filter(([key]) => key.startsWith('events/'))
          .map(([, record]) => record as unknown as ValuedEventLike)
        expect(daysWithEvents(device)).toEqual(
          daysWithEvents(buildDayTotalsByActivity(events, 'UTC')),
        )
        engine.stop()
        engines.splice(engines.indexOf(engine), 1)
      }),
      { numRuns: 40, seed: 20261129 },
    )
  })

  it('counts an old event moved into the window once, on its new day (issue 50)', async () => {
    const server = fakeServer()
    storeActivity(server, 'a1', 'Read')
    const old = new Date(Date.now() - 120 * DAY).toISOString()
    server.store('events', {
      id: 'e-old',
      activityId: 'a1',
      eventDate: old,
      attributes: {},
      author: 'u1',
      createdAt: old,
      updatedAt: null,
      deletedAt: null,
    })
    const { engine } = await startEngine(server, `moved-${Math.random()}`)
    expect(engine.syncMeta.history?.activities).toHaveLength(1)
    const stored = server.records.get('events/e-old')
    const moved = new Date(Date.now() - 3 * DAY).toISOString()
    server.store('events', { ...stored, eventDate: moved, updatedAt: new Date().toISOString() })
    engine.kick()
    await engine.settled()
    const days = buildHabitDays({
      history: engine.syncMeta.history,
      events: engine.view.events.values(),
      eventsFrom: engine.syncMeta.eventsFrom,
      timeZone: 'UTC',
    })
    expect(days.get('a1')?.counts.reduce((sum, count) => sum + count, 0)).toBe(1)
  })
})

describe('SyncEngine edits that merge', () => {
  it('sends an edit as its changed fields, each with its time', async () => {
    const server = fakeServer()
    storeActivity(server, 'a-test', 'Test')
    const { engine } = await startEngine(server)
    await engine.write({
      op: 'update',
      table: 'activities',
      id: 'a-test',
      body: { description: 'Ten minutes' },
    })
    await engine.settled()
    const put = server.bodies.find(({ call }) => call === 'PUT activities/a-test')
    const body = put?.body as { description: string; fieldTimes: Record<string, string> }
    expect(Object.keys(body).sort()).toEqual(['description', 'fieldTimes'])
    expect(Object.keys(body.fieldTimes)).toEqual(['description'])
    expect(server.records.get('activities/a-test')).toMatchObject({
      name: 'Test',
      description: 'Ten minutes',
    })
  })

  it('tells the user in words when a newer change from another device replaced a field', async () => {
    const server = fakeServer()
    storeActivity(server, 'a-test', 'Test')
    const { engine, refused, outcomes } = await startEngine(server)
    server.setOffline(true)
    await engine.write({
      op: 'update',
      table: 'activities',
      id: 'a-test',
      body: { name: 'Meditate' },
    })
    await engine.write({
      op: 'update',
      table: 'activities',
      id: 'a-test',
      body: { description: 'Ten minutes' },
    })
    // Later, a laptop online renames it (and its change reaches the server first).
    server.setOffline(false)
    const laptop = formatHlc({ wall: Date.now() + 1, counter: 0, node: 'laptop' })
    await server.request('activities/a-test', {
      method: 'PUT',
      body: { name: 'Stretch', fieldTimes: { name: laptop } },
    })
    engine.kick()
    await engine.settled()

    expect(refused).toEqual([
      'Your change to the name of Test was replaced by a newer change from another device.',
    ])
    expect(outcomes).toEqual(['replaced'])
    expect(server.records.get('activities/a-test')).toMatchObject({
      name: 'Stretch',
      description: 'Ten minutes',
    })
    expect(engine.view.activities.get('a-test')).toMatchObject({
      name: 'Stretch',
      description: 'Ten minutes',
    })
  })

  it('merges edits queued offline for a day: older fields lose, the others are kept', async () => {
    const server = fakeServer()
    storeActivity(server, 'a-test', 'Test')
    // Yesterday: the device pulls, goes offline, and the user renames and recolours.
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now - 24 * 3_600_000)
    const { engine, refused } = await startEngine(server)
    server.setOffline(true)
    await engine.write({
      op: 'update',
      table: 'activities',
      id: 'a-test',
      body: { name: 'Meditate', color: '#40c057' },
    })
    clock.mockRestore()
    // Today another device renamed it; the colour it never touched.
    server.setOffline(false)
    const laptop = formatHlc({ wall: now - 3_600_000, counter: 0, node: 'laptop' })
    await server.request('activities/a-test', {
      method: 'PUT',
      body: { name: 'Stretch', fieldTimes: { name: laptop } },
    })
    engine.kick()
    await engine.settled()

    expect(server.records.get('activities/a-test')).toMatchObject({
      name: 'Stretch',
      color: '#40c057',
    })
    expect(refused).toEqual([
      'Your change to the name of Test was replaced by a newer change from another device.',
    ])
  })
})

describe('SyncEngine reading a refusal in the user’s language, through the app’s own client', () => {
  afterEach(() => activateLanguage('en'))

  it('leaves out the value of an attribute deleted meanwhile, as the reason says, told in German', async () => {
    await activateLanguage('de')
    const stamps = {
      author: 'u1',
      createdAt: '2026-11-20T00:00:00.000Z',
      updatedAt: null,
      deletedAt: null,
    }
    const sent: { language: string | undefined; body: Record<string, unknown> }[] = []
    await startHttpServer((request, response) => {
      if (request.method === 'GET' && request.url?.startsWith('/api/sync/changes')) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({
            activities: [{ id: 'a-read', ...activityBody('Lesen'), attributes: [], ...stamps }],
            attributes: [
              { id: 'at-pages', activityId: 'a-read', name: 'Seiten', type: 'text', ...stamps },
              { id: 'at-mood', activityId: 'a-read', name: 'Stimmung', type: 'text', ...stamps },
            ],
            groups: [],
            goals: [],
            events: [],
            cursor: '1',
            more: false,
            olderEvents: false,
          }),
        )
        return true
      }
      if (request.method !== 'POST') return undefined
      const body = JSON.parse(bodies.get(request) ?? '{}') as Record<string, unknown>
      sent.push({ language: request.headers['accept-language'], body })
      if (Object.hasOwn(body.attributes as object, 'at-mood')) {
        // As the server answers a device set to German (Accept-Language: de).
        response.writeHead(400, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({
            error: {
              code: 'validation-failed',
              message: 'attributes.at-mood: Kein Merkmal dieser Gewohnheit.',
              fields: { 'attributes.at-mood': 'Kein Merkmal dieser Gewohnheit.' },
              reasons: { 'attributes.at-mood': { code: 'not-an-attribute' } },
            },
          }),
        )
        return true
      }
      response.writeHead(201, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ ...body, ...stamps }))
      return true
    })
    const refused: [string, RefusalOutcome][] = []
    const engine = new SyncEngine({
      uid: `u-${Math.random()}`,
      openStream: quietStream,
      timeZone: () => 'UTC',
      onRejected: (message, outcome) => refused.push([message, outcome]),
    })
    engines.push(engine)
    await engine.start()
    await engine.settled()
    await engine.write({
      op: 'create',
      table: 'events',
      id: 'e1',
      body: {
        activityId: 'a-read',
        eventDate: '2026-11-23T09:00:00.000Z',
        attributes: { 'at-pages': '12', 'at-mood': 'ruhig' },
      },
    })
    await engine.settled()

    expect(sent.map(({ language, body }) => [language, body.attributes])).toEqual([
      ['de', { 'at-pages': '12', 'at-mood': 'ruhig' }],
      ['de', { 'at-pages': '12' }],
    ])
    expect(refused).toEqual([
      [
        'Der Eintrag für Lesen wurde ohne den Wert für Stimmung gespeichert: Dieses Merkmal wurde auf einem anderen Gerät gelöscht.',
        'trimmed',
      ],
    ])
    expect(engine.status.pending).toBe(0)
  })
})
