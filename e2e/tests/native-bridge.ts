import type { Page } from '@playwright/test'

/**
 * A fake Capacitor native bridge, installed before the app's scripts run. @capacitor/core
 * decides the platform from `window.webkit.messageHandlers.bridge` (iOS) or
 * `window.androidBridge` (Android), and routes a plugin's methods to
 * `Capacitor.nativePromise` / `Capacitor.nativeCallback` when `Capacitor.PluginHeaders` lists
 * them: exactly what the iOS and Android shells inject. Here those answer from page state the
 * test can read and steer through `window.__nativeFake`.
 */

export type NativePlatform = 'ios' | 'android'

export interface NativeCall {
  plugin: string
  method: string
  options: Record<string, unknown>
}

export interface NativeFakeOptions {
  platform: NativePlatform
  appInfo?: { name: string; id: string; version: string; build: string }
  /**
   * The server the app has chosen (issue 53) when the fake device starts: by default the page's
   * own origin (a device set up for this test's server); null: none yet, the app asks for one.
   */
  server?: string | null
}

/**
 * The device's own HTTP client (CapacitorHttp), answered by the test's Node process through
 * `window.__deviceHttp` (see native-http.ts) when the test exposes it: its failures carry the
 * platform's error code and message.
 */
export type DeviceHttpAnswer =
  | { ok: true; status: number; data: unknown; headers: Record<string, string> }
  | { ok: false; code: string; message: string }

declare global {
  interface Window {
    __nativeFake: {
      calls: NativeCall[]
      /** Answers for the next Dialog.confirm calls, first in first out (default: true). */
      confirmAnswers: boolean[]
      /** Answers for the next ActionSheet.showActions calls (default: the last, Cancel). */
      actionSheetAnswers: number[]
      emit: (plugin: string, eventName: string, data?: unknown) => void
    }
  }
}

const PREFERENCES_STORAGE_KEY = '__fakeNativePreferences'
const NOTIFICATIONS_STORAGE_KEY = '__fakeNativeNotifications'

/** A local notification as the fake device keeps it pending. */
export interface PendingNotification {
  id: number
  title: string
  body: string
  schedule: { at: string }
  extra?: Record<string, unknown>
}

function installNativeFake({
  platform,
  appInfo,
  server,
  preferencesKey,
  notificationsKey,
}: NativeFakeOptions & { preferencesKey: string; notificationsKey: string }) {
  const win = window as unknown as Record<string, unknown>
  if (platform === 'ios') {
    win.webkit = { messageHandlers: { bridge: { postMessage: () => {} } } }
  } else {
    win.androidBridge = { postMessage: () => {} }
  }

  // Preferences outlive a reload, as they outlive an app restart.
  const readPreferences = (): Record<string, string> =>
    JSON.parse(sessionStorage.getItem(preferencesKey) ?? '{}')
  const writePreferences = (values: Record<string, string>) =>
    sessionStorage.setItem(preferencesKey, JSON.stringify(values))

  // The device as set up once, at its first start: later starts find what the app stored.
  const setUpKey = `${preferencesKey}:setUp`
  try {
    if (!sessionStorage.getItem(setUpKey)) {
      sessionStorage.setItem(setUpKey, '1')
      const chosen = server === undefined ? location.origin : server
      if (chosen !== null) writePreferences({ ...readPreferences(), kindlingServer: chosen })
    }
  } catch {
    // A document without storage (about:blank): no app runs there.
  }

  // Pending local notifications outlive a reload too, as they outlive the app on a device.
  const readPending = (): Array<{ id: number }> =>
    JSON.parse(sessionStorage.getItem(notificationsKey) ?? '[]')
  const writePending = (values: Array<{ id: number }>) =>
    sessionStorage.setItem(notificationsKey, JSON.stringify(values))

  const listeners = new Map<string, Map<string, (data: unknown) => void>>()
  let nextCallbackId = 1

  const fake: Window['__nativeFake'] = {
    calls: [],
    confirmAnswers: [],
    actionSheetAnswers: [],
    emit(plugin, eventName, data) {
      for (const callback of listeners.get(`${plugin}:${eventName}`)?.values() ?? []) {
        callback(data ?? {})
      }
    },
  }
  win.__nativeFake = fake

  const methods = (names: string[], rtype = 'promise') => names.map((name) => ({ name, rtype }))
  const headers = [
    {
      name: 'App',
      methods: [
        ...methods(['addListener'], 'callback'),
        ...methods(['getInfo', 'getState', 'getLaunchUrl', 'exitApp', 'removeListener']),
      ],
    },
    // The system browser of single sign-on: the test reads where it was opened (calls).
    { name: 'Browser', methods: methods(['open', 'close']) },
    { name: 'Dialog', methods: methods(['alert', 'prompt', 'confirm']) },
    { name: 'ActionSheet', methods: methods(['showActions']) },
    {
      name: 'Keyboard',
      methods: [...methods(['addListener'], 'callback'), ...methods(['removeListener', 'hide'])],
    },
    { name: 'Preferences', methods: methods(['get', 'set', 'remove', 'keys', 'clear']) },
    { name: 'CapacitorHttp', methods: methods(['request', 'get', 'post', 'put', 'delete']) },
    {
      name: 'LocalNotifications',
      methods: [
        ...methods(['addListener'], 'callback'),
        ...methods([
          'schedule',
          'getPending',
          'cancel',
          'checkPermissions',
          'requestPermissions',
          'registerActionTypes',
          'removeListener',
          'removeAllListeners',
        ]),
      ],
    },
  ]

  const answer = async (plugin: string, method: string, options: Record<string, unknown>) => {
    switch (`${plugin}.${method}`) {
      case 'App.getInfo':
        return appInfo
      // Started from the home screen, not by a URL.
      case 'App.getLaunchUrl':
        return undefined
      case 'Browser.open':
      case 'Browser.close':
        return undefined
      case 'Dialog.confirm':
        return { value: fake.confirmAnswers.shift() ?? true }
      case 'ActionSheet.showActions': {
        const count = Array.isArray(options.options) ? options.options.length : 1
        return { index: fake.actionSheetAnswers.shift() ?? count - 1 }
      }
      case 'Preferences.get':
        return { value: readPreferences()[String(options.key)] ?? null }
      case 'Preferences.set': {
        const values = readPreferences()
        values[String(options.key)] = String(options.value)
        writePreferences(values)
        return undefined
      }
      case 'Preferences.remove': {
        const values = readPreferences()
        delete values[String(options.key)]
        writePreferences(values)
        return undefined
      }
      case 'LocalNotifications.schedule': {
        const added = (options.notifications ?? []) as Array<{ id: number }>
        const ids = new Set(added.map((item) => item.id))
        // Kept unbounded (iOS would drop beyond 64): the test sees whether the app caps.
        writePending([...readPending().filter((item) => !ids.has(item.id)), ...added])
        return { notifications: added.map(({ id }) => ({ id })) }
      }
      case 'CapacitorHttp.get':
      case 'CapacitorHttp.request': {
        const deviceHttp = (win as { __deviceHttp?: (...args: unknown[]) => Promise<unknown> })
          .__deviceHttp
        if (!deviceHttp) throw new Error('CapacitorHttp is not faked: expose __deviceHttp')
        const answer = (await deviceHttp(platform, options)) as DeviceHttpAnswer
        if (answer.ok) return { status: answer.status, data: answer.data, headers: answer.headers }
        throw Object.assign(new Error(answer.message), { code: answer.code })
      }
      case 'LocalNotifications.getPending':
        return { notifications: readPending() }
      case 'LocalNotifications.cancel': {
        const ids = new Set(
          ((options.notifications ?? []) as Array<{ id: number }>).map((n) => n.id),
        )
        writePending(readPending().filter((item) => !ids.has(item.id)))
        return undefined
      }
      case 'LocalNotifications.checkPermissions':
      case 'LocalNotifications.requestPermissions':
        return { display: 'granted' }
      case 'LocalNotifications.registerActionTypes':
      case 'LocalNotifications.removeAllListeners':
        return undefined
      case 'App.removeListener':
      case 'Keyboard.removeListener':
      case 'LocalNotifications.removeListener': {
        for (const callbacks of listeners.values()) callbacks.delete(String(options.callbackId))
        return undefined
      }
      default:
        throw new Error(`${plugin}.${method} is not faked`)
    }
  }

  win.Capacitor = {
    PluginHeaders: headers,
    nativePromise(plugin: string, method: string, options: Record<string, unknown> = {}) {
      fake.calls.push({ plugin, method, options })
      return answer(plugin, method, options)
    },
    nativeCallback(
      plugin: string,
      method: string,
      options: Record<string, unknown>,
      callback: (data: unknown) => void,
    ) {
      fake.calls.push({ plugin, method, options })
      const id = String(nextCallbackId++)
      const key = `${plugin}:${String(options.eventName)}`
      const callbacks = listeners.get(key) ?? new Map()
      callbacks.set(id, callback)
      listeners.set(key, callbacks)
      return id
    },
  }
}

/** Makes `page` run as the native app on `platform` from its next navigation on. */
export async function simulateNative(page: Page, options: NativeFakeOptions): Promise<void> {
  await page.addInitScript(installNativeFake, {
    appInfo: { name: 'Kindling', id: 'app.kindling', version: '1.4.0', build: '27' },
    ...options,
    preferencesKey: PREFERENCES_STORAGE_KEY,
    notificationsKey: NOTIFICATIONS_STORAGE_KEY,
  })
}

/** The local notifications pending on the fake device, earliest first. */
export async function getPendingNotifications(page: Page): Promise<PendingNotification[]> {
  const pending: PendingNotification[] = await page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]'),
    NOTIFICATIONS_STORAGE_KEY,
  )
  return pending.sort((a, b) => a.schedule.at.localeCompare(b.schedule.at))
}

/** The native plugin calls the app has made so far, optionally of one plugin method. */
export async function getNativeCalls(page: Page, name?: string): Promise<NativeCall[]> {
  const calls = await page.evaluate(() => window.__nativeFake.calls)
  return name ? calls.filter((call) => `${call.plugin}.${call.method}` === name) : calls
}

/** What the app stored through the Preferences plugin. */
export async function getNativePreferences(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '{}'),
    PREFERENCES_STORAGE_KEY,
  )
}
