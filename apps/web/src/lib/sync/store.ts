import {
  createContext,
  createElement,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { getDeviceTimeZone } from '../time-zone'
import { type EngineOptions, IDLE_STATUS, SyncEngine, type SyncStatus } from './engine'
import type { Tables } from './view'

/**
 * The one synced copy of the signed-in user's data in this tab, and the React bindings the
 * screens read it through. `connect-sync` starts it on sign-in and destroys it on sign-out.
 */
let engine: SyncEngine | undefined
let unsubscribe: (() => void) | undefined
const listeners = new Set<() => void>()
/** Changes with what the screens read: the copy, whether it is open, whether it is synced. */
let version = 0
let shown = ''
/** The user whose copy was read last, and that user again if it was synced already then. */
let loadedUid: string | undefined
let warmUid: string | undefined

/**
 * Tells the subscribers; the screens' data hooks draw again only when the copy or its readiness
 * changed. A sync round changes the status three times or more (every 15 s while in view), and
 * drawing every list again for each was the longest task of a heavy user's screen.
 */
function notify() {
  // A copy synced when it was first read (a repeat visit) draws at once, as its first screen.
  if (engine?.status.loaded && loadedUid !== engine.uid) {
    loadedUid = engine.uid
    warmUid = engine.status.synced ? engine.uid : undefined
  }
  const now = `${engine?.uid}:${engine?.version}:${engine?.status.loaded}:${isSynced()}`
  if (now !== shown) {
    shown = now
    version += 1
  }
  for (const listener of listeners) listener()
}

export function getSyncEngine(): SyncEngine | undefined {
  return engine
}

/** Opens (or keeps) the copy of `uid`; any other user's copy is closed first. */
export function startSync(uid: string, onRejected: EngineOptions['onRejected']): SyncEngine {
  if (engine?.uid === uid) return engine
  stopSync()
  loadedUid = undefined
  warmUid = undefined
  const started = new SyncEngine({ uid, onRejected, timeZone: getDeviceTimeZone })
  engine = started
  unsubscribe = started.subscribe(notify)
  started.start().catch((error: unknown) => console.error('The local copy did not open:', error))
  notify()
  return started
}

export function stopSync(): void {
  unsubscribe?.()
  engine?.stop()
  engine = undefined
  unsubscribe = undefined
  notify()
}

/** Tries to send what waits (when online); answers how many changes are still unsent. */
export async function flushOutbox(): Promise<{ unsent: number; reachable: boolean }> {
  if (!engine) return { unsent: 0, reachable: true }
  engine.kick()
  await engine.settled()
  return { unsent: engine.status.pending, reachable: engine.status.online }
}

/** Deletes the device's copy and outbox of the current user (sign-out). */
export async function destroyLocalCopy(): Promise<void> {
  const current = engine
  unsubscribe?.()
  engine = undefined
  unsubscribe = undefined
  notify()
  await current?.destroy()
}

/** The copy is open and has been pulled at least once: screens can show it. */
function isSynced(): boolean {
  return Boolean(engine?.status.loaded && engine.status.synced)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Calls `callback` once `ready()` holds (at once when it does); answers the cancel. */
function when(ready: () => boolean, callback: () => void): () => void {
  if (ready()) {
    callback()
    return () => {}
  }
  const unsubscribe = subscribe(() => {
    if (!ready()) return
    unsubscribe()
    callback()
  })
  return unsubscribe
}

/**
 * Calls `callback` once the signed-in user's copy is readable and has been pulled at least once
 * (at once when it is); answers the cancel.
 */
export const whenSynced = (callback: () => void) => when(isSynced, callback)

/**
 * Calls `callback` once the signed-in user's copy has been pulled and holds a habit (someone with
 * something to log), at once when it does; answers the cancel. A copy stored on an earlier visit
 * counts as pulled: a habit added elsewhere since comes with this visit's first pull.
 */
export const whenHoldsHabits = (callback: () => void) =>
  when(() => isSynced() && (engine?.view.activities.size ?? 0) > 0, callback)

/**
 * Calls `callback` once the signed-in user's copy has been read, synced or not: the screens have
 * drawn what it holds (its readers draw synchronously); answers the cancel.
 */
export const whenLoaded = (callback: () => void) =>
  when(
    () =>
      Boolean(
        engine?.status.loaded &&
          // A synced copy behind a FirstDrawingGate is drawn once the gate's transition is in.
          (gates === 0 ||
            !engine.status.synced ||
            drawnUid === engine.uid ||
            warmUid === engine.uid),
      ),
    callback,
  )

/**
 * Settles once a first screen can be drawn from the signed-in user's copy: read on a repeat
 * visit, known to be new on a first (at once when nobody is signed in). A first drawing under
 * way when the copy comes would be drawn again in one task, the whole screen with its data.
 */
export function whenCopyReadable(): Promise<void> {
  return engine?.whenReadable() ?? Promise.resolve()
}

/** A number that changes whenever the synced copy (or its status) changes. */
export function useSyncVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  )
}

/**
 * What `select` answers of the sync (its status, its meta, whose copy it is), drawn again only
 * when that answer changes. A reader whose snapshot changes while React draws a transition in
 * slices makes React draw the whole transition again in one task (its check against tearing):
 * readers of the whole status or of the copy's version did so at each step of a start, the
 * first screen's and the first sync's drawings included (issue 55).
 */
export function useSyncState<T>(select: (engine: SyncEngine | undefined) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(engine),
    () => select(undefined),
  )
}

/**
 * The sync's status: online, sending, how many changes wait (the same object while unchanged),
 * or what `select` answers of it, drawn again only when that answer changes.
 */
export function useSyncStatus(): SyncStatus
export function useSyncStatus<T>(select: (status: SyncStatus) => T): T
export function useSyncStatus<T>(select?: (status: SyncStatus) => T): T | SyncStatus {
  return useSyncState((current) => {
    const status = current?.status ?? IDLE_STATUS
    return select ? select(status) : status
  })
}

export interface Synced<T> {
  data: T | undefined
  /** Nothing to show yet: the copy is still opening, or empty before its first sync. */
  isLoading: boolean
  isPending: boolean
  isSuccess: boolean
  isError: false
  error: null
}

/**
 * Whether the screens may draw the copy of the signed-in user: false from the moment it is synced
 * until its first drawing, a transition, is under way. Outside a FirstDrawingGate: always.
 */
const FirstDrawn = createContext(true)

/** FirstDrawingGates mounted, and the user whose copy's first drawing the last one committed. */
let gates = 0
let drawnUid: string | undefined

/**
 * Makes the first drawing of a copy synced while the page is open (a new device's first sync)
 * one React transition, which React draws in slices that leave the main thread free in between
 * (issue 55): `prepare` first does, a step per task, what the drawing would otherwise compute in
 * one (every habit's days). Only that one: a copy synced when it was read (a repeat visit) draws
 * at once, before the app asks the server anything, and the changes after it draw as they come.
 */
export function FirstDrawingGate({
  prepare,
  children,
}: {
  prepare: (engine: SyncEngine) => Promise<void>
  children: ReactNode
}) {
  const uid = useSyncState((current) => current?.uid)
  const warm = useSyncState((current) => current !== undefined && warmUid === current.uid)
  const [drawn, setDrawn] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!uid) return
    let cancelled = false
    const draw = () => {
      if (!cancelled) startTransition(() => setDrawn(uid))
    }
    const cancelWait = whenSynced(() => {
      const current = engine
      if (current?.uid !== uid || warmUid === uid) return
      prepare(current).then(draw, (error: unknown) => {
        console.error(error)
        draw()
      })
    })
    return () => {
      cancelled = true
      cancelWait()
    }
  }, [uid, prepare])
  useEffect(() => {
    gates += 1
    return () => {
      gates -= 1
    }
  }, [])
  useEffect(() => {
    if (!drawn) return
    drawnUid = drawn
    notify()
  }, [drawn])
  return createElement(FirstDrawn.Provider, { value: !uid || drawn === uid || warm }, children)
}

/** Whether two answers are lists of the very same items in the same order. */
function sameItems(a: unknown, b: unknown): boolean {
  return (
    Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((item, index) => item === b[index])
  )
}

/** What a `useSynced` read last: its answer, and the copy's version and `deps` it was read at. */
interface Read<T> {
  data: T | undefined
  ready: boolean
  version: number
  deps: readonly unknown[]
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]))

/** What a server's drawing reads (there is none: the app draws in the browser). */
const NOTHING_READ: Read<never> = Object.freeze({
  data: undefined,
  ready: false,
  version: -1,
  deps: [],
})

/**
 * Reads the synced copy: `select` runs over the live records whenever they change, and the
 * component draws again only when its answer does (or whether the copy is ready): a new event
 * leaves a screen that reads the habits alone, a form's habit picker over the list included
 * (issue 55). A list of the same records as the last answer is the last answer itself: the
 * habits stay the same array while events come in, so what is drawn from them (memoised rows)
 * is not drawn again (issue 19). Data is there as soon as the device's copy is open, before any
 * network answer.
 */
export function useSynced<T>(
  select: (view: Tables, engine: SyncEngine) => T,
  deps: readonly unknown[],
): Synced<T> {
  const drawn = useContext(FirstDrawn)
  const last = useRef<Read<T>>({ data: undefined, ready: false, version: -1, deps: [] })
  // Called in every drawing and at every change of the store: the same object while the answer
  // is the same (React compares it), a new one when it changed.
  const read = (): Read<T> => {
    const ready = isSynced() && drawn
    const before = last.current
    if (before.version === version && before.ready === ready && sameDeps(before.deps, deps)) {
      return before
    }
    const next = engine && ready ? select(engine.view, engine) : undefined
    if (before.ready === ready && (Object.is(before.data, next) || sameItems(before.data, next))) {
      before.version = version
      before.deps = deps
      return before
    }
    last.current = { data: next, ready, version, deps }
    return last.current
  }
  const { data, ready } = useSyncExternalStore(subscribe, read, () => NOTHING_READ)
  return {
    data,
    isLoading: !ready,
    isPending: !ready,
    isSuccess: ready,
    isError: false,
    error: null,
  }
}
