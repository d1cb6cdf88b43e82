import type { Page } from '@playwright/test'
import { api, dayAction, expect, expectNoSeriousA11yViolations, test } from '../fixtures'

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
  await expect(calendar).toBeVisible()
  await expect(calendar).toHaveAttribute('data-skipped', 'true')
  await shot(page, 'calendar-skipped')
})
