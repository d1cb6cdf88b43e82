import { type AttributeValue, GROUP_NAME_MAX_LENGTH, isValidCalendarDay } from '@kindling/core'
import { msg } from '../i18n/message'
import { CsvError, parseCsv } from './csv'
import { LOOP_PALETTE } from './loop'
import {
  composeDescription,
  DATE_RANGE,
  dayInstant,
  fitNote,
  ImportError,
  type ImportPlan,
  isStorableDay,
  type PlannedActivity,
  type PlannedGroup,
  SKIP,
  SkipCounter,
  shortenName,
  uniqueKey,
} from './plan'

export const HABITBULL_HEADER = [
  'HabitName',
  'HabitDescription',
  'HabitCategory',
  'CalendarDate',
  'Value',
  'CommentText',
] as const

/** Whether `text` starts with HabitBull's header line. */
export function isHabitBullCsv(text: string): boolean {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  return first.replaceAll('"', '').startsWith(HABITBULL_HEADER.slice(0, 3).join(','))
}

/** Colours handed out in turn to records of formats that have none. */
export function paletteColor(index: number): string {
  return LOOP_PALETTE[(index * 7) % LOOP_PALETTE.length] as string
}

/** HabitBull's value for a day without an answer (any negative value reads so). */
const UNANSWERED = -2150000000

interface Row {
  day: string
  value: number
  comment: string
}

/**
 * Reads HabitBull's CSV (`HabitName,HabitDescription,HabitCategory,CalendarDate,Value,
 * CommentText`, one row per habit and day), the generic format several trackers export: columns
 * are found by their header names (other writers add columns, e.g. a `DateNumber` before the date,
 * or name the date `Date` and the comment `Notes`), in HabitBull's order when a name is missing. A habit
 * whose values are all 0 or 1 is yes/no (1 is done); otherwise its values are amounts, kept in a
 * number attribute 'Value'. A day with a value above 0 is an event, a negative value (HabitBull's
 * -2150000000) or none a day without an answer; comments go to a text attribute 'Notes'; categories
 * become groups.
 */
export function readHabitBullCsv(text: string): ImportPlan {
  let table: string[][]
  try {
    table = parseCsv(text).filter((row) => row.some((cell) => cell.trim() !== ''))
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportError(
        msg('HabitBull CSV: a quoted field never ends: the file looks cut short.'),
      )
    }
    throw error
  }
  const skipped = new SkipCounter()
  const habits = new Map<string, { description: string; category: string; rows: Row[] }>()
  const at = columnsOf(table[0] ?? [])
  const needed = Math.max(at.name, at.date, at.value) + 1
  const readDay = dayReader(table.slice(1).map((cells) => cells[at.date] ?? ''))
  table.slice(1).forEach((cells, index) => {
    const line = index + 2
    if (cells.length < needed) {
      throw new ImportError(
        msg(
          '{count, plural, one {HabitBull CSV line {line} has # field instead of {expected}: the file looks cut short.} other {HabitBull CSV line {line} has # fields instead of {expected}: the file looks cut short.}}',
          { line, count: cells.length, expected: Math.max(needed, table[0]?.length ?? 0) },
        ),
      )
    }
    const field = (column: number) => (column >= 0 ? (cells[column] ?? '') : '')
    const name = field(at.name)
    const description = field(at.description)
    const category = field(at.category)
    const date = field(at.date)
    const rawValue = field(at.value)
    const comment = field(at.comment)
    const day = readDay(date)
    if (!day) {
      throw new ImportError(
        msg(
          'HabitBull CSV line {line}: "{date}" is not a date (YYYY-MM-DD, or M/D/YYYY as HabitBull writes it).',
          { line, date },
        ),
      )
    }
    if (!isStorableDay(day)) {
      throw new ImportError(
        date.trim() === day
          ? msg('HabitBull CSV line {line}: the date "{day}" is out of range: {range}.', {
              line,
              day,
              range: DATE_RANGE,
            })
          : msg('HabitBull CSV line {line}: the date "{date}" ({day}) is out of range: {range}.', {
              line,
              date: date.trim(),
              day,
              range: DATE_RANGE,
            }),
      )
    }
    // An empty value is a day without an answer, as HabitBull's mark of one (below); but a last
    // line that ends before its value and its comment is a file cut after a comma.
    const last = index === table.length - 2
    if (rawValue.trim() === '' && last && cells.length < (table[0]?.length ?? 0)) {
      throw new ImportError(
        msg('HabitBull CSV line {line} ends before its value: the file looks cut short.', { line }),
      )
    }
    const value = rawValue.trim() === '' ? UNANSWERED : Number(rawValue.trim())
    if (!Number.isFinite(value)) {
      throw new ImportError(
        msg('HabitBull CSV line {line}: the value "{value}" is not a number.', {
          line,
          value: rawValue,
        }),
      )
    }
    const key = name.trim() || 'Untitled'
    const habit = habits.get(key) ?? { description: '', category: '', rows: [] }
    habits.set(key, habit)
    habit.description ||= description.trim()
    habit.category ||= category.trim()
    habit.rows.push({ day, value, comment: comment.trim() })
  })

  const groups = new Map<string, PlannedGroup>()
  const usedKeys = new Set<string>()
  const activities: PlannedActivity[] = [...habits].map(([name, habit], index) => {
    const amounts = habit.rows.some((row) => row.value > 0 && row.value !== 1)
    const seen = new Set<string>()
    let hasNotes = false
    const events: PlannedActivity['events'] = []
    for (const row of habit.rows) {
      if (seen.has(row.day)) {
        skipped.add(SKIP.duplicateDay)
        continue
      }
      seen.add(row.day)
      if (row.value <= 0) {
        // HabitBull marks a day without an answer -2150000000.
        skipped.add(row.value < 0 ? SKIP.unknown : SKIP.notDone)
        if (row.comment) skipped.add(SKIP.noteNotDone)
        continue
      }
      const values: Record<string, AttributeValue> = {}
      if (amounts) values.amount = row.value
      if (row.comment) {
        values.notes = fitNote(row.comment, skipped)
        hasNotes = true
      }
      events.push({ eventDate: dayInstant(row.day), values })
    }
    let groupKey: string | undefined
    if (habit.category) {
      groupKey = `category:${habit.category}`
      if (!groups.has(groupKey)) {
        groups.set(groupKey, {
          key: groupKey,
          keys: [groupKey],
          name: habit.category.slice(0, GROUP_NAME_MAX_LENGTH),
          description: '',
          color: paletteColor(groups.size + 3),
        })
      }
    }
    return {
      keys: [uniqueKey(`name:${name}`, usedKeys)],
      name: shortenName(name),
      description: composeDescription(name, [habit.description], skipped),
      color: paletteColor(index),
      visibility: 'private',
      schedule: { type: 'Daily' },
      ...(groupKey ? { groupKey } : {}),
      attributes: [
        ...(amounts
          ? [
              {
                key: 'amount',
                fields: {
                  type: 'number' as const,
                  name: 'Value',
                  description: '',
                  required: false,
                  valueType: 'decimal' as const,
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
      goals: [],
      events,
    }
  })
  return {
    format: 'habitbull-csv',
    source: 'habitbull',
    groups: [...groups.values()],
    activities,
    skipped,
    eventIdentity: 'day',
  }
}

/**
 * Where each field is: by the header's names, HabitBull's own or those of the trackers that write
 * its format with a column more or renamed; HabitBull's place for a name the header lacks.
 */
function columnsOf(header: string[]) {
  const names = header.map((cell) => cell.trim().toLowerCase())
  const find = (fallback: number, ...candidates: string[]) => {
    for (const candidate of candidates) {
      const index = names.indexOf(candidate)
      if (index >= 0) return index
    }
    return fallback
  }
  return {
    name: find(0, 'habitname'),
    description: find(1, 'habitdescription'),
    category: find(2, 'habitcategory'),
    date: find(3, 'calendardate', 'date'),
    value: find(4, 'value'),
    comment: find(5, 'commenttext', 'comment', 'notes', 'note'),
  }
}

const SLASHED = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/
/** Year first, months and days with or without their zero: 2017-9-3, 2020/11/05, 2020.11.5. */
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\.?$/

/**
 * Reads the file's dates: ISO (YYYY-MM-DD, also unpadded as Loop's importer reads it, or with
 * slashes or dots as phones in East Asia write it), or the phone's short date that HabitBull writes
 * (11/5/2020, month first as in the US; day first when a first number above 12 says so, or
 * with dots as in Europe). One order for the whole file, as one phone wrote it.
 */
function dayReader(dates: string[]): (text: string) => string | null {
  const slashed = dates.map((date) => SLASHED.exec(date.trim())).filter((match) => match !== null)
  const dayFirst = slashed.some((match) => Number(match[1]) > 12 || match[0].includes('.'))
  return (text) => {
    const date = text.trim()
    if (isValidCalendarDay(date)) return date
    const yearFirst = YEAR_FIRST.exec(date)
    if (yearFirst) {
      const [, year = '', month = '', day = ''] = yearFirst
      const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
      return isValidCalendarDay(iso) ? iso : null
    }
    const match = SLASHED.exec(date)
    if (!match) return null
    const [, first = '', second = '', year = ''] = match
    const [month, day] = dayFirst ? [second, first] : [first, second]
    const iso = `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
    return isValidCalendarDay(iso) ? iso : null
  }
}
