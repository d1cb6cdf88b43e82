import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@capacitor/local-notifications', () => ({
  LocalNotifications: {
    getPending: vi.fn(),
    cancel: vi.fn(async () => undefined),
    schedule: vi.fn(async () => undefined),
  },
}))

import { LocalNotifications } from '@capacitor/local-notifications'
import { activateLanguage } from '../../../lib/i18n'
import { applyPlan } from './native-reminder-planner'

type Plan = Parameters<typeof applyPlan>[0]

const item = (id: number, name: string) => ({
  id,
  reminderId: `reminder-${id}`,
  activityId: `activity-${id}`,
  day: '2026-11-30',
  at: '2026-11-30T08:00:00.000Z',
  title: name,
  body: `Time for ${name}. Kindling reminder.`,
})

afterEach(async () => {
  vi.clearAllMocks()
  await activateLanguage('en')
})

describe('the native reminders', () => {
  it('are worded as SPEC has them in English', async () => {
    vi.mocked(LocalNotifications.getPending).mockResolvedValueOnce({ notifications: [] })
    await applyPlan([item(1, 'Swim')] as unknown as Plan)
    expect(LocalNotifications.schedule).toHaveBeenCalledWith({
      notifications: [
        expect.objectContaining({
          id: 1,
          title: 'Swim',
          body: 'Time for Swim. Kindling reminder.',
        }),
      ],
    })
  })

  it('are worded in the user’s language, those pending in another one worded again', async () => {
    await activateLanguage('de')
    vi.mocked(LocalNotifications.getPending).mockResolvedValueOnce({
      notifications: [
        // Planned while the app was English.
        { id: 1, title: 'Swim', body: 'Time for Swim. Kindling reminder.' },
        // Already German: kept as it is.
        { id: 2, title: 'Lesen', body: 'Zeit für Lesen. Erinnerung von Kindling.' },
      ],
    })
    await applyPlan([item(1, 'Swim'), item(2, 'Lesen')] as unknown as Plan)
    expect(LocalNotifications.cancel).toHaveBeenCalledWith({ notifications: [{ id: 1 }] })
    expect(LocalNotifications.schedule).toHaveBeenCalledWith({
      notifications: [
        expect.objectContaining({
          id: 1,
          title: 'Swim',
          body: 'Zeit für Swim. Erinnerung von Kindling.',
        }),
      ],
    })
  })
})
