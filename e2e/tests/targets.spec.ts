import type { Page } from '@playwright/test'
import initSqlJs from 'sql.js'
import { api, expect, expectNoSeriousA11yViolations, test } from '../fixtures'

/** Goal targets (issue 48): "3 times a week", "at most 2 cups a day", and Loop's own. */

interface Created {
  id: string
}

test.describe.configure({ timeout: 180_000 })

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Logs an event now, with these values, through the API (another device, say). */
async function logNow(page: Page, activityId: string, attributes: Record<string, number> = {}) {
  await api(page, 'POST', 'events', {
    activityId,
    eventDate: new Date().toISOString(),
    attributes,
  })
}

test('a weekly goal of 3 events is 2 / 3 and undone after two, done after the third', async ({
  signedInPage: { page },
}, testInfo) => {
  const swim = await api<Created>(page, 'POST', 'activities', {
    name: 'Swim',
    schedule: { type: 'Weekly', days: [] },
  })
  await page.goto('/goals')
  await page.getByRole('button', { name: 'Every journey starts with a single step' }).click()
  await chooseOption(page, 'Activity', 'Swim')
  await chooseOption(page, 'Target', 'Number of events')
  const times = page.getByRole('textbox', { name: 'Times' })
  await times.fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Times must be a whole number from 1 to 1000.')).toBeVisible()
  await times.fill('3')
  await expectNoSeriousA11yViolations(page)
  await page.screenshot({ path: testInfo.outputPath('goal-form-count.png') })
  await page.getByRole('button', { name: 'Save' }).click()
  const week = page.getByRole('region', { name: 'This Week' })
  await expect(week.getByRole('checkbox', { name: 'Swim' })).toBeVisible()

  await logNow(page, swim.id)
  await logNow(page, swim.id)
  await page.reload()
  await expect(week.getByText('2 / 3')).toBeVisible()
  await expect(week.getByRole('checkbox', { name: 'Swim' })).not.toBeChecked()
  await page.screenshot({ path: testInfo.outputPath('goals-two-of-three.png') })

  // The schedule agrees: still to do this week, with its progress.
  await page.goto('/schedule')
  // Without a daily habit the schedule opens on None (SPEC): the user picks Weekly.
  await page.getByRole('radiogroup', { name: 'Schedule filter' }).getByText('Weekly').click()
  const thisWeek = page.getByRole('region', { name: 'This Week' })
  await expect(thisWeek.getByText('2 / 3')).toBeVisible()
  await expect(thisWeek.getByRole('checkbox', { name: 'Swim' })).not.toBeChecked()
  await page.screenshot({ path: testInfo.outputPath('schedule-two-of-three.png') })

  await logNow(page, swim.id)
  await page.goto('/goals')
  await expect(page.getByText('All weekly goals accomplished!')).toBeVisible()
  await page.getByRole('radiogroup', { name: 'Show goals' }).getByText('Done').click()
  await expect(week.getByRole('checkbox', { name: 'Swim' })).toBeChecked()
  await expect(week.getByText('3 / 3')).toBeVisible()
})

test('a limit of at most 2 cups a day is done at 2 and missed at 3', async ({
  signedInPage: { page },
}, testInfo) => {
  const coffee = await api<Created>(page, 'POST', 'activities', { name: 'Coffee' })
  const cups = await api<Created>(page, 'POST', 'attributes', {
    activityId: coffee.id,
    type: 'number',
    name: 'Cups',
    unit: 'cups',
  })
  await page.goto('/goals')
  await page.getByRole('button', { name: 'Start small, dream big' }).click()
  await chooseOption(page, 'Activity', 'Coffee')
  await chooseOption(page, 'Target', 'Total of an attribute')
  // Nothing is saved without an attribute and an amount: each field says what it needs.
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Choose an attribute.')).toBeVisible()
  await expect(page.getByText('Enter an amount of zero or more.')).toBeVisible()
  await chooseOption(page, 'Attribute', 'Cups')
  await chooseOption(page, 'Comparison', 'At most')
  await page.getByRole('textbox', { name: 'Amount' }).fill('2')
  await page.screenshot({ path: testInfo.outputPath('goal-form-amount.png') })
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Save' }).click()
  const today = page.getByRole('region', { name: 'Today' })
  await expect(page.getByText('All daily goals accomplished!')).toBeVisible()

  await logNow(page, coffee.id, { [cups.id]: 1 })
  await logNow(page, coffee.id, { [cups.id]: 1 })
  await page.reload()
  await page.getByRole('radiogroup', { name: 'Show goals' }).getByText('Done').click()
  await expect(today.getByText('2 / 2 cups')).toBeVisible()
  await expect(today.getByRole('checkbox', { name: 'Coffee' })).toBeChecked()

  await logNow(page, coffee.id, { [cups.id]: 1 })
  await page.reload()
  await expect(today.getByText('3 / 2 cups')).toBeVisible()
  await expect(today.getByRole('checkbox', { name: 'Coffee' })).not.toBeChecked()
  await page.screenshot({ path: testInfo.outputPath('goals-limit-over.png') })
})

/** A Loop backup (schema 25): 'Pages read', at least 20 pages a day, 5 read today, reminded. */
async function loopBackup(): Promise<Buffer> {
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
  // Reminded at 20:15 on Monday and Thursday (Loop's mask: Saturday is bit 0).
  db.run(`insert into Habits (archived, color, description, freq_den, freq_num, highlight, name,
    position, reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit,
    question, uuid) values
    (0, 4, '', 1, 1, 0, 'Pages read', 0, 20, 15, ${(1 << 2) | (1 << 5)}, 1, 0, 20, 'pages', '', 'e2e-pages')`)
  const todayUtc = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)
  db.run('insert into Repetitions (habit, timestamp, value, notes) values (1, ?, 5000, "")', [
    todayUtc,
  ])
  db.run('pragma user_version = 25')
  const bytes = Buffer.from(db.export())
  db.close()
  return bytes
}

test('a Loop habit asks what it asked in Loop: 5 of 20 pages is not done, its reminder is kept', async ({
  signedInPage: { page },
}, testInfo) => {
  await page.goto('/me')
  await page.getByLabel('Import file').setInputFiles({
    name: 'Loop Habits Backup.db',
    mimeType: '',
    buffer: await loopBackup(),
  })
  const result = page.getByRole('alert').filter({ hasText: 'Imported a Loop Habit Tracker backup' })
  // The server reads and stores the file: on a busy machine that is more than a few seconds.
  await expect(result).toContainText('1 goal', { timeout: 60_000 })
  await expect(result).toContainText('1 reminder')

  await page.goto('/goals')
  const today = page.getByRole('region', { name: 'Today' })
  await expect(today.getByText('5 / 20 pages')).toBeVisible()
  await expect(today.getByRole('checkbox', { name: 'Pages read' })).not.toBeChecked()
  await page.screenshot({ path: testInfo.outputPath('loop-goal.png') })

  // The target shows in the form.
  await today.getByRole('button', { name: 'Edit goal Pages read' }).click()
  await expect(page.getByRole('combobox', { name: 'Target' })).toHaveValue('Total of an attribute')
  await expect(page.getByRole('combobox', { name: 'Attribute' })).toHaveValue('pages')
  await expect(page.getByRole('combobox', { name: 'Comparison' })).toHaveValue('At least')
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('20')
  await page.getByRole('button', { name: 'Cancel' }).click()

  // The reminder is a reminder, at Loop's time on Loop's days.
  const reminders = await api<{ time: string; days: number[] }[]>(page, 'GET', 'reminders')
  expect(reminders).toMatchObject([{ time: '20:15', days: [1, 4] }])
})
