/**
 * The one place that knows about Capacitor (SPEC §1 native app). Everything here has a web
 * fallback, so the same build runs in a browser and in the native shell. The plugins are
 * imported on first use: the web never downloads them up front, nor its own dialogs' code.
 * See docs/decisions/031-platform-module.md. What the screens ask of the platform (dialogs, the
 * system browser, app info, the device's own HTTP) is platform-actions.ts: a module's exports
 * travel together, and this one is part of the first screen's script (decision 163).
 */

export type Platform = 'ios' | 'android' | 'web'

interface NativeBridges {
  androidBridge?: unknown
  webkit?: { messageHandlers?: { bridge?: unknown } }
}

/**
 * The platform as @capacitor/core decides it, from the bridge the iOS or Android shell injects
 * before the app's scripts run; without loading @capacitor/core, which the web never needs.
 */
export function getPlatform(): Platform {
  const bridges = window as Window & NativeBridges
  if (bridges.androidBridge) return 'android'
  if (bridges.webkit?.messageHandlers?.bridge) return 'ios'
  return 'web'
}

export function isNativePlatform(): boolean {
  return getPlatform() !== 'web'
}

/**
 * Reports the on-screen keyboard (SPEC §3 "mobile keyboard flag") from the native keyboard
 * plugin; returns the unsubscribe. On the web it does nothing: the layout infers the keyboard
 * from focus there.
 */
export function listenToKeyboard(onChange: (shown: boolean) => void): () => void {
  if (!isNativePlatform()) return () => {}
  let stopped = false
  const handles: { remove: () => Promise<void> }[] = []
  void (async () => {
    try {
      const { Keyboard } = await import('@capacitor/keyboard')
      const shown = await Keyboard.addListener('keyboardWillShow', () => onChange(true))
      const hidden = await Keyboard.addListener('keyboardWillHide', () => onChange(false))
      handles.push(shown, hidden)
      if (stopped) for (const handle of handles) void handle.remove()
    } catch (error) {
      console.error(error)
    }
  })()
  return () => {
    stopped = true
    for (const handle of handles) void handle.remove()
  }
}

/*
 * Secret values (the bearer session of native auth) in the app's own storage: Capacitor
 * Preferences (iOS UserDefaults, Android SharedPreferences, both private to the app and kept
 * out of backups by the projects' settings). The web keeps cookies instead and falls back to
 * localStorage only for completeness. Values are cached in memory after the first read, so
 * the bridge is crossed once per key.
 */
const secureCache = new Map<string, string | null>()

export async function readSecureItem(key: string): Promise<string | null> {
  const cached = secureCache.get(key)
  if (cached !== undefined) return cached
  let value: string | null = null
  if (isNativePlatform()) {
    const { Preferences } = await import('@capacitor/preferences')
    value = (await Preferences.get({ key })).value
  } else {
    try {
      value = localStorage.getItem(key)
    } catch {
      value = null
    }
  }
  secureCache.set(key, value)
  return value
}

export async function writeSecureItem(key: string, value: string): Promise<void> {
  secureCache.set(key, value)
  if (isNativePlatform()) {
    const { Preferences } = await import('@capacitor/preferences')
    await Preferences.set({ key, value })
    return
  }
  try {
    localStorage.setItem(key, value)
  } catch {
    // Storage unavailable (private mode): the value lives in memory for this visit.
  }
}

export async function removeSecureItem(key: string): Promise<void> {
  secureCache.set(key, null)
  if (isNativePlatform()) {
    const { Preferences } = await import('@capacitor/preferences')
    await Preferences.remove({ key })
    return
  }
  try {
    localStorage.removeItem(key)
  } catch {
    // Nothing stored to remove.
  }
}

/** Forgets the in-memory copies (tests). */
export function clearSecureCache(): void {
  secureCache.clear()
}
