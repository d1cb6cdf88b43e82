import type { SyncEngine } from '../lib/sync/engine'
import { getSyncEngine, whenCopyReadable } from '../lib/sync/store'

/**
 * The longest a first drawing waits for the device's copy: a copy that never opens (a browser's
 * storage stuck) must not keep the boot screen up. The screen then draws its loading state and
 * the copy when it comes, in one task.
 */
export const COPY_WAIT_MS = 3000

/**
 * What a copy's first drawing computes, done before it a step per task: every habit's days
 * (their module is the screens', fetched with the first one).
 */
export const prepareFirstDrawing = (engine: SyncEngine) =>
  import('../api/days').then(({ buildHabitDaysInSteps }) => buildHabitDaysInSteps(engine))

/**
 * Settles once the first screen can be drawn in one go (issue 55): on a repeat visit the device's
 * copy read and every habit's days built from it in steps, so that the first drawing, a
 * transition React draws in slices, draws the data and no part of it holds the main thread long.
 * A first drawing started before would be drawn again in one task when the copy came. A first
 * visit has nothing to read: at once.
 */
export async function whenFirstDrawingReady(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, COPY_WAIT_MS)
  })
  try {
    await Promise.race([whenCopyReadable(), waited])
  } finally {
    clearTimeout(timer)
  }
  const engine = getSyncEngine()
  if (engine?.status.loaded) await prepareFirstDrawing(engine)
}
