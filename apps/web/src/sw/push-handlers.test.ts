import type { ReminderPushMessage } from '@kindling/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { registerPushHandlers } from './push-handlers'

/*
 * The worker's push handler in the page's window (jsdom): `self` is the window, given a
 * registration that records what it would show.
 */
const showNotification = vi.fn(async () => undefined)
const scope = self as unknown as { registration?: unknown }

beforeAll(() => {
  scope.registration = { showNotification }
  registerPushHandlers()
})

afterAll(() => {
  delete scope.registration
})

const reminder: ReminderPushMessage = {
  type: 'reminder',
  title: 'Meditieren',
  body: 'Zeit für Meditieren. Erinnerung von Kindling.',
  reminderId: 'reminder-1',
  activityId: 'activity-1',
  day: '2026-11-30',
  url: '/activities/activity-1',
}

async function receive(message: ReminderPushMessage) {
  const done: Promise<unknown>[] = []
  const event = Object.assign(new Event('push'), {
    data: { json: () => message },
    waitUntil: (promise: Promise<unknown>) => done.push(promise),
  })
  self.dispatchEvent(event)
  await Promise.all(done)
  return showNotification.mock.lastCall as unknown as [
    string,
    NotificationOptions & { actions: { title: string }[] },
  ]
}

describe('a reminder push', () => {
  it('shows its buttons in the words the server sent', async () => {
    const [title, options] = await receive({
      ...reminder,
      actions: { done: 'Erledigt', snooze: '1 Stunde später' },
    })
    expect(title).toBe('Meditieren')
    expect(options.body).toBe('Zeit für Meditieren. Erinnerung von Kindling.')
    expect(options.actions.map((action) => action.title)).toEqual(['Erledigt', '1 Stunde später'])
  })

  it('shows them in English when the server sent none', async () => {
    const [, options] = await receive(reminder)
    expect(options.actions.map((action) => action.title)).toEqual(['Done', 'Snooze 1 hour'])
  })
})
