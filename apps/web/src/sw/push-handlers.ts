/// <reference lib="webworker" />
import type { ReminderPushMessage } from '@kindling/core'
import { type IDBPDatabase, openDB } from 'idb'
import { uuidv7 } from '../lib/sync/uuid'

/*
 * Reminders by Web Push (issue 18). The server sends a ReminderPushMessage (its shape is core's,
 * sent by apps/api's push-sender.ts); the notification shows the habit's name with 'Done' and
 * 'Snooze 1 hour', worded by the server in the account's language (the worker loads no catalogs).
 * 'Done' logs an event the way the app does: into the device's outbox, so it is kept offline
 * and sent once, by an open tab or, with none open, from here.
 */

declare const self: ServiceWorkerGlobalScope

const DB_PREFIX = 'kindling-'

function readMessage(data: PushMessageData | null): ReminderPushMessage | null {
  try {
    const message = data?.json() as Partial<ReminderPushMessage> | undefined
    if (message?.type !== 'reminder' || !message.title || !message.activityId) return null
    return message as ReminderPushMessage
  } catch {
    return null
  }
}

export function registerPushHandlers(): void {
  self.addEventListener('push', (event) => {
    const message = readMessage(event.data)
    if (!message) return
    event.waitUntil(
      self.registration.showNotification(message.title, {
        body: message.body,
        tag: `reminder-${message.reminderId}-${message.day}`,
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: message,
        actions: [
          { action: 'done', title: message.actions?.done || 'Done' },
          { action: 'snooze', title: message.actions?.snooze || 'Snooze 1 hour' },
        ],
      } as NotificationOptions),
    )
  })

  self.addEventListener('notificationclick', (event) => {
    const message = event.notification.data as ReminderPushMessage | undefined
    event.notification.close()
    if (!message?.activityId) return
    if (event.action === 'done') event.waitUntil(logDone(message))
    else if (event.action === 'snooze') event.waitUntil(snooze(message))
    else event.waitUntil(openApp(message.url))
  })
}

/** Focuses a tab of the app on `url`, or opens one. */
async function openApp(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const tab = tabs[0]
  if (tab) {
    await tab.focus()
    await tab.navigate(target).catch(() => undefined)
    return
  }
  await self.clients.openWindow(target)
}

// biome-ignore lint/suspicious/noExplicitAny: the stores of the app's local copy (lib/sync/local-db.ts), read untyped here
type LocalDb = IDBPDatabase<any>

/** The signed-in user's copy that holds `activityId` (one database per user on the device). */
async function findLocalCopy(activityId: string): Promise<{ db: LocalDb; uid: string } | null> {
  const names = (await indexedDB.databases()).map((info) => info.name ?? '')
  for (const name of names.filter((candidate) => candidate.startsWith(DB_PREFIX))) {
    // No version: opens what the app created, never creates or upgrades one.
    const db = await openDB(name)
    if (db.objectStoreNames.contains('activities') && (await db.get('activities', activityId))) {
      return { db, uid: name.slice(DB_PREFIX.length) }
    }
    db.close()
  }
  return null
}

/** 'Done': an event now, through the outbox; a habit with required attributes opens its form. */
async function logDone(message: ReminderPushMessage): Promise<void> {
  const copy = await findLocalCopy(message.activityId)
  const addEvent = `/add-event?activityId=${encodeURIComponent(message.activityId)}`
  if (!copy) return openApp(addEvent)
  const { db, uid } = copy
  try {
    const attributes = (await db.getAll('attributes')) as Array<{
      activityId: string
      required?: boolean
      deletedAt?: string | null
    }>
    if (attributes.some((a) => a.activityId === message.activityId && a.required && !a.deletedAt)) {
      return openApp(addEvent)
    }
    const id = uuidv7()
    const body = {
      activityId: message.activityId,
      eventDate: new Date().toISOString(),
      attributes: {},
    }
    const key = (await db.add('outbox', {
      table: 'events',
      op: 'create',
      id,
      body,
      at: new Date().toISOString(),
    })) as number
    const channel = new BroadcastChannel(`kindling-sync-${uid}`)
    channel.postMessage('changed')
    // With a tab open, its sync engine holds this lock and sends the outbox; with none, this
    // worker sends the event now (the same id twice stores it once).
    if (navigator.locks) {
      await navigator.locks.request(`kindling-sync-${uid}`, { ifAvailable: true }, async (lock) => {
        if (lock) await sendEvent(db, key, id, body)
      })
    }
    channel.postMessage('changed')
    channel.close()
  } finally {
    db.close()
  }
}

async function idToken(): Promise<string | null> {
  const response = await fetch('/api/auth/token', { credentials: 'include' })
  if (!response.ok) return null
  return ((await response.json()) as { token?: string }).token ?? null
}

/** Sends the outbox entry `key` (a create of event `id`); offline or refused, it stays there. */
async function sendEvent(db: LocalDb, key: number, id: string, body: object): Promise<void> {
  try {
    const token = await idToken()
    if (!token) return
    const response = await fetch('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...body, id }),
    })
    if (!response.ok) return
    const stored = await response.json()
    const tx = db.transaction(['events', 'outbox'], 'readwrite')
    await Promise.all([
      tx.objectStore('events').put(stored),
      tx.objectStore('outbox').delete(key),
      tx.done,
    ])
  } catch (error) {
    // Offline: the app sends it when next open.
    console.warn('The event waits on the device:', error)
  }
}

/** 'Snooze 1 hour': the server reminds again in an hour. */
async function snooze(message: ReminderPushMessage): Promise<void> {
  try {
    const token = await idToken()
    if (!token) return
    await fetch(`/api/reminders/${encodeURIComponent(message.reminderId)}/snooze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
  } catch (error) {
    console.warn('Snooze failed:', error)
  }
}
