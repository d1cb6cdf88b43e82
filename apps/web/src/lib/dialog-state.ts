import { useSyncExternalStore } from 'react'

/*
 * The app's modal dialogs (form modals, the web's confirm and action-sheet dialogs), whose code
 * loads after the first screen: how many are open (the mobile tab bar hides meanwhile, SPEC §2
 * Layout), and whether the web dialogs' host has been asked for.
 */
let openDialogs = 0
let dialogHostWanted = false
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Counts a dialog as open until the returned function is called (once; later calls do nothing). */
export function dialogOpened(): () => void {
  openDialogs += 1
  notify()
  let closed = false
  return () => {
    if (closed) return
    closed = true
    openDialogs -= 1
    notify()
  }
}

export function useDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openDialogs > 0,
    () => false,
  )
}

/** Asks the layout to mount the web dialogs' host (lib/web-dialogs), which stays from then on. */
export function wantDialogHost(): void {
  if (dialogHostWanted) return
  dialogHostWanted = true
  notify()
}

export function useDialogHostWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dialogHostWanted,
    () => false,
  )
}
