import type { Page } from '@playwright/test'
import { api, expect, expectNoSeriousA11yViolations, test } from '../fixtures'

interface Created {
  id: string
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe.configure({ timeout: 180_000 })

test('goals: empty states, adding, checking off, the Todo/Done toggle and collapsing', async ({
  signedInPage: { page },
}, testInfo) => {
  await api<Created>(page, 'POST', 'activities', { name: 'Stretch' })
  const gone = await api<Created>(page, 'POST', 'activities', { name: 'Gone' })
  await api(page, 'POST', 'goals', { activityId: gone.id, cadence: 'Monthly' })
  await api(page, 'DELETE', `activities/${gone.id}`)

  await page.goto('/goals')
  // Every cadence starts empty (the goal of the deleted activity is hidden).
  await expect(page.getByText('No daily goals yet.')).toBeVisible()
  await expect(page.getByText('No weekly goals yet.')).toBeVisible()
  await expect(page.getByText('No monthly goals yet.')).toBeVisible()
  await expect(
    page.getByRole('button', { name: 'Every journey starts with a single step' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start planning for your future' })).toBeVisible()
  await expect(page.getByRole('radiogroup', { name: 'Show goals' })).toHaveCount(0)
  await page.screenshot({
    path: testInfo.outputPath('goals-empty.png'),
  })
  await expectNoSeriousA11yViolations(page)

  // The empty state's button opens Add Goal with its cadence.
  await page.getByRole('button', { name: 'Start small, dream big' }).click()
  await expect(page.getByRole('combobox', { name: 'Cadence' })).toHaveValue('Daily')
  await chooseOption(page, 'Activity', 'Stretch')
  await page.screenshot({ path: testInfo.outputPath('add-goal.png') })
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/goals$/)
  const daily = page.getByRole('region', { name: 'Today' })
  await expect(daily.getByRole('checkbox', { name: 'Stretch' })).not.toBeChecked()

  // Checking an undone goal opens Add Event for that activity, dated today.
  await daily.getByRole('checkbox', { name: 'Stretch' }).click()
  await expect(page.getByRole('combobox', { name: 'Activity', exact: true })).toHaveValue('Stretch')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Added event')).toBeVisible()
  await expect(page).toHaveURL(/\/goals$/)
  await expect(page.getByText('All daily goals accomplished!')).toBeVisible()
  await expect(page.getByRole('img', { name: 'party popper' })).toBeVisible()

  // Now a goal is done: the toggle appears; Done shows all goals.
  const toggle = page.getByRole('radiogroup', { name: 'Show goals' })
  await expect(toggle).toBeVisible()
  await toggle.getByText('Done').click()
  await expect(daily.getByRole('checkbox', { name: 'Stretch' })).toBeChecked()
  await page.screenshot({
    path: testInfo.outputPath('goals-done.png'),
  })
  await expectNoSeriousA11yViolations(page)

  // Checking a done goal opens the event that made it done.
  await daily.getByRole('checkbox', { name: 'Stretch' }).click()
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()

  // Sections collapse, and stay collapsed after a reload.
  await page.getByRole('button', { name: /Today/ }).click()
  await expect(daily.getByRole('checkbox', { name: 'Stretch' })).toBeHidden()
  await page.reload()
  await expect(page.getByRole('button', { name: /Today/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  )

  // Update Goal: change the cadence.
  await page.getByRole('button', { name: /Today/ }).click()
  await page.getByRole('button', { name: 'Edit goal Stretch' }).click()
  await page.screenshot({
    path: testInfo.outputPath('update-goal.png'),
  })
  await chooseOption(page, 'Cadence', 'Weekly')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByRole('region', { name: 'This Week' }).getByRole('checkbox', { name: 'Stretch' }),
  ).toBeChecked()
  await expect(page.getByText('No daily goals yet.')).toBeVisible()
  await expect(page.getByText('No monthly goals yet.')).toBeVisible()
})

test("an empty cadence's button reads on one line on a phone and in home's goals panel", async ({
  signedInPage: { page },
}, testInfo) => {
  // The narrowest places it is drawn: a 390 px phone's Goals, the wide home's goals panel.
  await page.goto(testInfo.project.name === 'mobile' ? '/goals' : '/')
  for (const name of [
    'Start small, dream big',
    'Every journey starts with a single step',
    'Start planning for your future',
  ]) {
    const button = page.getByRole('button', { name, exact: true })
    await expect(button).toBeVisible()
    // The line boxes of its text.
    const lines = await button.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const tops = new Set<number>()
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(text)
        for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top))
      }
      return tops.size
    })
    expect(lines, name).toBe(1)
  }
  await page.screenshot({ path: testInfo.outputPath('goals-empty-buttons.png') })
})

test.describe('far from the server time zone', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' })

  test('an event logged late in the UTC day counts for today in Kiritimati', async ({
    signedInPage: { page },
  }) => {
    const read = await api<Created>(page, 'POST', 'activities', { name: 'Read' })
    await api(page, 'POST', 'goals', { activityId: read.id, cadence: 'Daily' })
    // Today in Kiritimati (UTC+14), at 00:30 local: still yesterday in UTC and in Phoenix.
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date()),
    )
    const earlyToday = new Date(`${today}T00:30:00+14:00`).toISOString()
    await api(page, 'POST', 'events', { activityId: read.id, eventDate: earlyToday })
    await page.goto('/goals')
    await expect(page.getByText('All daily goals accomplished!')).toBeVisible()
    await page.getByRole('radiogroup', { name: 'Show goals' }).getByText('Done').click()
    await expect(
      page.getByRole('region', { name: 'Today' }).getByRole('checkbox', { name: 'Read' }),
    ).toBeChecked()
    // 23:30 yesterday in Kiritimati is today in UTC, but not today for this user.
    const walk = await api<Created>(page, 'POST', 'activities', { name: 'Walk' })
    await api(page, 'POST', 'goals', { activityId: walk.id, cadence: 'Daily' })
    const lateYesterday = new Date(Date.parse(earlyToday) - 3_600_000).toISOString()
    await api(page, 'POST', 'events', { activityId: walk.id, eventDate: lateYesterday })
    await page.reload()
    await expect(
      page.getByRole('region', { name: 'Today' }).getByRole('checkbox', { name: 'Walk' }),
    ).not.toBeChecked()
  })
})
