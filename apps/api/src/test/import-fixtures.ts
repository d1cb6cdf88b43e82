import { strToU8, zipSync } from 'fflate'
import { csvLine } from '../data-transfer/csv'
import { LOOP_OLD_PALETTE_TO_NEW, LOOP_PALETTE } from '../data-transfer/loop'
import { loadSqlJs } from '../data-transfer/loop-db'

/**
 * Builders of the files the importer reads, written the way the other apps write them (their
 * schemas and writers are described where each builder is), so the tests exercise real shapes.
 */

/** A habit in the terms of Loop's model; `color` is a palette index of schema 21 on (0-19). */
export interface FixtureHabit {
  name: string
  question?: string
  description?: string
  freqNum?: number
  freqDen?: number
  numerical?: boolean
  targetType?: 0 | 1
  targetValue?: number
  unit?: string
  color?: number
  archived?: boolean
  reminder?: { hour: number; minute: number; days: number }
  uuid?: string
  /** Days and raw values (2 done, 3 skip, ...; amounts times 1000), optional notes. */
  repetitions: { day: string; value: number; notes?: string }[]
}

const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** Old (13-colour, schema 14-20) index of a new palette index, when there is one. */
function oldIndexOf(newIndex: number): number {
  const old = LOOP_OLD_PALETTE_TO_NEW.indexOf(newIndex as never)
  return old >= 0 ? old : 0
}

/** The ARGB int (negative, as Android stores it) of a palette colour, for schemas before 14. */
function argbOf(newIndex: number): number {
  const hex = LOOP_PALETTE[newIndex] ?? LOOP_PALETTE[0]
  return 0xff000000 | Number.parseInt(hex.slice(1), 16) | 0
}

/**
 * A Loop Habit Tracker backup of schema `version` (12-25), built by replaying the column changes
 * of Loop's migrations: 16 added `Habits.type` and `Repetitions.value`, 18 the numerical target
 * and unit, 20 dropped the cached Checkmarks/Streak/Score, 22 made repetitions unique per day,
 * 23 moved the question out of `description`, 24 added `uuid`, 25 `Repetitions.notes`. Colours
 * are ARGB ints before 14, one of 13 before 21, one of 20 after.
 *
 * `createdByActiveAndroid`: the tables as Loop 1.x created them on install with ActiveAndroid,
 * whose key column is `Id` (its `Table.id` default; `HabitRecord.updateId` runs
 * `update Habits set Id = ...`). Later migrations only add columns to Habits, so a phone that
 * started on Loop 1.x keeps `Habits.Id` in every later backup; migration 22 remade Repetitions
 * with `id`.
 */
export async function buildLoopBackup(
  version: number,
  habits: FixtureHabit[],
  { createdByActiveAndroid = false }: { createdByActiveAndroid?: boolean } = {},
): Promise<Uint8Array> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database()
  const key = createdByActiveAndroid ? 'Id' : 'id'
  const columns = [
    `${key} integer primary key autoincrement`,
    'archived integer',
    'color integer',
    'description text',
    'freq_den integer',
    'freq_num integer',
    'highlight integer',
    'name text',
    'position integer',
    'reminder_hour integer',
    'reminder_min integer',
    'reminder_days integer not null default 127',
  ]
  if (version >= 16) columns.push('type integer not null default 0')
  if (version >= 18) {
    columns.push('target_type integer not null default 0')
    columns.push('target_value real not null default 0')
    columns.push('unit text not null default ""')
  }
  if (version >= 23) columns.push('question text')
  if (version >= 24) columns.push('uuid text')
  db.run(`create table Habits (${columns.join(', ')})`)
  const repetitionColumns = [
    `${createdByActiveAndroid && version < 22 ? 'Id' : 'id'} integer primary key autoincrement`,
    'habit integer not null references habits(id)',
    'timestamp integer not null',
  ]
  if (version >= 16) repetitionColumns.push('value integer not null')
  if (version >= 25) repetitionColumns.push('notes text')
  db.run(`create table Repetitions (${repetitionColumns.join(', ')})`)
  if (version >= 22) {
    db.run('create unique index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp)')
  } else {
    db.run('create index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp)')
  }
  if (version < 20) {
    db.run(
      'create table Checkmarks (id integer primary key autoincrement, habit integer, timestamp integer, value integer)',
    )
    db.run(
      'create table Score (id integer primary key autoincrement, habit integer, score real, timestamp integer)',
    )
    db.run(
      'create table Streak (id integer primary key autoincrement, end integer, habit integer, length integer, start integer)',
    )
  }
  if (version >= 19) {
    db.run(
      'create table Events (id integer primary key autoincrement, timestamp integer, message text, server_id integer)',
    )
  }
  habits.forEach((habit, position) => {
    const color = habit.color ?? 0
    const values: Record<string, unknown> = {
      archived: habit.archived ? 1 : 0,
      color: version < 14 ? argbOf(color) : version < 21 ? oldIndexOf(color) : color,
      description: version >= 23 ? (habit.description ?? '') : (habit.question ?? ''),
      freq_den: habit.freqDen ?? 1,
      freq_num: habit.freqNum ?? 1,
      highlight: 0,
      name: habit.name,
      position,
      reminder_hour: habit.reminder?.hour ?? null,
      reminder_min: habit.reminder?.minute ?? null,
      reminder_days: habit.reminder?.days ?? 127,
    }
    if (version >= 16) values.type = habit.numerical ? 1 : 0
    if (version >= 18) {
      values.target_type = habit.targetType ?? 0
      values.target_value = habit.targetValue ?? 0
      values.unit = habit.unit ?? ''
    }
    if (version >= 23) values.question = habit.question ?? ''
    if (version >= 24) values.uuid = habit.uuid ?? `${position}`.padStart(32, 'a')
    const names = Object.keys(values)
    db.run(
      `insert into Habits (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
      Object.values(values) as never,
    )
    const id = db.exec('select last_insert_rowid()')[0]?.values[0]?.[0] as number
    for (const repetition of habit.repetitions) {
      if (version < 16) {
        // No values yet: a row was a check.
        if (repetition.value !== 2) continue
        db.run('insert into Repetitions (habit, timestamp) values (?, ?)', [
          id,
          midnight(repetition.day),
        ])
      } else if (version < 25) {
        db.run('insert into Repetitions (habit, timestamp, value) values (?, ?, ?)', [
          id,
          midnight(repetition.day),
          repetition.value,
        ])
      } else {
        db.run('insert into Repetitions (habit, timestamp, value, notes) values (?, ?, ?, ?)', [
          id,
          midnight(repetition.day),
          repetition.value,
          repetition.notes ?? '',
        ])
      }
    }
  })
  db.run(`pragma user_version = ${version}`)
  const bytes = db.export()
  db.close()
  return bytes
}

/**
 * A Loop backup changed by SQL statements, for rows Loop's app never writes but a damaged or
 * hand-edited file holds (a NULL name, a repetition of a deleted habit).
 */
export async function editLoopBackup(
  bytes: Uint8Array,
  statements: [sql: string, params?: (string | number | null)[]][],
): Promise<Uint8Array> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database(bytes)
  for (const [sql, params] of statements) db.run(sql, params ?? [])
  const edited = db.export()
  db.close()
  return edited
}

const LABEL: Record<number, string> = {
  2: 'YES_MANUAL',
  1: 'YES_AUTO',
  0: 'NO',
  3: 'SKIP',
  [-1]: 'UNKNOWN',
}

/** Loop's folder name for a habit: position, then the name without characters files refuse. */
export const loopFolder = (position: number, name: string) =>
  `${String(position).padStart(3, '0')} ${name.replace(/[^ a-zA-Z0-9._-]+/g, '').slice(0, 100)}`.trim()

/** `text` with its ASCII digits written in Arabic-Indic ones, as an Arabic phone formats them. */
export const arabicDigits = (text: string) =>
  text.replace(/[0-9]/g, (digit) => String.fromCodePoint(0x660 + Number(digit)))

/**
 * Loop's CSV export as a zip, in one of its generations: `loop1` (Loop 1.x: Habits.csv without
 * Type, the question in Description, checkmark files of `date,value` filling every day from the
 * first repetition to `today` with 0/1/2), `loop20` (Loop 2.0-2.2: Habits.csv with Question and
 * without Type, `date,value` of the known entries as integers), `ints` (Loop 2.3.0: the full
 * Habits.csv) or `labels` (Loop 2.3.1 on: `Date,Value,Notes` with YES_MANUAL, SKIP... for yes/no
 * habits). `arabicDigits`: positions, folder names and values as a phone in Arabic wrote them
 * before Loop 2.3 (its `String.format` without a locale). `selected`: the habits exported (from
 * one habit's screen); Habits.csv lists them all.
 */
export function buildLoopCsvZip(
  generation: 'loop1' | 'loop20' | 'ints' | 'labels',
  habits: FixtureHabit[],
  options: {
    today?: string
    omitFolders?: number[]
    arabicDigits?: boolean
    selected?: number[]
  } = {},
): Uint8Array {
  const files: Record<string, Uint8Array> = {}
  const digits = options.arabicDigits ? arabicDigits : (text: string) => text
  const header =
    generation === 'loop1'
      ? ['Position', 'Name', 'Description', 'NumRepetitions', 'Interval', 'Color']
      : generation === 'loop20'
        ? ['Position', 'Name', 'Question', 'Description', 'NumRepetitions', 'Interval', 'Color']
        : [
            'Position',
            'Name',
            'Type',
            'Question',
            'Description',
            'FrequencyNumerator',
            'FrequencyDenominator',
            'Color',
            'Unit',
            'Target Type',
            'Target Value',
            'Archived?',
          ]
  const rows = habits.map((habit, index) => {
    const position = digits(String(index + 1).padStart(3, '0'))
    const color = (LOOP_PALETTE[habit.color ?? 0] as string).toUpperCase()
    const frequency = [digits(String(habit.freqNum ?? 1)), digits(String(habit.freqDen ?? 1))]
    if (generation === 'loop20') {
      return [
        position,
        habit.name,
        habit.question ?? '',
        habit.description ?? '',
        ...frequency,
        color,
      ]
    }
    return generation === 'loop1'
      ? [position, habit.name, habit.question ?? '', ...frequency, color]
      : [
          position,
          habit.name,
          habit.numerical ? 'NUMERICAL' : 'YES_NO',
          habit.question ?? '',
          habit.description ?? '',
          habit.freqNum ?? 1,
          habit.freqDen ?? 1,
          color,
          habit.numerical ? (habit.unit ?? '') : '',
          habit.numerical ? (habit.targetType === 1 ? 'AT_MOST' : 'AT_LEAST') : '',
          habit.numerical ? String(habit.targetValue ?? 0) : '',
          String(Boolean(habit.archived)),
        ]
  })
  files['Habits.csv'] = strToU8(`${[header, ...rows].map(csvLine).join('\n')}\n`)

  const exported = habits.filter((_, index) => options.selected?.includes(index) ?? true)
  habits.forEach((habit, index) => {
    if (options.omitFolders?.includes(index) || !exported.includes(habit)) return
    const folder = digits(loopFolder(index + 1, habit.name))
    const sorted = [...habit.repetitions].sort((a, b) => b.day.localeCompare(a.day))
    let lines: string[]
    if (generation === 'loop1') {
      const byDay = new Map(sorted.map((repetition) => [repetition.day, repetition.value]))
      const oldest = sorted[sorted.length - 1]?.day
      lines = []
      if (oldest) {
        for (let day = options.today ?? sorted[0]?.day ?? oldest; day >= oldest; ) {
          const value = byDay.get(day) ?? 0
          lines.push(`${day},${digits(String(value))}`)
          day = new Date(midnight(day) - 86_400_000).toISOString().slice(0, 10)
        }
      }
    } else if (generation === 'ints' || generation === 'loop20') {
      lines = sorted.map((repetition) => `${repetition.day},${digits(String(repetition.value))}`)
    } else {
      lines = [
        'Date,Value,Notes',
        ...sorted.map((repetition) =>
          csvLine([
            repetition.day,
            habit.numerical
              ? (LABEL[repetition.value] ?? String(repetition.value))
              : (LABEL[repetition.value] ?? String(repetition.value)),
            repetition.notes ?? '',
          ]),
        ),
      ]
    }
    files[`${folder}/Checkmarks.csv`] = strToU8(`${lines.join('\n')}\n`)
    files[`${folder}/Scores.csv`] = strToU8('Date,Score\n')
  })

  // The wide files at the root: one column per exported habit, newest day first.
  const days = [...new Set(exported.flatMap((habit) => habit.repetitions.map((r) => r.day)))].sort(
    (a, b) => b.localeCompare(a),
  )
  const wide = [
    `Date,${exported.map((habit) => habit.name).join(',')},`,
    ...days.map(
      (day) =>
        `${day},${exported
          .map((habit) => {
            const value = habit.repetitions.find((repetition) => repetition.day === day)?.value
            const raw = value ?? -1
            return generation === 'labels' && !habit.numerical ? (LABEL[raw] ?? raw) : raw
          })
          .join(',')},`,
    ),
  ]
  files['Checkmarks.csv'] = strToU8(`${wide.join('\n')}\n`)
  files['Scores.csv'] = strToU8('Date,\n')
  return zipSync(files)
}

/** HabitBull's CSV: one row per habit and day. */
export function buildHabitBullCsv(
  rows: {
    name: string
    description?: string
    category?: string
    day: string
    value: number
    comment?: string
  }[],
): string {
  return `${[
    'HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText',
    ...rows.map((row) =>
      csvLine([
        row.name,
        row.description ?? '',
        row.category ?? '',
        row.day,
        row.value,
        row.comment ?? '',
      ]),
    ),
  ].join('\r\n')}\r\n`
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` (Table Habit's `record_date`). */
export const epochDay = (day: string) => Math.round(midnight(day) / 86_400_000)

/**
 * A Kindling backup (version 1, `KindlingBackup` of core) of one activity with a text attribute
 * 'Note' and its events, as GET /api/export?format=json writes it.
 */
export function buildKindlingBackup({
  name = 'Walk',
  events,
}: {
  name?: string
  events: { eventDate: string; note?: string }[]
}): string {
  const stamp = { author: 'someone', createdAt: '2024-01-01T00:00:00.000Z', deletedAt: null }
  const activityId = '0194f6c4-0000-7000-8000-000000000001'
  const attributeId = '0194f6c4-0000-7000-8000-000000000002'
  return JSON.stringify({
    format: 'kindling-backup',
    version: 1,
    exportedAt: '2024-06-01T00:00:00.000Z',
    activities: [
      {
        id: activityId,
        ...stamp,
        name,
        description: '',
        color: '#ff8800',
        attributes: [attributeId],
        visibility: 'private',
        schedule: { type: 'Daily' },
        updatedAt: null,
      },
    ],
    groups: [],
    attributes: [
      {
        id: attributeId,
        ...stamp,
        activityId,
        type: 'text',
        name: 'Note',
        description: '',
        required: false,
        updatedAt: null,
      },
    ],
    events: events.map((event, index) => ({
      id: `0194f6c4-0000-7000-8000-1${String(index).padStart(11, '0')}`,
      ...stamp,
      activityId,
      eventDate: event.eventDate,
      attributes: event.note === undefined ? {} : { [attributeId]: event.note },
    })),
    goals: [],
    settings: {},
  })
}

/** Table Habit's JSON export (`habit_export.dart`) of one yes/no habit with its records. */
export function buildTableHabitJson({
  name = 'Water',
  records,
}: {
  name?: string
  records: { recordDate: number; reason?: string }[]
}): string {
  return JSON.stringify({
    habits: [
      {
        name,
        type: 1,
        status: 1,
        daily_goal: 1,
        freq_type: 3,
        freq_custom: '[1,1]',
        records: records.map((record) => ({
          record_date: record.recordDate,
          record_type: 1,
          record_value: 1,
          ...(record.reason === undefined ? {} : { reason: record.reason }),
        })),
      },
    ],
  })
}
