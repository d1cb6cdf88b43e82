import { useSyncExternalStore } from 'react'

/** Whether a form modal is open: the mobile tab bar hides meanwhile (SPEC §2 Layout). */
let formModalOpen = false
const listeners = new Set<() => void>()

export function setFormModalOpen(open: boolean): void {
  formModalOpen = open
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useFormModalOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => formModalOpen,
    () => false,
  )
}
