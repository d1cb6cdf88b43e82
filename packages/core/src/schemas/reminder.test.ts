import { describe, expect, it } from 'vitest'
import {
  mergeUserSettings,
  PushSubscriptionInput,
  ReminderInput,
  UserSettingsInput,
} from './reminder'

describe('ReminderInput', () => {
  it('defaults to every day and sorts and de-duplicates the days', () => {
    expect(ReminderInput.parse({ activityId: 'a', time: '07:30' }).days).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ])
    expect(ReminderInput.parse({ activityId: 'a', time: '07:30', days: [5, 1, 5] }).days).toEqual([
      1, 5,
    ])
    expect(ReminderInput.parse({ activityId: 'a', time: '07:30', days: [] }).days).toEqual([])
  })

  it('refuses a time that is not HH:mm and weekdays outside 0–6', () => {
    expect(ReminderInput.safeParse({ activityId: 'a', time: '7:30' }).success).toBe(false)
    expect(ReminderInput.safeParse({ activityId: 'a', time: '24:00' }).success).toBe(false)
    expect(ReminderInput.safeParse({ activityId: 'a', time: '07:30', days: [7] }).success).toBe(
      false,
    )
  })
})

describe('UserSettingsInput', () => {
  it('takes a known IANA zone, a pause day or null, and refuses the rest', () => {
    expect(UserSettingsInput.parse({ timeZone: 'Australia/Lord_Howe' })).toEqual({
      timeZone: 'Australia/Lord_Howe',
    })
    expect(UserSettingsInput.parse({ remindersPausedUntil: null }).remindersPausedUntil).toBeNull()
    expect(UserSettingsInput.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false)
    expect(UserSettingsInput.safeParse({ remindersPausedUntil: '2026-02-30' }).success).toBe(false)
    expect(UserSettingsInput.safeParse({ remindersPausedUntil: '0000-01-01' }).success).toBe(false)
    expect(UserSettingsInput.safeParse({ emailReminders: 'yes' }).success).toBe(false)
    expect(UserSettingsInput.parse({ language: 'pt-BR' }).language).toBe('pt-BR')
    expect(UserSettingsInput.safeParse({ language: 'pt' }).success).toBe(false)
  })
})

describe('mergeUserSettings', () => {
  const stored = {
    timeZone: 'Europe/Berlin',
    emailReminders: true,
    remindersPausedUntil: '2026-12-01',
    language: null,
  } as const

  it('replaces the fields sent and keeps the others', () => {
    expect(mergeUserSettings(stored, { timeZone: 'Asia/Tokyo' })).toEqual({
      ...stored,
      timeZone: 'Asia/Tokyo',
    })
    expect(mergeUserSettings(stored, { emailReminders: false })).toEqual({
      ...stored,
      emailReminders: false,
    })
    expect(mergeUserSettings(stored, {})).toEqual(stored)
    expect(mergeUserSettings(stored, { language: 'de' })).toEqual({ ...stored, language: 'de' })
    expect(mergeUserSettings({ ...stored, language: 'ja' }, { language: null }).language).toBeNull()
  })

  it('ends a pause with null, and keeps it when the field is left out', () => {
    expect(
      mergeUserSettings(stored, { remindersPausedUntil: null }).remindersPausedUntil,
    ).toBeNull()
    expect(mergeUserSettings(stored, { emailReminders: false }).remindersPausedUntil).toBe(
      '2026-12-01',
    )
  })
})

describe('PushSubscriptionInput', () => {
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  }

  it("takes the browser's subscription JSON", () => {
    const subscription = { endpoint: 'https://push.example.com/abc', expirationTime: null, keys }
    expect(PushSubscriptionInput.parse(subscription)).toEqual(subscription)
  })

  it('refuses a plain-http endpoint and keys that are not base64url', () => {
    expect(
      PushSubscriptionInput.safeParse({ endpoint: 'http://push.example.com', keys }).success,
    ).toBe(false)
    expect(
      PushSubscriptionInput.safeParse({
        endpoint: 'https://push.example.com',
        keys: { ...keys, auth: 'not base64!' },
      }).success,
    ).toBe(false)
  })
})
