import type { Reminder, ReminderInput, UserSettings, UserSettingsInput } from '@kindling/core'
import { mergeUserSettings } from '@kindling/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { queryClient as client } from '../../../lib/query-client'
import { onDeviceTimeZoneSaved } from './time-zone'

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

// What the server holds once the device's zone is saved replaces any settings read before, so /me
// shows the device's zone; a read that left before the save would answer the old zone: drop it.
onDeviceTimeZoneSaved(async (saved) => {
  await client.cancelQueries({ queryKey: keys.settings })
  client.setQueryData(keys.settings, saved)
})

/** Every live reminder of the user (the native shells plan their notifications from them). */
export function useAllReminders(enabled = true) {
  return useQuery(
    {
      queryKey: keys.everything,
      queryFn: ({ signal }) => apiRequest<Reminder[]>('reminders', { signal }),
      enabled,
    },
    client,
  )
}

export function useReminders(activityId: string) {
  return useQuery(
    {
      queryKey: keys.forActivity(activityId),
      queryFn: ({ signal }) =>
        apiRequest<Reminder[]>('reminders', { query: { activityId }, signal }),
    },
    client,
  )
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
  const key = keys.forActivity(activityId)
  return useMutation(
    {
      mutationFn: async (change: ReminderChange): Promise<void> => {
        if (change.op === 'create') {
          await apiRequest<Reminder>('reminders', { method: 'POST', body: change.input })
        } else if (change.op === 'update') {
          await apiRequest<Reminder>(`reminders/${change.id}`, {
            method: 'PUT',
            body: change.input,
          })
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
    },
    client,
  )
}

export function useUserSettings() {
  return useQuery(
    {
      queryKey: keys.settings,
      queryFn: ({ signal }) => apiRequest<UserSettings>('settings', { signal }),
    },
    client,
  )
}

/** Saves a change of the reminder settings; switches show it at once, and undo it on failure. */
export function useUpdateUserSettings() {
  return useMutation(
    {
      mutationFn: (change: UserSettingsInput) =>
        apiRequest<UserSettings>('settings', { method: 'PUT', body: change }),
      onMutate: async (change) => {
        await client.cancelQueries({ queryKey: keys.settings })
        const previous = client.getQueryData<UserSettings>(keys.settings)
        if (previous) {
          client.setQueryData(keys.settings, mergeUserSettings(previous, change))
        }
        return { previous }
      },
      // One change's answer (or undo) tells only of the fields it changed: another change sent
      // meanwhile (two switches in a row) keeps its value, whichever answer comes last.
      onSuccess: (saved, change) =>
        client.setQueryData<UserSettings>(keys.settings, (current) =>
          current ? mergeUserSettings(current, fieldsOf(saved, change)) : saved,
        ),
      onError: (error, change, context) => {
        console.error(error)
        const previous = context?.previous
        if (!previous) return
        client.setQueryData<UserSettings>(keys.settings, (current) =>
          current ? mergeUserSettings(current, fieldsOf(previous, change)) : previous,
        )
      },
    },
    client,
  )
}

/** The fields of `settings` that `change` names. */
function fieldsOf(settings: UserSettings, change: UserSettingsInput): UserSettingsInput {
  return Object.fromEntries(
    Object.keys(change).map((field) => [field, settings[field as keyof UserSettings]]),
  )
}
