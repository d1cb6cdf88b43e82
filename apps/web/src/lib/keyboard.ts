import { useSyncExternalStore } from 'react'

/**
 * Whether the on-screen keyboard is shown (SPEC §3 UI state "mobile keyboard flag"). The web
 * infers it from focus in a text field; native sets it from the keyboard plugin's events.
 */
let keyboardShown = false
const listeners = new Set<() => void>()

export function setKeyboardShown(shown: boolean): void {
  if (shown === keyboardShown) return
  keyboardShown = shown
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useKeyboardShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => keyboardShown,
    () => false,
  )
}

const NON_TEXT_INPUT_TYPES = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
])

/** True for elements that bring up the on-screen keyboard when focused. */
export function isTextEntry(element: Element | null): boolean {
  if (!element) return false
  if (element instanceof HTMLTextAreaElement) return !element.readOnly
  if (element instanceof HTMLInputElement) {
    return !element.readOnly && !NON_TEXT_INPUT_TYPES.has(element.type)
  }
  return element instanceof HTMLElement && element.isContentEditable === true
}
