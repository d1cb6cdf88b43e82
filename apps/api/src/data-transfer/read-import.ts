import { msg } from '../i18n/message'
import { checkPlan } from './check-plan'
import { decodeUtf8 } from './csv'
import { isHabitBullCsv, readHabitBullCsv } from './habitbull'
import { isKindlingBackup, readKindlingBackup } from './kindling-backup'
import { readLoopCsvZip, unzip, ZIP_MAGIC } from './loop-csv'
import { readLoopBackup, SQLITE_MAGIC } from './loop-db'
import { ImportError, type ImportPlan } from './plan'
import { isTableHabitJson, readTableHabitJson } from './table-habit'

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte)

const SQLITE = [...SQLITE_MAGIC].map((char) => char.charCodeAt(0))

/** What Kindling imports: said after a refusal of a file it does not read. */
export const SUPPORTED = msg(
  "Kindling reads Loop Habit Tracker's backup (.db) and CSV export (.zip), HabitBull's CSV, Table Habit's JSON export and Kindling's own JSON backup.",
)

/**
 * Reads an uploaded file into a plan, telling the format by its content (never its name):
 * SQLite (a Loop backup), a zip (Loop's CSV export), JSON (a Kindling backup or a Table Habit
 * export) or CSV with HabitBull's header. Anything else, a damaged file, or one holding what the
 * database cannot store (`checkPlan`) is an ImportError saying what is wrong.
 */
export async function readImport(bytes: Uint8Array): Promise<ImportPlan> {
  const plan = await readFormat(bytes)
  checkPlan(plan)
  return plan
}

async function readFormat(bytes: Uint8Array): Promise<ImportPlan> {
  if (bytes.length === 0)
    throw new ImportError(msg('The file is empty. {supported}', { supported: SUPPORTED }))
  if (startsWith(bytes, SQLITE)) return readLoopBackup(bytes)
  if (startsWith(bytes, ZIP_MAGIC)) return readLoopCsvZip(unzip(bytes))

  let text: string
  try {
    text = decodeUtf8(bytes)
  } catch {
    throw new ImportError(
      msg('This file is neither a known database, a zip nor text. {supported}', {
        supported: SUPPORTED,
      }),
    )
  }
  const start = text.trimStart()[0]
  if (start === '{' || start === '[') {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw new ImportError(
        msg('This JSON cannot be read ({detail}): it may be cut short.', {
          detail: error instanceof Error ? error.message : String(error),
        }),
      )
    }
    if (isKindlingBackup(json)) return readKindlingBackup(json)
    if (isTableHabitJson(json)) return readTableHabitJson(json)
    throw new ImportError(
      msg('This JSON is neither a Kindling backup nor a Table Habit export. {supported}', {
        supported: SUPPORTED,
      }),
    )
  }
  if (isHabitBullCsv(text)) return readHabitBullCsv(text)
  throw new ImportError(
    msg("This file's format is not one Kindling imports. {supported}", { supported: SUPPORTED }),
  )
}
