import { useEffect } from 'react'
import { idleTurn, inTurns, taskTurn } from '../lib/idle'
import { loadWriteSchemas } from '../lib/sync/load-schemas'
import { whenHoldsHabits } from '../lib/sync/store'
import { forms } from './forms'

/**
 * The code of the forms a screen's taps open (its route handle's `warm`), fetched and evaluated
 * ahead of the tap, so that a habit's "Add event" shows its form without waiting for it (issue
 * 55): once the device's copy is pulled and holds a habit (a new account has nothing to log
 * yet), from the next idle period on, a module graph per task: the write schemas, then for each
 * form its page, its component, the date picker. A tap meanwhile fetches what it needs itself,
 * as before. `preloadScreen` is the router's, whose screens draw at once code it fetched.
 */
export function useWarmForms(
  paths: readonly string[] | undefined,
  preloadScreen: (pathname: string) => void,
): void {
  const key = paths?.join(' ') ?? ''
  useEffect(() => {
    if (!key) return
    const steps: (() => Promise<unknown>)[] = [loadWriteSchemas]
    for (const path of key.split(' ')) {
      const entry = forms[path]
      if (!entry) continue
      steps.push(
        async () => preloadScreen(path),
        () => import('./lazy-form').then((module) => module.preloadForm(entry)),
        () => import('../components/lazy-day-input').then((module) => module.preloadDayInput()),
      )
    }
    let cancelSteps = () => {}
    const cancelWait = whenHoldsHabits(() => {
      cancelSteps = inTurns(steps, taskTurn, idleTurn)
    })
    return () => {
      cancelWait()
      cancelSteps()
    }
  }, [key, preloadScreen])
}
