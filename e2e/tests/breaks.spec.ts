import type { Locator, Page } from '@playwright/test'
import {
  api,
  dayAction,
  expect,
  expectNoSeriousA11yViolations,
  openHabitSettings,
  signIn,
  test,
} from '../fixtures'

/* Issue 49: skipped days, vacations, archived habits and the user's own order. */

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) })
}

/**
 * Freezes the page's clock at noon of the latest Thursday (today when it is one), so a week
 * strip always shows Monday to Wednesday before today. Timers still run.
 */
async function freezeOnThursday(page: Page): Promise<(daysBefore: number) => string> {
  const now = new Date()
  const thursday = new Date(now)
  thursday.setDate(now.getDate() - ((now.getDay() + 3) % 7))
  thursday.setHours(12, 0, 0, 0)
  await page.clock.setFixedTime(thursday)
  const pad = (value: number) => String(value).padStart(2, '0')
  return (daysBefore) => {
    const day = new Date(thursday)
    day.setDate(thursday.getDate() - daysBefore)
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
  }
}

test('skips a day from the week strip and the streak survives; undo takes it back', async ({
  signedInPage,
}) => {
  const { page } = signedInPage
  const dayBefore = await freezeOnThursday(page)
  const run = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Run' })
  for (const back of [3, 2]) {
    await api(page, 'POST', 'events', {
      activityId: run.id,
      eventDate: new Date(`${dayBefore(back)}T12:00:00`).toISOString(),
    })
  }
  await page.goto('/activities')
  const row = page.getByRole('listitem', { name: 'Run' })
  const week = row.getByRole('group', { name: 'This week for Run' })
  // Wednesday has no event: the run of Monday and Tuesday is broken.
  await expect(
    week.getByRole('button', { name: `Run on ${dayBefore(2)}, has events` }),
  ).toBeVisible()
  await expect(row.getByRole('img', { name: /^Streak/ })).toHaveCount(0)

  const wednesday = week.getByRole('button', { name: `Run on ${dayBefore(1)}` })
  await wednesday.click()
  await shot(page, 'day-menu')
  await expectNoSeriousA11yViolations(page)
  await dayAction(page, 'Skip this day').click()
  await expect(week.getByRole('button', { name: `Run on ${dayBefore(1)}, skipped` })).toBeVisible()
  await expect(row.getByRole('img', { name: 'Streak 2 days' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Streaks' })).toContainText('Run')
  await shot(page, 'week-strip-skipped')

  // Kept through a reload (the server has it), and undone by the keyboard.
  await page.reload()
  const skipped = week.getByRole('button', { name: `Run on ${dayBefore(1)}, skipped` })
  await expect(skipped).toBeVisible()
  await expect(row.getByRole('img', { name: 'Streak 2 days' })).toBeVisible()
  await skipped.focus()
  await page.keyboard.press('Enter')
  await expect(dayAction(page, 'Undo skip')).toBeVisible()
  await dayAction(page, 'Undo skip').click()
  await expect(week.getByRole('button', { name: `Run on ${dayBefore(1)}` })).toBeVisible()
  await expect(row.getByRole('img', { name: /^Streak/ })).toHaveCount(0)
})

test('a habit’s calendar shows a skipped day as its own state', async ({ signedInPage }) => {
  const { page } = signedInPage
  const dayBefore = await freezeOnThursday(page)
  const read = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Read' })
  await api(page, 'POST', 'breaks', {
    activityId: read.id,
    from: dayBefore(2),
    to: dayBefore(1),
  })
  await page.goto(`/activities/${read.id}`)
  if (test.info().project.name === 'mobile')
    await page.getByRole('tab', { name: 'Calendar' }).click()
  const calendar = page.getByRole('button', { name: `${dayBefore(1)}: 0 events, skipped` })
  // The calendar's code loads on its own (the date components are heavy).
  await expect(calendar).toBeVisible({ timeout: 30_000 })
  await expect(calendar).toHaveAttribute('data-skipped', 'true')
  await shot(page, 'calendar-skipped')
})

test('archives a habit out of the lists and back', async ({ signedInPage }) => {
  const { page } = signedInPage
  await api(page, 'POST', 'activities', { name: 'Run' })
  const floss = await api<{ id: string }>(page, 'POST', 'activities', { name: 'Floss' })
  await openHabitSettings(page, floss.id, 'Floss')
  await page.getByRole('button', { name: 'Archive', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Unarchive' })).toBeVisible()

  await page.goto('/activities')
  const ungrouped = page.getByRole('list', { name: 'Ungrouped habits' })
  await expect(ungrouped.getByRole('listitem', { name: 'Run' })).toBeVisible()
  await expect(ungrouped.getByRole('listitem', { name: 'Floss' })).toHaveCount(0)
  const archived = page.getByRole('button', { name: 'Archived (1)' })
  await expect(archived).toHaveAttribute('aria-expanded', 'false')
  await archived.click()
  const list = page.getByRole('list', { name: 'Archived habits' })
  await expect(list.getByRole('listitem', { name: 'Floss' })).toBeVisible()
  await shot(page, 'archived-section')
  await page.goto('/schedule')
  await expect(page.getByText('Run', { exact: true })).toBeVisible()
  await expect(page.getByText('Floss', { exact: true })).toHaveCount(0)

  await openHabitSettings(page, floss.id, 'Floss')
  await page.getByRole('button', { name: 'Unarchive' }).click()
  await page.goto('/activities')
  await expect(ungrouped.getByRole('listitem', { name: 'Floss' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Archived/ })).toHaveCount(0)
})

/** The names of the habits of a list, in the order shown. */
function namesIn(list: Locator) {
  return list
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
}

test('my order: moved by the keyboard and by dragging, kept across a reload and on another device', async ({
  signedInPage,
  browser,
}) => {
  const { page, user } = signedInPage
  for (const name of ['Alpha', 'Beta', 'Gamma']) await api(page, 'POST', 'activities', { name })
  await page.goto('/activities')
  const ungrouped = page.getByRole('list', { name: 'Ungrouped habits' })
  // Recently updated first, SPEC's order.
  await expect.poll(() => namesIn(ungrouped)).toEqual(['Gamma', 'Beta', 'Alpha'])
  await page.getByRole('radiogroup', { name: 'Sort' }).getByText('Name').click()
  await expect.poll(() => namesIn(ungrouped)).toEqual(['Alpha', 'Beta', 'Gamma'])
  await page.getByRole('radiogroup', { name: 'Sort' }).getByText('My order').click()
  await expect.poll(() => namesIn(ungrouped)).toEqual(['Gamma', 'Beta', 'Alpha'])

  // The keyboard: Alpha one place up.
  await page.getByRole('button', { name: 'Move Alpha up' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => namesIn(ungrouped)).toEqual(['Gamma', 'Alpha', 'Beta'])
  // A drag: Gamma onto Beta's place, the last.
  await ungrouped
    .getByRole('listitem', { name: 'Gamma' })
    .dragTo(ungrouped.getByRole('listitem', { name: 'Beta' }))
  await expect.poll(() => namesIn(ungrouped)).toEqual(['Alpha', 'Beta', 'Gamma'])
  await shot(page, 'my-order')

  await page.reload()
  await expect.poll(() => namesIn(ungrouped)).toEqual(['Alpha', 'Beta', 'Gamma'])

  const context = await browser.newContext()
  try {
    const other = await context.newPage()
    await signIn(other, user)
    await other.goto('/activities')
    await other.getByRole('radiogroup', { name: 'Sort' }).getByText('My order').click()
    const there = other.getByRole('list', { name: 'Ungrouped habits' })
    await expect.poll(() => namesIn(there)).toEqual(['Alpha', 'Beta', 'Gamma'])
  } finally {
    await context.close()
  }
})

test('a vacation from /me pauses every habit: nothing is due today', async ({ signedInPage }) => {
  const { page } = signedInPage
  await api(page, 'POST', 'activities', { name: 'Run' })
  await page.goto('/schedule')
  await expect(page.getByText('Run', { exact: true })).toBeVisible()
  await page.goto('/me')
  const vacation = page.getByRole('region', { name: 'Vacation' })
  await vacation.getByRole('button', { name: 'Go on vacation' }).click()
  await expect(vacation.getByRole('list', { name: 'Vacations' }).getByRole('listitem')).toHaveCount(
    1,
  )
  await shot(page, 'vacation')
  await page.goto('/schedule')
  await expect(page.getByText('All done!')).toBeVisible()
  await expect(page.getByText('Run', { exact: true })).toHaveCount(0)
})
