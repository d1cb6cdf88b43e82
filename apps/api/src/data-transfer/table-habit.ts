import { type AttributeValue, GROUP_NAME_MAX_LENGTH, mergeDaysIntoRanges } from '@kindling/core'
import { msg, type Text } from '../i18n/message'
import { paletteColor } from './habitbull'
import {
  composeDescription,
  DATE_RANGE,
  dayInstant,
  fitNote,
  habitNote,
  hexOfArgb,
  ImportError,
  type ImportPlan,
  type PlannedActivity,
  type PlannedFrequency,
  type PlannedGroup,
  planFrequency,
  SKIP,
  SkipCounter,
  shortenName,
  uniqueKey,
  utcDay,
} from './plan'

/** Table Habit's ten built-in colours (`cc1`...`cc10`, colour codes 1-10). */
const TABLE_HABIT_COLORS = [
  '#6750a4',
  '#f44336',
  '#9c27b0',
  '#3f51b5',
  '#009688',
  '#4caf50',
  '#ffc107',
  '#ff9800',
  '#8bc34a',
  '#673ab7',
] as const

const TYPE_NEGATIVE = 2
const STATUS_DELETED = 2
const STATUS_ARCHIVED = 3
const FREQ_WEEKLY = 1
const FREQ_MONTHLY = 2
const FREQ_CUSTOM = 3
const RECORD_DONE = 1
const RECORD_SKIP = 2
const DAY_MS = 86_400_000

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The habits of a Table Habit export: `{ habits: [...], groups?: [...] }` or a bare list. */
function habitsOf(json: unknown): { habits: unknown[]; groups: unknown[] } | null {
  if (Array.isArray(json)) return { habits: json, groups: [] }
  if (isObject(json) && Array.isArray(json.habits)) {
    return { habits: json.habits, groups: Array.isArray(json.groups) ? json.groups : [] }
  }
  return null
}

/** Whether parsed JSON looks like a Table Habit export (habits with Table Habit's fields). */
export function isTableHabitJson(json: unknown): boolean {
  const found = habitsOf(json)
  if (!found || found.habits.length === 0) return found !== null && !Array.isArray(json)
  return found.habits.every(
    (habit) =>
      isObject(habit) && ('records' in habit || 'freq_type' in habit || 'daily_goal' in habit),
  )
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null
const str = (value: unknown): string => (typeof value === 'string' ? value : '')

function frequency(habit: Json): PlannedFrequency {
  let args: unknown = []
  try {
    args = JSON.parse(str(habit.freq_custom) || '[]')
  } catch {
    args = []
  }
  const list = Array.isArray(args) ? args.map((value) => num(value) ?? 0) : []
  const first = Math.max(1, list[0] ?? 1)
  switch (num(habit.freq_type)) {
    case FREQ_WEEKLY:
      return planFrequency(first, 7)
    case FREQ_MONTHLY:
      return planFrequency(first, 30)
    case FREQ_CUSTOM:
      return planFrequency(first, Math.max(1, list[1] ?? 1))
    default:
      return planFrequency(1, 1)
  }
}

const REMINDER_WHEN_NEEDED = 1
const REMINDER_DAY = 2
const REMINDER_WEEK = 3
const REMINDER_MONTH = 4
/** Table Habit's weekdays (Dart's DateTime.monday = 1 ... sunday = 7). */
const WEEKDAYS_FROM_MONDAY = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** "a, b and c" */
const listed = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

/**
 * The habit's reminder in words. Table Habit stores it as JSON text: `type` (1 when needed, 2
 * every day, 3 on weekdays, 4 on days of the month), `time` (`{hour, minute}`) and `extra` (the
 * weekdays from Monday = 1, or the days of the month).
 */
function describeReminder(habit: Json): string | null {
  let reminder: unknown
  try {
    reminder = JSON.parse(str(habit.reminder) || 'null')
  } catch {
    return null
  }
  if (!isObject(reminder)) return null
  const time = reminder.time
  const clock =
    typeof time === 'string'
      ? time
      : isObject(time)
        ? `${String(num(time.hour) ?? 0).padStart(2, '0')}:${String(num(time.minute) ?? 0).padStart(2, '0')}`
        : ''
  if (!clock) return null
  const extra = Array.isArray(reminder.extra)
    ? [...new Set(reminder.extra.map(num).filter((day) => day !== null && Number.isInteger(day)))]
        .map(Number)
        .sort((a, b) => a - b)
    : []
  switch (num(reminder.type)) {
    case REMINDER_WHEN_NEEDED:
      return `Reminder: ${clock}, on days the habit is not done yet.`
    case REMINDER_DAY:
      return `Reminder: ${clock} every day.`
    case REMINDER_WEEK: {
      const days = extra.filter((day) => day >= 1 && day <= 7)
      if (days.length === 0 || days.length === 7) return `Reminder: ${clock} every day.`
      return `Reminder: ${clock} on ${days.map((day) => WEEKDAYS_FROM_MONDAY[day - 1]).join(', ')}.`
    }
    case REMINDER_MONTH: {
      const days = extra.filter((day) => day >= 1 && day <= 31)
      if (days.length === 0 || days.length === 31) return `Reminder: ${clock} every day.`
      return `Reminder: ${clock} on ${days.length === 1 ? 'day' : 'days'} ${listed(days.map(String))} of the month.`
    }
    default:
      return `Reminder: ${clock}.`
  }
}

function colorOf(habit: Json, index: number): string {
  const custom = num(habit.custom_color)
  if (custom !== null) return hexOfArgb(custom)
  const code = num(habit.color)
  return (code !== null && TABLE_HABIT_COLORS[code - 1]) || paletteColor(index)
}

/**
 * Reads Table Habit's JSON export (its `habit_export.dart`): habits with their records, each a
 * `record_date` (days since 1970-01-01), a `record_type` (0 unknown, 1 done, 2 skip), a
 * `record_value` and a `reason`. Every habit has a daily goal with an optional unit; a habit whose
 * goal or values say more than "done once" gets a number attribute (its unit, or 'Value') and a
 * Daily goal (at most its goal for negative habits). Reasons go to 'Notes'; skipped days become
 * breaks (runs merged); archived habits are archived, deleted ones are left out.
 */
export function readTableHabitJson(json: unknown): ImportPlan {
  const found = habitsOf(json)
  if (!found) {
    throw new ImportError(msg('This JSON is not a Table Habit export: it has no habits.'))
  }
  const skipped = new SkipCounter()
  const usedKeys = new Set<string>()
  const groups = new Map<string, PlannedGroup>()
  for (const group of found.groups) {
    if (!isObject(group) || !str(group.uuid)) continue
    const key = `group:${str(group.uuid)}`
    groups.set(key, {
      key,
      keys: [key],
      name: (str(group.name).trim() || 'Group').slice(0, GROUP_NAME_MAX_LENGTH),
      description: str(group.desc).slice(0, 1000),
      color: colorOf(group, groups.size + 5),
    })
  }
  const activities: PlannedActivity[] = []
  const notes: Text[] = []
  found.habits.forEach((habit, index) => {
    if (!isObject(habit)) {
      throw new ImportError(
        msg('Table Habit export: habit {number} is not an object.', { number: index + 1 }),
      )
    }
    if (num(habit.status) === STATUS_DELETED) {
      skipped.add(SKIP.deletedHabit)
      return
    }
    const name = str(habit.name).trim() || 'Untitled'
    const negative = num(habit.type) === TYPE_NEGATIVE
    const goal = num(habit.daily_goal) ?? 1
    const extra = num(habit.daily_goal_extra)
    const unit = str(habit.daily_goal_unit).trim()
    const records = Array.isArray(habit.records) ? habit.records : []

    const parsed = records.map((record, at) => {
      if (!isObject(record)) {
        throw new ImportError(
          msg('Table Habit export: record {number} of "{habit}" is not an object.', {
            number: at + 1,
            habit: name,
          }),
        )
      }
      const epochDay = num(record.record_date)
      if (epochDay === null || !Number.isInteger(epochDay)) {
        throw new ImportError(
          msg(
            'Table Habit export: record {number} of "{habit}" has no record_date (days since 1970-01-01).',
            { number: at + 1, habit: name },
          ),
        )
      }
      const day = utcDay(epochDay * DAY_MS)
      if (!day) {
        throw new ImportError(
          msg(
            'Table Habit export: record {number} of "{habit}" has the record_date {date} (days since 1970-01-01), out of range: {range}.',
            { number: at + 1, habit: name, date: String(epochDay), range: DATE_RANGE },
          ),
        )
      }
      return {
        day,
        type: num(record.record_type) ?? 0,
        value: num(record.record_value),
        reason: str(record.reason).trim(),
      }
    })
    // Table Habit cycles a day through done, "zero" (done with the value 0) and skip: on a
    // positive habit the zero is a day not done; on a negative one it is the best day there is.
    const isDone = (record: (typeof parsed)[number]) =>
      record.type === RECORD_DONE && (negative || record.value !== 0)
    const done = parsed.filter(isDone)
    const amounts =
      negative || unit !== '' || goal !== 1 || done.some((record) => (record.value ?? 1) !== 1)

    const seen = new Set<string>()
    let hasNotes = false
    const events: PlannedActivity['events'] = []
    const skipDays: string[] = []
    for (const record of parsed.sort((a, b) => a.day.localeCompare(b.day))) {
      if (seen.has(record.day)) {
        skipped.add(SKIP.duplicateDay)
        continue
      }
      seen.add(record.day)
      // A skip is a break day (issue 49): neither done nor missed.
      if (record.type === RECORD_SKIP) {
        skipDays.push(record.day)
        if (record.reason) skipped.add(SKIP.noteNotDone)
        continue
      }
      if (!isDone(record)) {
        skipped.add(
          record.type === RECORD_DONE
            ? SKIP.zeroAmount
            : record.type === RECORD_SKIP
              ? SKIP.skipped
              : SKIP.unknown,
        )
        if (record.reason) skipped.add(SKIP.noteNotDone)
        continue
      }
      const values: Record<string, AttributeValue> = {}
      if (amounts) values.amount = record.value ?? goal
      if (record.reason) {
        values.notes = fitNote(record.reason, skipped)
        hasNotes = true
      }
      events.push({ eventDate: dayInstant(record.day), values })
    }

    const { schedule, cadence, count, approximation } = frequency(habit)
    if (approximation) notes.push(habitNote(name, approximation))
    const limit = negative ? (extra ?? goal) : goal
    const groupKey = groups.has(`group:${str(habit.group_id)}`)
      ? `group:${str(habit.group_id)}`
      : undefined
    activities.push({
      keys: [uniqueKey(`name:${name}`, usedKeys)],
      name: shortenName(name),
      description: composeDescription(
        name,
        [str(habit.desc), str(habit.reminder_quest), describeReminder(habit)],
        skipped,
      ),
      color: colorOf(habit, index),
      visibility: 'private',
      schedule,
      ...(groupKey ? { groupKey } : {}),
      archived: num(habit.status) === STATUS_ARCHIVED,
      breaks: mergeDaysIntoRanges(skipDays),
      attributes: [
        ...(amounts
          ? [
              {
                key: 'amount',
                fields: {
                  type: 'number' as const,
                  name: (unit || 'Value').slice(0, 50),
                  description: '',
                  required: false,
                  valueType: 'decimal' as const,
                  ...(unit ? { unit: unit.slice(0, 30) } : {}),
                },
              },
            ]
          : []),
        ...(hasNotes
          ? [
              {
                key: 'notes',
                fields: { type: 'text' as const, name: 'Notes', description: '', required: false },
              },
            ]
          : []),
      ],
      goals: [
        ...(amounts && limit >= 0 && (negative || limit > 0)
          ? [
              {
                key: 'daily-goal',
                cadence: 'Daily' as const,
                target: {
                  kind: 'amount' as const,
                  attributeKey: 'amount',
                  comparison: negative ? ('atMost' as const) : ('atLeast' as const),
                  value: limit,
                },
              },
            ]
          : []),
        // "5 times a week": the habit's frequency, beside its daily amount if it has one.
        ...(count !== null
          ? [{ key: 'frequency', cadence, target: { kind: 'count' as const, count } }]
          : []),
      ],
      events,
    })
  })
  const used = new Set(activities.map((activity) => activity.groupKey))
  return {
    format: 'table-habit-json',
    source: 'table-habit',
    groups: [...groups.values()].filter((group) => used.has(group.key)),
    activities,
    skipped,
    eventIdentity: 'day',
    notes,
  }
}
