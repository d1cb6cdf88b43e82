import type { SyncEngine } from '../lib/sync/engine'
import { getSyncEngine, whenCopyReadable } from '../lib/sync/store'

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
  await whenCopyReadable()
  const engine = getSyncEngine()
  if (engine?.status.loaded) await prepareFirstDrawing(engine)
}
