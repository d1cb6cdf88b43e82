import type { Cadence } from '@kindling/core'

export const CADENCES: readonly Cadence[] = ['Daily', 'Weekly', 'Monthly']

/** The cadence a query value names, or null for anything else. */
export function parseCadence(value: string | null): Cadence | null {
  return CADENCES.find((cadence) => cadence === value) ?? null
}

/** Per-cadence wording and storage of the Goals screen (SPEC §2, §3). */
export const CADENCE_TEXT: Record<
  Cadence,
  {
    noun: string
    startButton: string
    collapsedKey: 'goalsDailyCollapsed' | 'goalsWeeklyCollapsed' | 'goalsMonthlyCollapsed'
  }
> = {
  Daily: {
    noun: 'daily',
    startButton: 'Start small, dream big',
    collapsedKey: 'goalsDailyCollapsed',
  },
  Weekly: {
    noun: 'weekly',
    startButton: 'Every journey starts with a single step',
    collapsedKey: 'goalsWeeklyCollapsed',
  },
  Monthly: {
    noun: 'monthly',
    startButton: 'Start planning for your future',
    collapsedKey: 'goalsMonthlyCollapsed',
  },
}
