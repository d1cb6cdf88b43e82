import type { Cadence } from '@kindling/core'
import { type MessageKey, msg } from '../../../lib/i18n'

export const CADENCES: readonly Cadence[] = ['Daily', 'Weekly', 'Monthly']

/** The cadence a query value names, or null for anything else. */
export function parseCadence(value: string | null): Cadence | null {
  return CADENCES.find((cadence) => cadence === value) ?? null
}

/** Per-cadence wording and storage of the Goals screen (SPEC §2, §3). */
export const CADENCE_TEXT: Record<
  Cadence,
  {
    /** The section's title, as core names it. */
    title: MessageKey
    allDone: MessageKey
    noGoals: MessageKey
    startButton: MessageKey
    collapsedKey: 'goalsDailyCollapsed' | 'goalsWeeklyCollapsed' | 'goalsMonthlyCollapsed'
  }
> = {
  Daily: {
    title: msg('Today'),
    allDone: msg('All daily goals accomplished!'),
    noGoals: msg('No daily goals yet.'),
    startButton: msg('Start small, dream big'),
    collapsedKey: 'goalsDailyCollapsed',
  },
  Weekly: {
    title: msg('This Week'),
    allDone: msg('All weekly goals accomplished!'),
    noGoals: msg('No weekly goals yet.'),
    startButton: msg('Every journey starts with a single step'),
    collapsedKey: 'goalsWeeklyCollapsed',
  },
  Monthly: {
    title: msg('This Month'),
    allDone: msg('All monthly goals accomplished!'),
    noGoals: msg('No monthly goals yet.'),
    startButton: msg('Start planning for your future'),
    collapsedKey: 'goalsMonthlyCollapsed',
  },
}
