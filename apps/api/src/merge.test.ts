import { type Activity, type Event, formatHlc } from '@kindling/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './app'
import { REPLACED_HEADER } from './routes/crud'
import {
  caller,
  signUp,
  startTestServer,
  stopTestServer,
  type TestServer,
  type TestUser,
  testBackends,
} from './test/harness'

const minute = 60_000
const hour = 60 * minute
/** A device's time of a change made `ago` ms before now. */
const madeAgo = (ago: number, node: string) =>
  formatHlc({ wall: Date.now() - ago, counter: 0, node })
/**
 * The `nth` time after a record was made, on `node`: changes made after it, in this order, and
 * never after the server's clock (which would count them as made when they arrive).
 */
const madeAfter = (record: { createdAt: string }, nth: number, node: string) =>
  formatHlc({ wall: Date.parse(record.createdAt), counter: nth, node })

/* Edits that merge (issue 50, decision 151): PUT with per-field times on both databases. */
describe.each(await testBackends())('edits that merge on $kind', ({ kind, skip }) => {
  let app: App
  let smtp: TestServer['smtp']
  let backend: TestServer['backend']
  let alice: TestUser

  const call = caller(() => app)
  const habit = async (name: string) => {
    const response = await call(alice, 'POST', '/api/activities', { name, color: '#3b82f6' })
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as Activity
  }
  const put = (id: string, body: Record<string, unknown>) =>
    call(alice, 'PUT', `/api/activities/${id}`, body)
  const get = async (id: string) =>
    (await call(alice, 'GET', `/api/activities/${id}`)).json() as Activity

  beforeAll(async () => {
    if (skip) return
    ;({ smtp, backend, app } = await startTestServer(kind))
    alice = await signUp(app, smtp, `merge-alice-${kind}@example.com`)
  }, 180_000)

  afterAll(async () => {
    if (skip) return
    await stopTestServer({ smtp, backend, app })
  })

  it.skipIf(skip)('keeps changes of different fields from two devices', async () => {
    const test = await habit('Test')
    // The laptop changes the colour online; the phone's earlier rename arrives after it.
    const laptop = await put(test.id, {
      color: '#ef4444',
      fieldTimes: { color: madeAfter(test, 2, 'laptop') },
    })
    expect(laptop.statusCode, laptop.body).toBe(200)
    const phone = await put(test.id, {
      name: 'Meditate',
      fieldTimes: { name: madeAfter(test, 1, 'phone') },
    })
    expect(phone.statusCode, phone.body).toBe(200)
    expect(phone.headers[REPLACED_HEADER]).toBeUndefined()
    expect(phone.json()).toMatchObject({ name: 'Meditate', color: '#ef4444' })
    expect(await get(test.id)).toMatchObject({ name: 'Meditate', color: '#ef4444' })
  })

  it.skipIf(skip)('keeps the later change of one field, whichever arrives first', async () => {
    const test = await habit('Test')
    const phoneTime = madeAfter(test, 1, 'phone')
    const laptopTime = madeAfter(test, 2, 'laptop')
    await put(test.id, { name: 'Stretch', fieldTimes: { name: laptopTime } })
    const late = await put(test.id, { name: 'Meditate', fieldTimes: { name: phoneTime } })
    expect(late.statusCode, late.body).toBe(200)
    expect(late.headers[REPLACED_HEADER]).toBe('name')
    expect(late.json()).toMatchObject({ name: 'Stretch' })
    expect(await get(test.id)).toMatchObject({ name: 'Stretch' })

    const other = await habit('Test')
    const phoneOther = madeAfter(other, 1, 'phone')
    await put(other.id, { name: 'Meditate', fieldTimes: { name: phoneOther } })
    const laptopOther = madeAfter(other, 2, 'laptop')
    const later = await put(other.id, { name: 'Stretch', fieldTimes: { name: laptopOther } })
    expect(later.headers[REPLACED_HEADER]).toBeUndefined()
    expect(await get(other.id)).toMatchObject({ name: 'Stretch' })
  })

  it.skipIf(skip)('applies one field and names the other when only one is newer', async () => {
    const test = await habit('Test')
    await put(test.id, { name: 'Stretch', fieldTimes: { name: madeAfter(test, 2, 'laptop') } })
    const phone = madeAfter(test, 1, 'phone')
    const both = await put(test.id, {
      name: 'Meditate',
      description: 'Ten minutes',
      fieldTimes: { name: phone, description: phone },
    })
    expect(both.headers[REPLACED_HEADER]).toBe('name')
    expect(both.json()).toMatchObject({ name: 'Stretch', description: 'Ten minutes' })
  })

  it.skipIf(skip)('decides two changes sent at once by their times, not their order', async () => {
    const test = await habit('Test')
    const [early, late] = await Promise.all([
      put(test.id, { name: 'Early', fieldTimes: { name: madeAfter(test, 1, 'phone') } }),
      put(test.id, { name: 'Late', fieldTimes: { name: madeAfter(test, 2, 'laptop') } }),
    ])
    expect([early.statusCode, late.statusCode]).toEqual([200, 200])
    expect(await get(test.id)).toMatchObject({ name: 'Late' })
  })

  it.skipIf(skip)('does not let a clock an hour ahead win over later changes', async () => {
    const test = await habit('Test')
    await put(test.id, { name: 'Fast', fieldTimes: { name: madeAgo(-hour, 'fast') } })
    // Made after the fast change arrived, though an hour before what the fast clock said.
    const after = await put(test.id, { name: 'Later', fieldTimes: { name: madeAgo(-1, 'laptop') } })
    expect(after.headers[REPLACED_HEADER]).toBeUndefined()
    expect(await get(test.id)).toMatchObject({ name: 'Later' })
  })

  it.skipIf(skip)('takes a plain PUT as a change made now', async () => {
    const test = await habit('Test')
    await put(test.id, { name: 'Timed', fieldTimes: { name: madeAfter(test, 2, 'phone') } })
    const plain = await put(test.id, { name: 'Plain' })
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.json()).toMatchObject({ name: 'Plain', color: '#3b82f6' })
    // A change made before the plain one loses to it.
    const older = await put(test.id, {
      name: 'Older',
      fieldTimes: { name: madeAfter(test, 1, 'x') },
    })
    expect(older.headers[REPLACED_HEADER]).toBe('name')
    expect(await get(test.id)).toMatchObject({ name: 'Plain' })
  })

  it.skipIf(skip)('refuses bad field times with a 400 and changes nothing', async () => {
    const test = await habit('Test')
    const before = await get(test.id)
    for (const body of [
      { name: 'Bad', fieldTimes: { name: 'yesterday' } },
      { name: 'Bad', fieldTimes: { name: '2026-02-30T10:00:00.000Z-00000-phone' } },
      { name: 'Bad', fieldTimes: { description: madeAgo(0, 'phone') } },
      { name: 'Bad', fieldTimes: ['2026-11-29T10:00:00.000Z-00000-phone'] },
    ]) {
      const response = await put(test.id, body)
      expect(response.statusCode, response.body).toBe(400)
      const fields = Object.keys(response.json().error.fields)
      expect(fields.every((field) => field.startsWith('fieldTimes'))).toBe(true)
    }
    expect(await get(test.id)).toEqual(before)
  })

  it.skipIf(skip)('lets a deletion win over a later edit', async () => {
    const test = await habit('Test')
    expect((await call(alice, 'DELETE', `/api/activities/${test.id}`)).statusCode).toBe(204)
    const edit = await put(test.id, { name: 'Late', fieldTimes: { name: madeAgo(-1, 'phone') } })
    expect(edit.statusCode).toBe(404)
  })

  it.skipIf(skip)('merges the fields of an event the same way', async () => {
    const test = await habit('Test')
    const created = await call(alice, 'POST', '/api/events', {
      activityId: test.id,
      eventDate: '2026-11-20T10:00:00.000Z',
    })
    const event = created.json() as Event
    await put(test.id, { name: 'Renamed' })
    const moved = await call(alice, 'PUT', `/api/events/${event.id}`, {
      eventDate: '2026-11-21T10:00:00.000Z',
      fieldTimes: { eventDate: madeAfter(event, 2, 'laptop') },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const older = await call(alice, 'PUT', `/api/events/${event.id}`, {
      eventDate: '2026-11-19T10:00:00.000Z',
      fieldTimes: { eventDate: madeAfter(event, 1, 'phone') },
    })
    expect(older.headers[REPLACED_HEADER]).toBe('eventDate')
    expect((older.json() as Event).eventDate).toBe('2026-11-21T10:00:00.000Z')
  })

  it.skipIf(skip)('keeps a habit out of a group an older edit listed it in', async () => {
    const read = await habit('Read')
    const walk = await habit('Walk')
    const created = await call(alice, 'POST', '/api/groups', {
      name: 'Mornings',
      activities: [read.id, walk.id],
    })
    const mornings = created.json() as { id: string; createdAt: string }
    // Made offline first: Mornings reordered. Then, online, Walk goes into Evenings.
    const offline = madeAfter(mornings, 1, 'phone')
    await call(alice, 'POST', '/api/groups', { name: 'Evenings', activities: [walk.id] })
    const late = await call(alice, 'PUT', `/api/groups/${mornings.id}`, {
      activities: [walk.id, read.id],
      fieldTimes: { activities: offline },
    })
    expect(late.headers[REPLACED_HEADER]).toBe('activities')
    expect(late.json()).toMatchObject({ activities: [read.id] })
  })
})
