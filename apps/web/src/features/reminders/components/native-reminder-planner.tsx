import { LocalNotifications } from '@capacitor/local-notifications'
import {
  getNotificationId,
  indexGoalTargets,
  type Language,
  planNotifications,
  type Reminder,
  type UserSettings,
} from '@kindling/core'
import { useEffect, useMemo } from 'react'
import { selectHabitDays } from '../../../api/days'
import { events as eventsResource } from '../../../api/events'
import { activeLanguage, t, useLanguage } from '../../../lib/i18n'
import { readSecureItem, removeSecureItem, writeSecureItem } from '../../../lib/platform'
import { getSyncEngine, useSyncVersion } from '../../../lib/sync/store'
import { getDeviceTimeZone } from '../../../lib/time-zone'
import { useAllReminders, useUserSettings } from '../api/reminders'

/*
 * Reminders in the native shells (issue 18): local notifications planned on the device from the
 * synced copy, so they fire offline. A rolling window of the next 7 days, at most 64 (what iOS
 * keeps pending), planned again whenever reminders, settings or events change: today's is
 * cancelled once the habit is done. The reminders themselves are remembered on the device.
 */

const ACTION_TYPE = 'kindling-reminder'
const SNOOZE_MS = 60 * 60 * 1000

interface Remembered {
  reminders: Reminder[]
  pausedUntil: UserSettings['remindersPausedUntil']
}

const cacheKey = (uid: string) => `kindlingReminders:${uid}`

async function readRemembered(uid: string): Promise<Remembered | null> {
  try {
    const text = await readSecureItem(cacheKey(uid))
    return text ? (JSON.parse(text) as Remembered) : null
  } catch {
    return null
  }
}

let listening: Promise<unknown> | undefined
let actionsLanguage: Language | undefined

/**
 * The notification's 'Done' and 'Snooze 1 hour' in the active language: registered again when
 * the language changes (the shell keeps the last titles registered), their listener once a run.
 */
async function registerActions(): Promise<void> {
  const language = activeLanguage()
  if (actionsLanguage !== language) {
    actionsLanguage = language
    await LocalNotifications.registerActionTypes({
      types: [
        {
          id: ACTION_TYPE,
          actions: [
            { id: 'done', title: t('Done') },
            { id: 'snooze', title: t('Snooze 1 hour') },
          ],
        },
      ],
    })
  }
  listening ??= LocalNotifications.addListener('localNotificationActionPerformed', (performed) => {
    const extra = performed.notification.extra as { activityId?: string } | undefined
    if (!extra?.activityId) return
    if (performed.actionId === 'done') {
      // Through the outbox like any event: kept offline, sent once.
      eventsResource
        .create({
          activityId: extra.activityId,
          eventDate: new Date().toISOString(),
          attributes: {},
        })
        .catch((error: unknown) => console.error(error))
    } else if (performed.actionId === 'snooze') {
      // The same notification again in an hour, on the device: offline too.
      // Its own id, and marked: a re-plan leaves it be.
      const at = new Date(Date.now() + SNOOZE_MS)
      const { notification } = performed
      LocalNotifications.schedule({
        notifications: [
          {
            ...notification,
            id: getNotificationId(`${notification.id}`, `snoozed ${at.toISOString()}`),
            schedule: { at, allowWhileIdle: true },
            extra: { ...extra, snoozed: true },
          },
        ],
      }).catch((error: unknown) => console.error(error))
    }
  })
  await listening
}

/**
 * Makes the pending notifications exactly `plan`, worded in the active language: cancels the
 * others (and those worded in another language), schedules the missing.
 */
export async function applyPlan(plan: ReturnType<typeof planNotifications>): Promise<void> {
  const { notifications: pending } = await LocalNotifications.getPending()
  // Core words the body in English (shared with the server, which translates its own pushes);
  // the title is the habit's name.
  const bodies = new Map(
    plan.map((item) => [item.id, t('Time for {name}. Kindling reminder.', { name: item.title })]),
  )
  const isCurrent = (item: { id: number; body?: string }) => bodies.get(item.id) === item.body
  const pendingIds = new Set(pending.filter(isCurrent).map((item) => item.id))
  const stale = pending.filter(
    (item) => !isCurrent(item) && !(item.extra as { snoozed?: boolean } | undefined)?.snoozed,
  )
  if (stale.length > 0) {
    await LocalNotifications.cancel({ notifications: stale.map((item) => ({ id: item.id })) })
  }
  const missing = plan.filter((item) => !pendingIds.has(item.id))
  if (missing.length === 0) return
  await LocalNotifications.schedule({
    notifications: missing.map((item) => ({
      id: item.id,
      title: item.title,
      body: bodies.get(item.id) ?? item.body,
      schedule: { at: new Date(item.at), allowWhileIdle: true },
      actionTypeId: ACTION_TYPE,
      extra: { reminderId: item.reminderId, activityId: item.activityId, day: item.day },
    })),
  })
}

/** Cancels every pending notification, snoozed ones too. */
async function cancelAll(): Promise<void> {
  const { notifications } = await LocalNotifications.getPending()
  if (notifications.length === 0) return
  await LocalNotifications.cancel({ notifications: notifications.map(({ id }) => ({ id })) })
}

/** Mounted in the native shells while a verified user is signed in. */
export function NativeReminderPlanner({ uid }: { uid: string }) {
  const fetched = useAllReminders()
  const settings = useUserSettings()
  const version = useSyncVersion()
  // A change of language words the pending notifications again.
  const language = useLanguage()

  // What the server said last, remembered for offline starts.
  useEffect(() => {
    if (!fetched.data || !settings.data) return
    const remembered: Remembered = {
      reminders: fetched.data,
      pausedUntil: settings.data.remindersPausedUntil,
    }
    const saved =
      remembered.reminders.length > 0
        ? writeSecureItem(cacheKey(uid), JSON.stringify(remembered))
        : removeSecureItem(cacheKey(uid))
    void saved.catch(() => undefined)
  }, [fetched.data, settings.data, uid])

  const live = useMemo<Remembered | null>(
    () =>
      fetched.data && settings.data
        ? { reminders: fetched.data, pausedUntil: settings.data.remindersPausedUntil }
        : null,
    [fetched.data, settings.data],
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: the synced copy changes with `version`.
  useEffect(() => {
    let cancelled = false
    void (async () => {
      const engine = getSyncEngine()
      const source = live ?? (await readRemembered(uid))
      if (cancelled || !engine?.status.loaded || !source) return
      const view = engine.view
      const timeZone = getDeviceTimeZone()
      const plan = planNotifications({
        reminders: source.reminders,
        activities: [...view.activities.values()],
        habitDays: selectHabitDays(view, engine, timeZone),
        targetOf: indexGoalTargets([...view.goals.values()], [...view.attributes.values()]),
        pausedUntil: source.pausedUntil,
        now: new Date(),
        timeZone,
      })
      try {
        if (plan.length > 0) {
          const permission = await LocalNotifications.checkPermissions()
          if (permission.display === 'prompt' || permission.display === 'prompt-with-rationale') {
            await LocalNotifications.requestPermissions()
          }
          await registerActions()
        }
        if (!cancelled) await applyPlan(plan)
      } catch (error) {
        console.error('Reminders were not scheduled on the device:', error)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [live, version, uid, language])

  // Signed out: nothing of this user's may still go off on the device.
  useEffect(
    () => () => {
      void cancelAll().catch(() => undefined)
      void removeSecureItem(cacheKey(uid)).catch(() => undefined)
    },
    [uid],
  )

  return null
}
