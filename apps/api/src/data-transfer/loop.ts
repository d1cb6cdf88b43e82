import type { AttributeValue, ImportFormat } from '@kindling/core'
import { generatePositions, mergeDaysIntoRanges } from '@kindling/core'
import type { Text } from '../i18n/message'
import {
  composeDescription,
  dayInstant,
  fitNote,
  habitNote,
  type ImportPlan,
  type PlannedActivity,
  type PlannedAttribute,
  type PlannedEvent,
  type PlannedGoal,
  type PlannedReminder,
  planFrequency,
  SKIP,
  SkipCounter,
  shortenName,
  uniqueKey,
} from './plan'

/**
 * Loop Habit Tracker's habits as its backup (SQLite) and CSV export both describe them, read
 * into one shape so both map through `mapLoopHabits`.
 */
export interface LoopHabit {
  position: number
  name: string
  question: string
  description: string
  freqNum: number
  freqDen: number
  numerical: boolean
  /** Numerical habits from schema 18 (Loop 1.7) on; null before. */
  target: { comparison: 'atLeast' | 'atMost'; value: number } | null
  unit: string
  color: string
  archived: boolean
  reminder: { hour: number; minute: number; days: number } | null
  /** From schema 24 on (the backup only). */
  uuid: string | null
  entries: LoopEntry[]
}

/**
 * One stored day: `value` as Loop stores it. Yes/no: 2 done, 1 automatic check, 0 not done,
 * 3 skip, -1 unknown. Numerical: the amount times 1000 (3 is a skip there too, negative unknown).
 */
export interface LoopEntry {
  day: string
  value: number
  notes: string
}

export const LOOP_YES_MANUAL = 2
export const LOOP_YES_AUTO = 1
export const LOOP_NO = 0
export const LOOP_SKIP = 3
export const LOOP_UNKNOWN = -1

/** Loop's 20 colours (palette index 0-19, schema 21 on), as its CSV export writes them. */
export const LOOP_PALETTE = [
  '#d32f2f',
  '#e64a19',
  '#f57c00',
  '#ff8f00',
  '#f9a825',
  '#afb42b',
  '#7cb342',
  '#388e3c',
  '#00897b',
  '#00acc1',
  '#039be5',
  '#1976d2',
  '#303f9f',
  '#5e35b1',
  '#8e24aa',
  '#d81b60',
  '#5d4037',
  '#303030',
  '#757575',
  '#aaaaaa',
] as const

/** Schema 14-20 kept 13 colours; migration 21 moved each to this index of the 20. */
export const LOOP_OLD_PALETTE_TO_NEW = [0, 1, 4, 5, 7, 8, 9, 10, 13, 14, 15, 17, 19] as const

/**
 * Loop's reminder as a Kindling reminder of the habit (issue 48): its hour and minute, and its
 * weekdays (Loop's 7-bit mask has Saturday in bit 0, Sunday in bit 1 ... Friday in bit 6;
 * Kindling numbers days as getDay(), Sunday 0). None when Loop's has no day.
 */
export function plannedReminder(reminder: LoopHabit['reminder']): PlannedReminder[] {
  if (!reminder) return []
  const mask = reminder.days & 0x7f
  const days = [0, 1, 2, 3, 4, 5, 6]
    .filter((bit) => mask & (1 << bit))
    .map((bit) => (bit + 6) % 7)
    .sort((a, b) => a - b)
  if (days.length === 0) return []
  const pad = (n: number) => String(n).padStart(2, '0')
  const time = `${pad(Math.min(23, Math.max(0, reminder.hour)))}:${pad(Math.min(59, Math.max(0, reminder.minute)))}`
  return [{ key: 'loop-reminder', time, days }]
}

/**
 * Maps Loop's habits to a plan (issue 16): a habit is an activity (name shortened to 20
 * characters, the full name, question and description in the description); its frequency picks
 * the schedule; each done day is one event at noon UTC of that day; a numerical habit gets a
 * number attribute named after its unit holding the amount, and its target a goal; notes go to
 * a text attribute 'Notes'; skipped days become breaks (runs of days merged); unknowns,
 * not-done days and Loop's automatic checks are counted, not stored; archived habits are
 * archived, and Loop's list order is the user's own order. A habit without a name is
 * 'Unnamed habit N' (N its place in Loop's list), keyed by its uuid and that place.
 *
 * `explicitZeros` says whether an amount of 0 was typed by the user (backups and Loop 2's CSV)
 * or is a day Loop 1's CSV filled in (then it is an unknown day).
 */
export function mapLoopHabits(
  habits: LoopHabit[],
  format: Extract<ImportFormat, 'loop-db' | 'loop-csv'>,
  options: { explicitZeros: boolean; skipped?: SkipCounter },
): ImportPlan {
  const skipped = options.skipped ?? new SkipCounter()
  const usedKeys = new Set<string>()
  const activities: PlannedActivity[] = []
  const summaryNotes: Text[] = []
  const sorted = [...habits].sort((a, b) => a.position - b.position)
  // Loop's list order is the user's own order (issue 49).
  const positions = generatePositions(sorted.length)

  for (const [index, habit] of sorted.entries()) {
    // A habit without a name (NULL in a backup) keeps its days under a name that says so; it is
    // matched on re-import by its uuid or its place in the list, never by that made-up name.
    const nameless = habit.name.trim() === ''
    const fullName = nameless ? `Unnamed habit ${index + 1}` : habit.name.trim()
    const { schedule, cadence, count, approximation } = planFrequency(
      Math.max(1, habit.freqNum),
      Math.max(1, habit.freqDen),
    )
    if (approximation) summaryNotes.push(habitNote(fullName, approximation))
    const atMost = habit.target?.comparison === 'atMost'
    const attributes: PlannedAttribute[] = []
    const goals: PlannedGoal[] = []

    if (habit.numerical) {
      const unit = habit.unit.trim()
      attributes.push({
        key: 'amount',
        fields: {
          type: 'number',
          name: (unit || 'Value').slice(0, 50),
          description: '',
          required: false,
          valueType: 'decimal',
          ...(unit ? { unit: unit.slice(0, 30) } : {}),
        },
      })
      if (habit.target && (habit.target.value > 0 || atMost)) {
        // Loop's target is per its frequency's period: kept per Kindling's (a week's worth for an
        // approximated frequency, scaled as the frequency was).
        const perPeriod = approximation
          ? (habit.target.value * 7) / Math.max(1, habit.freqDen)
          : habit.target.value
        goals.push({
          key: 'target',
          cadence,
          target: {
            kind: 'amount',
            attributeKey: 'amount',
            comparison: habit.target.comparison,
            value: Number(perPeriod.toFixed(3)),
          },
        })
      }
    } else if (count !== null) {
      // "3 times a week": Loop's yes/no habit of 3 in 7 days.
      goals.push({ key: 'frequency', cadence, target: { kind: 'count', count } })
    }

    const events: PlannedEvent[] = []
    const skipDays: string[] = []
    const seenDays = new Set<string>()
    let hasNotes = false
    const entries = [...habit.entries].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    for (const entry of entries) {
      if (seenDays.has(entry.day)) {
        skipped.add(SKIP.duplicateDay)
        continue
      }
      seenDays.add(entry.day)
      const notes = entry.notes.trim()
      const amount = habit.numerical ? classifyAmount(entry.value, atMost, options) : null
      const done = habit.numerical ? amount !== null : entry.value === LOOP_YES_MANUAL
      // A skip is a break day (issue 49): neither done nor missed, as in Loop.
      if (entry.value === LOOP_SKIP) {
        skipDays.push(entry.day)
        if (notes) skipped.add(SKIP.noteNotDone)
        continue
      }
      if (!done) {
        const reason = habit.numerical
          ? numericalReason(entry.value, options)
          : yesNoReason(entry.value, options)
        if (reason) skipped.add(reason)
        if (notes) skipped.add(SKIP.noteNotDone)
        continue
      }
      const values: Record<string, AttributeValue> = {}
      if (amount !== null) values.amount = amount
      if (notes) {
        values.notes = fitNote(notes, skipped)
        hasNotes = true
      }
      events.push({ eventDate: dayInstant(entry.day), values })
    }
    if (hasNotes) {
      attributes.push({
        key: 'notes',
        fields: { type: 'text', name: 'Notes', description: '', required: false },
      })
    }

    const keys = [
      ...(habit.uuid ? [uniqueKey(`uuid:${habit.uuid}`, usedKeys)] : []),
      uniqueKey(nameless ? `unnamed:${index + 1}` : `name:${fullName}`, usedKeys),
    ]
    activities.push({
      keys,
      name: shortenName(fullName),
      description: composeDescription(
        fullName,
        [
          nameless
            ? `This habit has no name in the Loop file (habit ${index + 1} of its list).`
            : '',
          habit.question,
          habit.description,
        ],
        skipped,
      ),
      color: habit.color,
      visibility: 'private',
      schedule,
      archived: habit.archived,
      position: positions[index] ?? null,
      attributes,
      goals,
      events,
      reminders: plannedReminder(habit.reminder),
      breaks: mergeDaysIntoRanges(skipDays),
    })
  }

  return {
    format,
    source: 'loop',
    groups: [],
    activities,
    skipped,
    eventIdentity: 'day',
    notes: summaryNotes,
  }
}

/** The amount of a numerical entry, or null when the day is not an event. */
function classifyAmount(
  value: number,
  atMost: boolean,
  options: { explicitZeros: boolean },
): number | null {
  if (value === LOOP_SKIP || value < 0) return null
  if (value === 0) return atMost && options.explicitZeros ? 0 : null
  return value / 1000
}

/*
 * Why a day is not an event, for the summary; none for the 0 of a day Loop 1's CSV wrote only
 * to fill the calendar (it wrote every day since the first check).
 */
function numericalReason(value: number, options: { explicitZeros: boolean }): string | null {
  if (value === LOOP_SKIP) return SKIP.skipped
  if (value === 0) return options.explicitZeros ? SKIP.zeroAmount : null
  return SKIP.unknown
}

function yesNoReason(value: number, options: { explicitZeros: boolean }): string | null {
  if (value === LOOP_NO && !options.explicitZeros) return null
  switch (value) {
    case LOOP_SKIP:
      return SKIP.skipped
    case LOOP_YES_AUTO:
      return SKIP.automatic
    case LOOP_NO:
      return SKIP.notDone
    default:
      return SKIP.unknown
  }
}
