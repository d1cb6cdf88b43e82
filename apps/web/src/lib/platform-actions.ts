import { type UnlessEscaped, unlessEscaped } from './escape'
import { t } from './i18n'
import { isNativePlatform } from './platform'

/*
 * What the screens ask of the platform (SPEC §1 native app, decision 031): app info, the
 * device's own HTTP, confirm dialogs, the action sheet, the system browser and the app's own
 * URLs. Apart from platform.ts, which the first screen's script holds (decision 163). Each has a
 * web fallback; the plugins are imported on first use.
 */

export interface AppInfo {
  name: string
  version: string
  build: string
}

/** Version and build of the installed app (SPEC §1, §7 "app info call"); null on the web. */
export async function getAppInfo(): Promise<AppInfo | null> {
  if (!isNativePlatform()) return null
  try {
    const { App } = await import('@capacitor/app')
    const { name, version, build } = await App.getInfo()
    return { name, version, build }
  } catch (error) {
    // A shell without the plugin still runs; the menu simply shows no version.
    console.error(error)
    return null
  }
}

export interface DeviceHttpResponse {
  status: number
  data: unknown
}

/**
 * A GET made by the device itself rather than the WebView (Capacitor's built-in CapacitorHttp),
 * on native: its failure says why (a certificate the device does not trust, no answer) where
 * the WebView's fetch only says "Failed to fetch". Rejects with the platform's error (`code`,
 * `message`). The web uses fetch.
 */
export async function deviceHttpGet(url: string, timeoutMs: number): Promise<DeviceHttpResponse> {
  const headers = { Accept: 'application/json' }
  if (isNativePlatform()) {
    const { CapacitorHttp } = await import('@capacitor/core')
    const response = await CapacitorHttp.get({
      url,
      headers,
      connectTimeout: timeoutMs,
      readTimeout: timeoutMs,
      responseType: 'json',
    })
    return { status: response.status, data: response.data }
  }
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) })
  let data: unknown = null
  try {
    data = await response.json()
  } catch {
    // Not JSON: the caller tells from the missing body.
  }
  return { status: response.status, data }
}

export interface ConfirmOptions {
  /** Heading of the dialog; native dialogs show it above the message. */
  title?: string
  /** Label of the button that goes ahead (default 'OK'). */
  confirmLabel?: string
  /** Label of the button that aborts (default 'Cancel'). */
  cancelLabel?: string
  /** Paints the web fallback's confirm button red (deletes). */
  destructive?: boolean
}

/** The questions being asked, by title and message. */
const asking = new Set<string>()

/**
 * Asks the user to confirm (SPEC §8 native confirm dialogs): the system dialog on native, a
 * Mantine confirm modal on the web. Resolves true to go ahead; Cancel or dismissal aborts. A
 * question already being asked (the second click of a double click on Delete) is not asked
 * again: that ask answers false at once, and the one dialog's answer is the first ask's.
 */
export async function confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  const question = `${options.title ?? ''}\n${message}`
  if (asking.has(question)) return false
  asking.add(question)
  try {
    return await ask(message, options)
  } finally {
    asking.delete(question)
  }
}

async function ask(message: string, options: ConfirmOptions): Promise<boolean> {
  const confirmLabel = options.confirmLabel ?? t('OK')
  const cancelLabel = options.cancelLabel ?? t('Cancel')
  if (isNativePlatform()) {
    const { Dialog } = await import('@capacitor/dialog')
    const { value } = await Dialog.confirm({
      title: options.title,
      message,
      okButtonTitle: confirmLabel,
      cancelButtonTitle: cancelLabel,
    })
    return value
  }
  let dialogs: UnlessEscaped<typeof import('./web-dialogs')>
  try {
    dialogs = await unlessEscaped(import('./web-dialogs'))
  } catch {
    // Its code cannot be fetched (offline before the service worker holds it): the browser's
    // own dialog still asks, where nothing would otherwise answer.
    return window.confirm(options.title ? `${options.title}\n\n${message}` : message)
  }
  // Escape while its code was loading: the user said no before it could ask.
  if (dialogs.escaped) return false
  return dialogs.value.openWebConfirm(message, {
    title: options.title,
    confirmLabel,
    cancelLabel,
    destructive: options.destructive,
  })
}

/**
 * Confirms only on native (SPEC §2 Account: "Native confirm on sign out"); the web goes ahead
 * without asking.
 */
export async function confirmOnNative(message: string, options?: ConfirmOptions): Promise<boolean> {
  if (!isNativePlatform()) return true
  return confirm(message, options)
}

export interface ActionSheetOption {
  title: string
  destructive?: boolean
}

/**
 * The iOS action sheet (SPEC §2 Group menu). Resolves to the chosen option's index, or null
 * when cancelled. Native shows the system sheet with a trailing Cancel; the web (where the
 * group menu normally uses its own drawer or dropdown) falls back to a modal list of buttons.
 */
export async function showActionSheet(
  title: string,
  options: readonly ActionSheetOption[],
): Promise<number | null> {
  if (isNativePlatform()) {
    const { ActionSheet, ActionSheetButtonStyle } = await import('@capacitor/action-sheet')
    const { index } = await ActionSheet.showActions({
      title,
      options: [
        ...options.map((option) => ({
          title: option.title,
          style: option.destructive
            ? ActionSheetButtonStyle.Destructive
            : ActionSheetButtonStyle.Default,
        })),
        { title: t('Cancel'), style: ActionSheetButtonStyle.Cancel },
      ],
    })
    return index >= 0 && index < options.length ? index : null
  }
  const dialogs = await unlessEscaped(import('./web-dialogs'))
  if (dialogs.escaped) return null
  return dialogs.value.openWebActionSheet(title, options)
}

/**
 * Opens `url` in the system browser (issue 53's single sign-on): Safari's view on iOS, a Custom
 * Tab on Android, with the device browser's cookies and none of the app's. The web goes there in
 * its own tab.
 */
export async function openSystemBrowser(url: string): Promise<void> {
  if (!isNativePlatform()) {
    window.location.assign(url)
    return
  }
  const { Browser } = await import('@capacitor/browser')
  await Browser.open({ url })
}

/** Closes the system browser the app opened, if it is still up (iOS keeps it over the app). */
export async function closeSystemBrowser(): Promise<void> {
  if (!isNativePlatform()) return
  try {
    const { Browser } = await import('@capacitor/browser')
    await Browser.close()
  } catch {
    // Nothing open, or a platform that closes it itself (Android's Custom Tab).
  }
}

/**
 * Calls `onUrl` with each URL of the app's own scheme (`app.kindling://…`) the system opens the
 * app with, the one that launched it included; returns the unsubscribe. Nothing on the web.
 */
export function listenToAppUrls(onUrl: (url: string) => void): () => void {
  if (!isNativePlatform()) return () => {}
  let stopped = false
  let handle: { remove: () => Promise<void> } | undefined
  void (async () => {
    try {
      const { App } = await import('@capacitor/app')
      if (stopped) return
      handle = await App.addListener('appUrlOpen', (event) => onUrl(event.url))
      if (stopped) void handle.remove()
      // Android hands a cold start's URL only here (iOS reports it as an open, too).
      const launch = await App.getLaunchUrl()
      if (launch?.url && !stopped) onUrl(launch.url)
    } catch (error) {
      console.error(error)
    }
  })()
  return () => {
    stopped = true
    void handle?.remove()
  }
}
