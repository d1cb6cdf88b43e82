import type { Reminder, ReminderInput, UserSettings, UserSettingsInput } from '@kindling/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiRequest } from '../../../lib/api-client'
import { useAuthState } from '../../../lib/auth-state'
import { saveDeviceTimeZone } from './time-zone'

/**
 * Reminders and the user's reminder settings (issue 18) live on the server only: it is the
 * server that sends them. They are read and written online; the screens say so when offline.
 */
const keys = {
  all: ['reminders'] as const,
  everything: ['reminders', '*'] as const,
  forActivity: (activityId: string) => ['reminders', activityId] as const,
  settings: ['settings'] as const,
}

/** Every live reminder of the user (the native shells plan their notifications from them). */
export function useAllReminders(enabled = true) {
  return useQuery({
    queryKey: keys.everything,
    queryFn: ({ signal }) => apiRequest<Reminder[]>('reminders', { signal }),
    enabled,
  })
}

export function useReminders(activityId: string) {
  return useQuery({
    queryKey: keys.forActivity(activityId),
    queryFn: ({ signal }) => apiRequest<Reminder[]>('reminders', { query: { activityId }, signal }),
  })
}

type ReminderChange =
  | { op: 'create'; input: ReminderInput }
  | { op: 'update'; id: string; input: ReminderInput }
  | { op: 'delete'; id: string }

/**
 * Creates, changes or deletes one of the habit's reminders. The list shows a change at once and
 * goes back to what the server holds if the call fails.
 */
export function useChangeReminder(activityId: string) {
  const client = useQueryClient()
  const key = keys.forActivity(activityId)
  return useMutation({
    mutationFn: async (change: ReminderChange): Promise<void> => {
      if (change.op === 'create') {
        await apiRequest<Reminder>('reminders', { method: 'POST', body: change.input })
      } else if (change.op === 'update') {
        await apiRequest<Reminder>(`reminders/${change.id}`, { method: 'PUT', body: change.input })
      } else {
        await apiRequest<void>(`reminders/${change.id}`, { method: 'DELETE' })
      }
    },
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key })
      const previous = client.getQueryData<Reminder[]>(key)
      if (previous && change.op !== 'create') {
        client.setQueryData<Reminder[]>(
          key,
          change.op === 'delete'
            ? previous.filter((reminder) => reminder.id !== change.id)
            : previous.map((reminder) =>
                reminder.id === change.id
                  ? { ...reminder, time: change.input.time, days: change.input.days ?? [] }
                  : reminder,
              ),
        )
      }
      return { previous }
    },
    onError: (error, _change, context) => {
      console.error(error)
      if (context?.previous) client.setQueryData(key, context.previous)
    },
    // Every reminder list, the habit's and the whole one the native shells plan from.
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  })
}

export function useUserSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => apiRequest<UserSettings>('settings', { signal }),
  })
}

/**
 * Tells the server this device's time zone once a verified user is signed in and the id token is
 * there (a request without it would be refused), once per user; what the server then holds
 * replaces any settings read before, so /me shows the device's zone.
 */
export function useFollowDeviceTimeZone(): void {
  const client = useQueryClient()
  const uid = useAuthState((auth) =>
    auth.user?.emailVerified && auth.idToken ? auth.user.uid : null,
  )
  useEffect(() => {
    if (!uid) return
    void saveDeviceTimeZone(uid).then(async (saved) => {
      if (!saved) return
      // A read that left before the save would answer the old zone: drop it.
      await client.cancelQueries({ queryKey: keys.settings })
      client.setQueryData(keys.settings, saved)
    })
  }, [uid, client])
}

/** Saves a change of the reminder settings; switches show it at once, and undo it on failure. */
export function useUpdateUserSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (change: UserSettingsInput) =>
      apiRequest<UserSettings>('settings', { method: 'PUT', body: change }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: keys.settings })
      const previous = client.getQueryData<UserSettings>(keys.settings)
      if (previous) {
        client.setQueryData<UserSettings>(keys.settings, {
          timeZone: change.timeZone ?? previous.timeZone,
          emailReminders: change.emailReminders ?? previous.emailReminders,
          remindersPausedUntil:
            change.remindersPausedUntil === undefined
              ? previous.remindersPausedUntil
              : change.remindersPausedUntil,
        })
      }
      return { previous }
    },
    onSuccess: (saved) => client.setQueryData(keys.settings, saved),
    onError: (error, _change, context) => {
      console.error(error)
      if (context?.previous) client.setQueryData(keys.settings, context.previous)
    },
  })
}
