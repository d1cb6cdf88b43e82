import { isValidCalendarDay } from '@kindling/core'
import { unzipSync } from 'fflate'
import { msg } from '../i18n/message'
import { asciiDigits, CsvError, decodeUtf8, parseCsv } from './csv'
import {
  LOOP_NO,
  LOOP_PALETTE,
  LOOP_SKIP,
  LOOP_UNKNOWN,
  LOOP_YES_AUTO,
  LOOP_YES_MANUAL,
  type LoopEntry,
  type LoopHabit,
  mapLoopHabits,
} from './loop'
import { DATE_RANGE, ImportError, type ImportPlan, isStorableDay, SKIP, SkipCounter } from './plan'

export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const

/** Unzipped bytes an import reads at most: a small zip must not inflate into gigabytes. */
export const UNZIPPED_MAX_BYTES = 200 * 1024 * 1024

const LABELS: Record<string, number> = {
  YES_MANUAL: LOOP_YES_MANUAL,
  YES_AUTO: LOOP_YES_AUTO,
  NO: LOOP_NO,
  SKIP: LOOP_SKIP,
  UNKNOWN: LOOP_UNKNOWN,
}

/** The files of a zip by path; a damaged zip or one that inflates too much is an ImportError. */
export function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  let total = 0
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize
        if (total > UNZIPPED_MAX_BYTES) {
          throw new ImportError(
            msg('This zip unpacks to more than 200 MB: it is not a Loop export.'),
          )
        }
        return !file.name.endsWith('/')
      },
    })
  } catch (error) {
    if (error instanceof ImportError) throw error
    throw new ImportError(
      msg('This zip file cannot be read ({detail}): it may be damaged or cut short.', {
        detail: error instanceof Error ? error.message : String(error),
      }),
    )
  }
}

function text(files: Record<string, Uint8Array>, path: string): string {
  try {
    return decodeUtf8(files[path] as Uint8Array)
  } catch {
    throw new ImportError(
      msg('{path} is not UTF-8 text: it is not from Loop Habit Tracker.', { path }),
    )
  }
}

function csv(files: Record<string, Uint8Array>, path: string): string[][] {
  try {
    return parseCsv(text(files, path)).filter((row) => row.some((cell) => cell.trim() !== ''))
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportError(
        msg('{path}: a quoted field never ends: the file looks cut short.', { path }),
      )
    }
    throw error
  }
}

/**
 * Reads Loop Habit Tracker's CSV export (`Loop Habits CSV <date>.zip`): `Habits.csv`, one folder
 * per habit named by its 3-digit position and its name (with characters dropped, so folders
 * are matched by the position), each with a `Checkmarks.csv` of `date,value[,notes]`, and the
 * wide `Checkmarks.csv` at the root (used for a habit without a folder). Values are integers
 * before Loop 2.3.1 and labels (YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN) after.
 */
export function readLoopCsvZip(files: Record<string, Uint8Array>): ImportPlan {
  const habitsPath = Object.keys(files)
    .filter((path) => path === 'Habits.csv' || path.endsWith('/Habits.csv'))
    .sort((a, b) => a.length - b.length)[0]
  if (!habitsPath) {
    throw new ImportError(
      msg('This zip has no Habits.csv: it is not a Loop Habit Tracker CSV export.'),
    )
  }
  const base = habitsPath.slice(0, -'Habits.csv'.length)
  const [header, ...lines] = csv(files, habitsPath)
  if (!header) throw new ImportError(msg('Habits.csv is empty.'))
  const column = (...names: string[]) => {
    for (const name of names) {
      const index = header.findIndex((cell) => cell.trim() === name)
      if (index >= 0) return index
    }
    return -1
  }
  const at = {
    position: column('Position'),
    name: column('Name'),
    type: column('Type'),
    question: column('Question'),
    description: column('Description'),
    num: column('FrequencyNumerator', 'NumRepetitions'),
    den: column('FrequencyDenominator', 'Interval'),
    color: column('Color'),
    unit: column('Unit'),
    targetType: column('Target Type'),
    targetValue: column('Target Value'),
    archived: column('Archived?'),
  }
  if (at.position < 0 || at.name < 0) {
    throw new ImportError(msg('Habits.csv has no Position and Name columns: it is not from Loop.'))
  }
  // Loop 2 moved the question out of the description (and 2.3 added the Type column); Loop 1's
  // checkmark files fill every day, so its zeros are days without an entry rather than amounts
  // the user typed.
  const loop2 = at.type >= 0 || at.question >= 0
  const rows = lines.map((cells, index) => {
    const positionText = asciiDigits((cells[at.position] ?? '').trim())
    const position = Number.parseInt(positionText, 10)
    if (!Number.isFinite(position)) {
      throw new ImportError(
        msg('Habits.csv line {line}: the position "{position}" is not a number.', {
          line: index + 2,
          position: cells[at.position] ?? '',
        }),
      )
    }
    const folder = readHabitCheckmarks(files, base, positionText.padStart(3, '0'))
    return { cells, position, folder }
  })
  // A habit without a folder is looked for in the wide file at the root. Exported from one
  // habit's screen, the zip lists every habit in Habits.csv but holds that habit only, in its
  // folder and the wide file (Loop 2.0 wrote the latter unreadably): the others are left out.
  const withFolders = rows.some((row) => row.folder !== null)
  const wide =
    withFolders && rows.every((row) => row.folder !== null)
      ? new Map<string, LoopEntry[]>()
      : readWideCheckmarks(files, `${base}Checkmarks.csv`, { lenient: withFolders })
  const included = rows.filter(
    (row) => !withFolders || row.folder !== null || wide.has((row.cells[at.name] ?? '').trim()),
  )
  const skipped = new SkipCounter()
  skipped.add(SKIP.notExported, rows.length - included.length)

  const habits: LoopHabit[] = included.map(({ cells, position, folder }) => {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '')
    const name = cells[at.name] ?? ''
    const entries = folder ?? wide.get(name.trim()) ?? []
    const typeText = cell(at.type)
    // Before Loop 2.3 no column said so: amounts above the check values do.
    const numerical =
      at.type >= 0 ? typeText === 'NUMERICAL' : entries.some((entry) => entry.value > LOOP_SKIP)
    const targetValue = Number.parseFloat(cell(at.targetValue))
    const color = cell(at.color).toLowerCase()
    return {
      position,
      name,
      // Loop 1 wrote the question as the description.
      question: at.question >= 0 ? (cells[at.question] ?? '') : (cells[at.description] ?? ''),
      description: at.question >= 0 && at.description >= 0 ? (cells[at.description] ?? '') : '',
      freqNum: Number.parseInt(asciiDigits(cell(at.num)), 10) || 1,
      freqDen: Number.parseInt(asciiDigits(cell(at.den)), 10) || 1,
      numerical,
      target:
        numerical && Number.isFinite(targetValue)
          ? {
              comparison: cell(at.targetType) === 'AT_MOST' ? 'atMost' : 'atLeast',
              value: targetValue,
            }
          : null,
      unit: cell(at.unit),
      color: /^#[0-9a-f]{6}$/.test(color) ? color : LOOP_PALETTE[0],
      archived: cell(at.archived) === 'true',
      reminder: null,
      uuid: null,
      entries,
    }
  })
  return mapLoopHabits(habits, 'loop-csv', { explicitZeros: loop2, skipped })
}

/** A line of a file in the zip, as a refusal names it: `003 Run/Checkmarks.csv line 4`. */
interface Line {
  path: string
  line: number
}

function parseValue(raw: string, { path, line }: Line): number {
  const value = asciiDigits(raw.trim())
  if (value in LABELS) return LABELS[value] as number
  if (/^-?\d+$/.test(value)) return Number.parseInt(value, 10)
  throw new ImportError(
    msg('{path} line {line}: "{value}" is not a Loop check value.', { path, line, value: raw }),
  )
}

function parseDay(raw: string, { path, line }: Line): string {
  const day = asciiDigits(raw.trim())
  if (!isValidCalendarDay(day)) {
    throw new ImportError(
      msg('{path} line {line}: "{date}" is not a date YYYY-MM-DD.', { path, line, date: raw }),
    )
  }
  if (!isStorableDay(day)) {
    throw new ImportError(
      msg('{path} line {line}: the date "{date}" is out of range: {range}.', {
        path,
        line,
        date: raw,
        range: DATE_RANGE,
      }),
    )
  }
  return day
}

/** The `Checkmarks.csv` of the habit folder `001 Name/`, or null when there is none. */
function readHabitCheckmarks(
  files: Record<string, Uint8Array>,
  base: string,
  position: string,
): LoopEntry[] | null {
  const path = Object.keys(files).find((candidate) => {
    if (!candidate.startsWith(base) || !candidate.endsWith('/Checkmarks.csv')) return false
    const folder = asciiDigits(candidate.slice(base.length, -'/Checkmarks.csv'.length))
    return !folder.includes('/') && (folder === position || folder.startsWith(`${position} `))
  })
  if (!path) return null
  const entries: LoopEntry[] = []
  csv(files, path).forEach((cells, index) => {
    if (index === 0 && cells[0]?.trim() === 'Date') return
    const where = { path, line: index + 1 }
    entries.push({
      day: parseDay(cells[0] ?? '', where),
      value: parseValue(cells[1] ?? '', where),
      notes: cells[2] ?? '',
    })
  })
  return entries
}

/**
 * The root `Checkmarks.csv`: a Date column, then one column per exported habit, by name. When
 * the habits' own folders hold the data, `lenient` reads a file that cannot be read as empty.
 */
function readWideCheckmarks(
  files: Record<string, Uint8Array>,
  path: string,
  { lenient }: { lenient: boolean },
): Map<string, LoopEntry[]> {
  if (!files[path]) return new Map()
  try {
    return readWide(files, path)
  } catch (error) {
    if (lenient && error instanceof ImportError) return new Map()
    throw error
  }
}

function readWide(files: Record<string, Uint8Array>, path: string) {
  const byName = new Map<string, LoopEntry[]>()
  const [header, ...lines] = csv(files, path)
  const names = (header ?? []).slice(1).map((name) => name.trim())
  lines.forEach((cells, index) => {
    const where = { path, line: index + 2 }
    const day = parseDay(cells[0] ?? '', where)
    names.forEach((name, column) => {
      const raw = cells[column + 1]
      if (!name || raw === undefined || raw.trim() === '') return
      const list = byName.get(name) ?? []
      if (list.length === 0) byName.set(name, list)
      list.push({ day, value: parseValue(raw, where), notes: '' })
    })
  })
  return byName
}
