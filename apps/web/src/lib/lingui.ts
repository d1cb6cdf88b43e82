import type { I18n } from '@lingui/core'

/*
 * Where Lingui's runtime is once loaded (i18n-runtime.ts registers it): lib/i18n reads it here
 * without importing it, so a first screen that needs none goes without (decision 163).
 */

let lingui: I18n | undefined

export function setLingui(runtime: I18n): void {
  lingui = runtime
}

/** Lingui's runtime, once some module that needs it (or a catalog) has loaded it. */
export function getLingui(): I18n | undefined {
  return lingui
}
