import type { App } from '../app'
import type { TestUser } from './harness'

/**
 * Fills `user`'s account over the REST API with every kind of record and setting a user can
 * have (issue 50): habits of each schedule, a group, attributes of every type, events with a
 * value of each, goals of each cadence (one with a target), reminders, the reminder settings,
 * and records deleted since (which a backup leaves out). `reminders` and `settings` can be left
 * out (the fixture of the version 1 backup, which had neither).
 */
export async function buildFullAccount(
  app: App,
  user: TestUser,
  { reminders = true, settings = true }: { reminders?: boolean; settings?: boolean } = {},
): Promise<void> {
  const call = async <T = { id: string }>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload ? { payload } : {}),
    })
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
    }
    return (response.body ? response.json() : undefined) as T
  }

  const run = await call('POST', '/api/activities', {
    name: 'Run',
    description: 'Around the park',
    color: '#12ab34',
    visibility: 'public',
    schedule: { type: 'Weekly', days: [1, 3, 5] },
  })
  const read = await call('POST', '/api/activities', {
    name: 'Read',
    schedule: { type: 'Monthly', dayOfMonth: 15 },
  })
  const stretch = await call('POST', '/api/activities', { name: 'Stretch' })
  const someday = await call('POST', '/api/activities', {
    name: 'Someday',
    schedule: { type: 'Unscheduled' },
  })
  const gone = await call('POST', '/api/activities', { name: 'Gone' })
  await call('POST', '/api/groups', {
    name: 'Body',
    description: 'Moving',
    color: '#ff0000',
    activities: [stretch.id, run.id],
  })

  const attribute = (activityId: string, fields: object) =>
    call('POST', '/api/attributes', { activityId, ...fields })
  const km = await attribute(run.id, {
    type: 'number',
    name: 'Distance',
    min: 0,
    max: 100,
    unit: 'km',
    valueType: 'decimal',
  })
  const time = await attribute(run.id, { type: 'duration', unit: 'minutes', required: true })
  const feel = await attribute(run.id, { type: 'rating' })
  const pages = await attribute(read.id, { type: 'number', name: 'Pages' })
  const book = await attribute(read.id, {
    type: 'select',
    name: 'Book',
    options: ['Dune', 'Emma'],
    defaultValue: 'Dune',
  })
  const where = await attribute(read.id, {
    type: 'multiselect',
    name: 'Where',
    options: ['bed', 'train', 'park'],
  })
  const note = await attribute(stretch.id, {
    type: 'text',
    name: 'Note',
    description: 'How it went',
    maxLength: 200,
  })
  const mat = await attribute(stretch.id, { type: 'boolean', name: 'Mat', defaultValue: true })
  const day = await attribute(stretch.id, { type: 'date', name: 'Planned' })
  const at = await attribute(stretch.id, { type: 'time', name: 'At' })
  const dropped = await attribute(stretch.id, { type: 'text', name: 'Dropped' })

  const event = (activityId: string, eventDate: string, attributes: object = {}) =>
    call('POST', '/api/events', { activityId, eventDate, attributes })
  await event(run.id, '2024-03-04T06:30:00.000Z', { [km.id]: 5.5, [time.id]: 31, [feel.id]: 4 })
  await event(run.id, '2024-03-06T18:00:00.000Z', { [km.id]: 10, [time.id]: 62 })
  await event(read.id, '2024-03-04T21:00:00.000Z', {
    [pages.id]: 40,
    [book.id]: 'Emma',
    [where.id]: ['bed', 'train'],
  })
  await event(stretch.id, '2024-03-05T07:00:00.000Z', {
    [note.id]: 'Stiff',
    [mat.id]: false,
    [day.id]: '2024-03-10',
    [at.id]: '07:15',
    [dropped.id]: 'gone with its attribute',
  })
  await event(someday.id, '2024-02-29T12:00:00.000Z')
  const deletedEvent = await event(stretch.id, '2024-03-06T07:00:00.000Z')
  await event(gone.id, '2024-03-01T12:00:00.000Z')

  await call('POST', '/api/goals', { activityId: stretch.id, cadence: 'Daily' })
  await call('POST', '/api/goals', {
    activityId: run.id,
    cadence: 'Weekly',
    target: { attributeId: km.id, comparison: 'atLeast', value: 20 },
  })
  await call('POST', '/api/goals', {
    activityId: read.id,
    cadence: 'Monthly',
    target: { attributeId: pages.id, comparison: 'atMost', value: 500 },
  })
  const deletedGoal = await call('POST', '/api/goals', { activityId: read.id, cadence: 'Daily' })

  if (settings) {
    await call('PUT', '/api/settings', {
      timeZone: 'Europe/Berlin',
      emailReminders: true,
      remindersPausedUntil: '2031-01-31',
      language: 'pt-BR',
    })
  }
  if (reminders) {
    await call('POST', '/api/reminders', { activityId: run.id, time: '06:15', days: [1, 3, 5] })
    await call('POST', '/api/reminders', { activityId: run.id, time: '19:00', days: [] })
    await call('POST', '/api/reminders', { activityId: stretch.id, time: '07:00' })
    const deletedReminder = await call('POST', '/api/reminders', {
      activityId: read.id,
      time: '22:00',
    })
    await call('DELETE', `/api/reminders/${deletedReminder.id}`)
  }

  await call('DELETE', `/api/events/${deletedEvent.id}`)
  await call('DELETE', `/api/goals/${deletedGoal.id}`)
  await call('DELETE', `/api/attributes/${dropped.id}`)
  await call('DELETE', `/api/activities/${gone.id}`)
}
