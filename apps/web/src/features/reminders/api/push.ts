import { ApiError, apiRequest } from '../../../lib/api-client'

/** Whether this browser can receive Web Push (not the native shells: they notify locally). */
export function canUseWebPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready
  return registration.pushManager.getSubscription()
}

/** Whether this browser is subscribed to the user's reminders (no worker yet: it is not). */
export async function isSubscribed(): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration()
  return Boolean(await registration?.pushManager.getSubscription())
}

export class NotificationsBlockedError extends Error {}

/**
 * Asks for permission, subscribes this browser with the server's VAPID key and gives the
 * subscription to the server (the same subscription again stores nothing new).
 */
export async function subscribeToPush(): Promise<void> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new NotificationsBlockedError('Notifications are blocked.')
  const { publicKey } = await apiRequest<{ publicKey: string }>('push/public-key')
  const registration = await navigator.serviceWorker.ready
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    }))
  await apiRequest('push/subscriptions', { method: 'POST', body: subscription.toJSON() })
}

/** Removes the subscription from the server, then from the browser. */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  try {
    await apiRequest('push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    })
  } catch (error) {
    // Already forgotten by the server (e.g. the push service expired it): unsubscribe anyway.
    if (!(error instanceof ApiError && error.status === 404)) throw error
  }
  await subscription.unsubscribe()
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}
