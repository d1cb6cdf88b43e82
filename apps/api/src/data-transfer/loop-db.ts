import initSqlJs from 'sql.js'
import { msg, type Text } from '../i18n/message'
import {
  LOOP_OLD_PALETTE_TO_NEW,
  LOOP_PALETTE,
  LOOP_YES_MANUAL,
  type LoopEntry,
  type LoopHabit,
  mapLoopHabits,
} from './loop'
import {
  DATE_RANGE,
  hexOfArgb,
  ImportError,
  type ImportPlan,
  SKIP,
  SkipCounter,
  utcDay,
} from './plan'

type SqlJs = Awaited<ReturnType<typeof initSqlJs>>
type SqlDatabase = InstanceType<SqlJs['Database']>
type SqlValue = number | string | Uint8Array | null

let sqlJs: Promise<SqlJs> | undefined

/** sql.js (SQLite in WebAssembly), loaded once: no native add-on to install (DESIGN §6). */
export function loadSqlJs(): Promise<SqlJs> {
  sqlJs ??= initSqlJs()
  return sqlJs
}

export const SQLITE_MAGIC = 'SQLite format 3\u0000'

/**
 * Reads a Loop Habit Tracker backup (`Loop Habits Backup <date>.db`) of any schema version from
 * 12 (repetitions without values) to 25 (repetitions with notes); newer ones are read by their
 * column names. A SQLite file without Loop's tables, or a damaged one, is an ImportError, and
 * so is a repetition dated outside the days Kindling keeps; repetitions of a habit the file does
 * not hold, or without a numeric timestamp, are counted in `skipped`.
 */
export async function readLoopBackup(bytes: Uint8Array): Promise<ImportPlan> {
  const SQL = await loadSqlJs()
  let db: SqlDatabase
  try {
    db = new SQL.Database(bytes)
  } catch (error) {
    throw unreadable(error)
  }
  try {
    const skipped = new SkipCounter()
    const habits = readHabits(db, skipped)
    return mapLoopHabits(habits, 'loop-db', { explicitZeros: true, skipped })
  } catch (error) {
    if (error instanceof ImportError) throw error
    throw unreadable(error)
  } finally {
    db.close()
  }
}

function unreadable(error: unknown): ImportError {
  const detail = error instanceof Error ? error.message : String(error)
  return new ImportError(
    msg(
      'This SQLite file cannot be read ({detail}): it may be damaged or cut short. Export a new backup from Loop Habit Tracker and try again.',
      { detail },
    ),
  )
}

function rows(db: SqlDatabase, sql: string): Record<string, SqlValue>[] {
  const statement = db.prepare(sql)
  const result: Record<string, SqlValue>[] = []
  try {
    while (statement.step()) result.push(statement.getAsObject() as Record<string, SqlValue>)
  } finally {
    statement.free()
  }
  return result
}

/**
 * Rows keyed by their column names in lower case: SQLite matches names in any case, but a row
 * object is keyed as the table declared them, and Loop 1.x's tables (made by ActiveAndroid) call
 * the key column `Id` where later ones say `id`.
 */
function rowsByLowerCaseName(db: SqlDatabase, sql: string): Record<string, SqlValue>[] {
  return rows(db, sql).map((row) =>
    Object.fromEntries(Object.entries(row).map(([name, value]) => [name.toLowerCase(), value])),
  )
}

function columnsOf(db: SqlDatabase, table: string): Set<string> {
  return new Set(
    rows(db, `pragma table_info(${table})`).map((row) => String(row.name).toLowerCase()),
  )
}

const num = (value: SqlValue | undefined, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback
const text = (value: SqlValue | undefined): string => (typeof value === 'string' ? value : '')

/** `#rrggbb` of Loop's colour column, whose meaning changed with the schema version. */
export function loopColor(value: number, version: number): string {
  // Before 14: an ARGB int; 14-20: one of 13 colours; from 21: one of 20.
  if (version < 14) return hexOfArgb(value)
  const index = version < 21 ? LOOP_OLD_PALETTE_TO_NEW[value] : value
  return LOOP_PALETTE[index ?? 0] ?? LOOP_PALETTE[0]
}

/** An instant of milliseconds since 1970 as a person reads it, also outside Kindling's years. */
function describeInstant(milliseconds: number): Text | string {
  const date = new Date(milliseconds)
  return Number.isNaN(date.getTime()) ? msg('not a date') : date.toISOString().slice(0, 10)
}

function readHabits(db: SqlDatabase, skipped: SkipCounter): LoopHabit[] {
  const tables = new Set(
    rows(db, "select name from sqlite_master where type = 'table'").map((row) =>
      String(row.name).toLowerCase(),
    ),
  )
  if (!tables.has('habits') || !tables.has('repetitions')) {
    throw new ImportError(
      msg(
        'This SQLite file is not a Loop Habit Tracker backup: it has no Habits and Repetitions tables.',
      ),
    )
  }
  const version = num(rows(db, 'pragma user_version')[0]?.user_version)
  const habitColumns = columnsOf(db, 'Habits')
  const repetitionColumns = columnsOf(db, 'Repetitions')
  const has = (column: string) => habitColumns.has(column)

  // Version 23 moved the question out of `description` into its own column.
  const questionInDescription = !has('question')
  const habitRows = rowsByLowerCaseName(
    db,
    `select * from Habits order by ${has('position') ? 'position, ' : ''}rowid`,
  )
  const names = new Map(habitRows.map((row) => [num(row.id), text(row.name)]))
  const entriesByHabit = new Map<number, LoopEntry[]>()
  const value = repetitionColumns.has('value') ? 'value' : `${LOOP_YES_MANUAL} as value`
  const notes = repetitionColumns.has('notes') ? 'notes' : "'' as notes"
  const statement = db.prepare(
    `select habit, timestamp, ${value}, ${notes} from Repetitions order by habit, timestamp`,
  )
  try {
    while (statement.step()) {
      const [habit, timestamp, amount, note] = statement.get() as SqlValue[]
      if (typeof habit !== 'number' || !names.has(habit)) {
        skipped.add(SKIP.orphanCheck)
        continue
      }
      if (typeof timestamp !== 'number') {
        skipped.add(SKIP.undatedCheck)
        continue
      }
      const day = utcDay(timestamp)
      if (!day) {
        const name = names.get(habit)
        const given = { timestamp: String(timestamp), date: describeInstant(timestamp) }
        throw new ImportError(
          name
            ? msg(
                'A check-in of the habit "{name}" has the timestamp {timestamp} ({date}), out of range: {range}.',
                { name, ...given, range: DATE_RANGE },
              )
            : msg(
                'A check-in of the habit without a name (id {id}) has the timestamp {timestamp} ({date}), out of range: {range}.',
                { id: String(habit), ...given, range: DATE_RANGE },
              ),
        )
      }
      const list = entriesByHabit.get(habit) ?? []
      if (list.length === 0) entriesByHabit.set(habit, list)
      list.push({ day, value: num(amount), notes: text(note) })
    }
  } finally {
    statement.free()
  }

  return habitRows.map((row, index) => {
    const numerical = has('type') && num(row.type) === 1
    const hasTarget = numerical && has('target_type') && has('target_value')
    const reminderHour = row.reminder_hour
    return {
      position: num(row.position, index),
      name: text(row.name),
      question: questionInDescription ? text(row.description) : text(row.question),
      description: questionInDescription ? '' : text(row.description),
      freqNum: num(row.freq_num, 1),
      freqDen: num(row.freq_den, 1),
      numerical,
      target: hasTarget
        ? {
            comparison: num(row.target_type) === 1 ? 'atMost' : 'atLeast',
            value: num(row.target_value),
          }
        : null,
      unit: has('unit') ? text(row.unit) : '',
      color: loopColor(num(row.color), version),
      archived: num(row.archived) !== 0,
      reminder:
        typeof reminderHour === 'number'
          ? {
              hour: reminderHour,
              minute: num(row.reminder_min),
              days: has('reminder_days') ? num(row.reminder_days, 127) : 127,
            }
          : null,
      uuid: has('uuid') && text(row.uuid) ? text(row.uuid) : null,
      entries: entriesByHabit.get(num(row.id)) ?? [],
    }
  })
}
