import {
  buildHabitDays,
  createHabitDaysMemo,
  type DayTotals,
  type HabitDaysInput,
  stepHabitDays,
} from '@kindling/core'
import type { SyncEngine } from '../lib/sync/engine'
import { useSynced } from '../lib/sync/store'
import type { Tables } from '../lib/sync/view'
import { getDeviceTimeZone } from '../lib/time-zone'

/*
 * Every habit's days, whole history, as core's one per-day model (DayTotals): the synced copy's
 * history of old days merged with the events it holds, by core's buildHabitDays. Streaks,
 * calendars, week strips, the schedule, goals, reminders and statistics all read this one answer.
 */

const memo = createHabitDaysMemo()
let last: { key: string; view: Tables; days: ReadonlyMap<string, DayTotals> } | undefined

/**
 * Every activity's days in `timeZone`, built once per change of the copy (every screen that reads
 * them during one drawing shares the answer), and per habit only when its days changed: an
 * unchanged habit keeps its DayTotals object, so what is drawn of it is not drawn again.
 */
export function selectHabitDays(
  view: Tables,
  engine: EngineParts,
  timeZone: string,
): ReadonlyMap<string, DayTotals> {
  const key = `${engine.uid}:${engine.version}:${timeZone}`
  if (last?.key === key && last.view === view) return last.days
  const days = buildHabitDays(habitDaysInput(view, engine, timeZone), memo)
  last = { key, view, days }
  return days
}

type EngineParts = Pick<SyncEngine, 'uid' | 'version' | 'syncMeta' | 'pendingEntries'>

function habitDaysInput(view: Tables, engine: EngineParts, timeZone: string): HabitDaysInput {
  const { history, eventsFrom } = engine.syncMeta
  const waiting = new Set(engine.pendingEntries.map((entry) => entry.id))
  return {
    history,
    events: view.events.values(),
    eventsFrom,
    isWaiting: (id) => waiting.has(id),
    timeZone,
    breaks: view.breaks.values(),
    activityIds: view.activities.keys(),
  }
}

/** Habits whose days one task builds before the first drawing: a few, each years of days. */
const HABITS_PER_TASK = 4

/**
 * Builds every habit's days of the copy a few habits per task, before the copy's first drawing
 * (issue 55): the drawing then finds them built (selectHabitDays reads the same memo) instead
 * of building years of days of every habit in one long task. Resolves once all are built, or
 * at once for a copy of few habits.
 */
export async function buildHabitDaysInSteps(
  engine: EngineParts & { view: Tables },
  timeZone = getDeviceTimeZone(),
): Promise<void> {
  while (!stepHabitDays(habitDaysInput(engine.view, engine, timeZone), memo, HABITS_PER_TASK)) {
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

/** Every habit's days, whole history, in the device's zone (a map by activity id). */
export function useHabitDays() {
  const timeZone = getDeviceTimeZone()
  return useSynced((view, engine) => selectHabitDays(view, engine, timeZone), [timeZone])
}
