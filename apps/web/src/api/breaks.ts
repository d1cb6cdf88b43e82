import type { BreakInput, BreakUpdateInput } from '@kindling/core'
import { compareCodeUnits, planUndoSkip } from '@kindling/core'
import { createResource, useWrite } from '../lib/resource'
import { getSyncEngine } from '../lib/sync/store'
import { unknownActivity } from './checks'

/**
 * Breaks (issue 49): days a habit, or every habit (`activityId` null, a vacation), is off.
 * Latest first.
 */
export const breaks = createResource<'breaks', BreakInput, BreakUpdateInput>('breaks', {
  schemas: (lib) => ({ create: lib.BreakInput, update: lib.BreakUpdateInput }),
  compare: (a, b) => compareCodeUnits(b.from, a.from) || compareCodeUnits(b.id, a.id),
  check: (input, view) =>
    input.activityId === null ? {} : unknownActivity(String(input.activityId), view),
})

export const useBreaks = breaks.useList
export const useCreateBreak = breaks.useCreate
export const useUpdateBreak = breaks.useUpdate
export const useDeleteBreak = breaks.useDelete

/** 'Skip this day': a one-day break of the habit. */
export function useSkipDay() {
  return useWrite(({ activityId, day }: { activityId: string; day: string }) =>
    breaks.create({ activityId, from: day, to: day }),
  )
}

/**
 * 'Undo skip': takes `day` out of the habit's own breaks (core's planUndoSkip: a one-day break
 * deleted, a longer one shortened or cut in two).
 */
export function useUndoSkip() {
  return useWrite(async ({ activityId, day }: { activityId: string; day: string }) => {
    const engine = getSyncEngine()
    const edits = planUndoSkip(engine?.view.breaks.values() ?? [], activityId, day)
    for (const edit of edits) {
      if (edit.op === 'delete') await breaks.remove(edit.id)
      else if (edit.op === 'update')
        await breaks.update({ id: edit.id, from: edit.from, to: edit.to })
      else await breaks.create(edit)
    }
  })
}
