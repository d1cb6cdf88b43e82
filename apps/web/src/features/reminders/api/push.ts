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

/** The browser's push service did not answer in time (or refused): nothing was subscribed. */
export class PushServiceError extends Error {}

/** How long the browser's push service has to give a subscription. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000

/** What a browser can do about reminders here, before anything is asked. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on'

/** Whether this browser shows the user's reminders, can, or cannot (issue 51). */
export async function readPushState(): Promise<PushState> {
  if (!canUseWebPush()) return 'unsupported'
  if (Notification.permission === 'denied') return 'blocked'
  return (await isSubscribed()) ? 'on' : 'off'
}

/** `promise`, or a PushServiceError once `ms` have passed without an answer. */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new PushServiceError("This browser's push service did not answer.")),
      ms,
    )
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * Asks for permission, subscribes this browser with the server's VAPID key and gives the
 * subscription to the server (the same subscription again stores nothing new). The browser's
 * push service may be out of reach (a network that blocks it, a browser without one): its
 * answer is awaited `PUSH_SUBSCRIBE_TIMEOUT_MS` at most, then PushServiceError.
 */
export async function subscribeToPush(): Promise<void> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new NotificationsBlockedError('Notifications are blocked.')
  const { publicKey } = await apiRequest<{ publicKey: string }>('push/public-key')
  const registration = await navigator.serviceWorker.ready
  let subscription = await registration.pushManager.getSubscription()
  if (!subscription) {
    const asked = registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    })
    try {
      subscription = await withinTime(asked, PUSH_SUBSCRIBE_TIMEOUT_MS)
    } catch (error) {
      // One that comes after all is dropped: the server never heard of it, and the switch says off.
      asked.then(
        (late) => late.unsubscribe(),
        () => {},
      )
      if (error instanceof PushServiceError) throw error
      // The browser's own refusal ('push service not available', 'registration failed').
      throw new PushServiceError(error instanceof Error ? error.message : String(error))
    }
  }
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
