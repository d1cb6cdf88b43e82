import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import initSqlJs from 'sql.js'
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures'

// Two imports, a sync of the device's copy and two downloads per test: on a loaded 2-core
// machine one scenario can take longer than the default minute.
test.describe.configure({ timeout: 180_000 })

/** Chooses `file` in the 'Import file' input the way a user does: through the file chooser. */
async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByLabel('Import file').click()
  await (await chooser).setFiles(file)
}

const day = (text: string) => Date.parse(`${text}T00:00:00Z`)

/**
 * A Loop Habit Tracker backup of schema 25 (its `Habits` and `Repetitions` tables): a yes/no
 * habit with a long name, a note and a skipped day, and a numerical one (5 km a week).
 */
async function backup(): Promise<Buffer> {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  db.run(`create table Habits (id integer primary key autoincrement, archived integer, color integer,
    description text, freq_den integer, freq_num integer, highlight integer, name text,
    position integer, reminder_hour integer, reminder_min integer,
    reminder_days integer not null default 127, type integer not null default 0,
    target_type integer not null default 0, target_value real not null default 0,
    unit text not null default "", question text, uuid text)`)
  db.run(`create table Repetitions (id integer primary key autoincrement,
    habit integer not null references habits(id), timestamp integer not null,
    value integer not null, notes text)`)
  db.run(`insert into Habits (archived, color, description, freq_den, freq_num, highlight, name,
    position, type, target_type, target_value, unit, question, uuid) values
    (0, 8, '', 1, 1, 0, 'Meditate every morning at dawn', 0, 0, 0, 0, '', 'Did you?', 'e2e1'),
    (0, 4, '', 7, 1, 0, 'Run', 1, 1, 0, 5, 'km', '', 'e2e2')`)
  const repetitions: [number, string, number, string][] = [
    [1, '2024-01-01', 2, 'Calm'],
    [1, '2024-01-02', 3, ''],
    [1, '2024-01-03', 2, ''],
    [2, '2024-01-02', 5500, ''],
  ]
  for (const [habit, date, value, notes] of repetitions) {
    db.run('insert into Repetitions (habit, timestamp, value, notes) values (?, ?, ?, ?)', [
      habit,
      day(date),
      value,
      notes,
    ])
  }
  db.run('pragma user_version = 25')
  const bytes = Buffer.from(db.export())
  db.close()
  return bytes
}

test('imports a Loop backup on /me, says what it stored, and adds nothing the second time', async ({
  signedInPage: { page },
}) => {
  await page.goto('/me')
  await expect(page.getByRole('heading', { name: 'Import data' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Export data' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const file = { name: 'Loop Habits Backup 2024-01-04.db', mimeType: '', buffer: await backup() }
  await chooseFile(page, file)
  const result = page.getByRole('alert').filter({ hasText: 'Imported a Loop Habit Tracker backup' })
  await expect(result).toBeVisible()
  // Loop's skipped day is a break of one day (issue 49), not a skipped line.
  await expect(result).toContainText(
    'Added 2 habits, 3 events, 2 attributes, 1 goal and 1 break (days off).',
  )
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: test.info().outputPath('me-after-import.png') })

  // The label names a real file input: it can also be filled directly (scripts, assistive tools).
  await page.getByLabel('Import file').setInputFiles(file)
  await expect(
    page.getByText('Nothing new: everything in this file is already in Kindling.'),
  ).toBeVisible()
  await expect(page.getByText('Events already in Kindling (imported before): 3')).toBeVisible()

  await page.goto('/activities')
  await expect(page.getByText('Meditate every morn…').first()).toBeVisible()
  await expect(page.getByText('Run', { exact: true }).first()).toBeVisible()
})

test('a file it cannot read shows what is wrong', async ({ signedInPage: { page } }) => {
  await page.goto('/me')
  await chooseFile(page, {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Shopping list: eggs, milk\n'),
  })
  const error = page.getByRole('alert').filter({ hasText: 'Import failed' })
  await expect(error).toBeVisible()
  await expect(error).toContainText("This file's format is not one Kindling imports.")
  await page.screenshot({ path: test.info().outputPath('me-import-error.png') })
})

test('downloads a JSON backup and a CSV of the events', async ({ signedInPage: { page } }) => {
  await page.goto('/me')
  await chooseFile(page, { name: 'backup.db', mimeType: '', buffer: await backup() })
  await expect(page.getByText('Imported a Loop Habit Tracker backup')).toBeVisible()

  const json = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download JSON backup' }).click()
  const jsonFile = await json
  expect(jsonFile.suggestedFilename()).toMatch(/^kindling-backup-\d{4}-\d{2}-\d{2}\.json$/)
  const content = JSON.parse(readFileSync((await jsonFile.path()) as string, 'utf8'))
  expect(content).toMatchObject({
    format: 'kindling-backup',
    version: 3,
    reminders: [],
    settings: { timeZone: expect.any(String), emailReminders: false, remindersPausedUntil: null },
  })
  expect(content.events).toHaveLength(3)
  expect(content.breaks).toHaveLength(1)

  const csv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const csvFile = await csv
  expect(csvFile.suggestedFilename()).toMatch(/^kindling-events-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = readFileSync((await csvFile.path()) as string, 'utf8')
    .trim()
    .split(/\r?\n/)
  expect(lines[0]).toContain('Date,Time,Instant,Activity')
  expect(lines).toHaveLength(4)
})
