import { api, expect, expectNoSeriousA11yViolations, test } from '../fixtures'

interface Created {
  id: string
}

test.describe.configure({ timeout: 180_000 })

test('schedule: sections, checking logs an event, show done, filters remembered', async ({
  signedInPage: { page },
}, testInfo) => {
  await api<Created>(page, 'POST', 'activities', { name: 'Floss', schedule: { type: 'Daily' } })
  await api<Created>(page, 'POST', 'activities', {
    name: 'Clean',
    schedule: { type: 'Weekly', days: [6] },
  })
  await api<Created>(page, 'POST', 'activities', {
    name: 'Budget',
    schedule: { type: 'Monthly', dayOfMonth: 1 },
  })
  await api<Created>(page, 'POST', 'activities', {
    name: 'Paint',
    schedule: { type: 'Unscheduled' },
  })

  await page.goto('/schedule')
  await expect(
    page.getByRole('radiogroup', { name: 'Schedule filter' }).getByRole('radio', { name: 'All' }),
  ).toBeChecked()
  await expect(page.getByRole('region', { name: 'Today' }).getByText('Floss')).toBeVisible()
  await expect(page.getByRole('region', { name: 'This Week' }).getByText('Clean')).toBeVisible()
  await expect(page.getByRole('region', { name: 'This Month' }).getByText('Budget')).toBeVisible()
  await expect(page.getByText('Paint')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('schedule.png') })
  await expectNoSeriousA11yViolations(page)

  // Checking an item logs an event for today; done items leave the list...
  await page.getByRole('checkbox', { name: 'Floss' }).click()
  await expect(page.getByText('Added event')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Today' })).toHaveCount(0)

  // ...and come back after the undone ones, marked, with DONE.
  await page.getByRole('checkbox', { name: 'DONE', exact: true }).check()
  const floss = page.getByRole('checkbox', { name: 'Floss (done)' })
  await expect(floss).toBeChecked()
  await page.screenshot({
    path: testInfo.outputPath('schedule-done.png'),
  })
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('checkbox', { name: 'DONE', exact: true }).uncheck()

  await page.getByRole('checkbox', { name: 'Clean' }).click()
  await expect(page.getByRole('region', { name: 'This Week' })).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'Budget' }).click()
  await expect(page.getByText('All done!')).toBeVisible()

  // None lists the unscheduled activities; the choice is remembered.
  await page.getByRole('radiogroup', { name: 'Schedule filter' }).getByText('None').click()
  await expect(page.getByRole('checkbox', { name: 'Paint' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Paint' })).toBeVisible()
  await page.getByRole('radiogroup', { name: 'Schedule filter' }).getByText('Daily').click()
  await expect(page.getByText('All done!')).toBeVisible()
})

test('schedule switches once per session to Unscheduled when nothing is daily', async ({
  signedInPage: { page },
}) => {
  await api<Created>(page, 'POST', 'activities', {
    name: 'Paint',
    schedule: { type: 'Unscheduled' },
  })
  await page.goto('/schedule')
  await expect(page.getByRole('checkbox', { name: 'Paint' })).toBeVisible()
  const filter = page.getByRole('radiogroup', { name: 'Schedule filter' })
  await expect(filter.getByRole('radio', { name: 'None' })).toBeChecked()
  // Going back to All sticks for the rest of the session.
  await filter.getByText('All').click()
  await page.reload()
  await expect(filter.getByRole('radio', { name: 'All' })).toBeChecked()
  await expect(page.getByText('All done!')).toBeVisible()
})

test("a new user's first Daily habit shows under Today, also after the switch to None", async ({
  signedInPage: { page },
}) => {
  // No habits at all: nothing to filter or switch for, only the next step (issue 51).
  await page.goto('/schedule')
  await expect(page.getByRole('main').getByRole('button', { name: 'Add Activity' })).toBeVisible()
  const filter = page.getByRole('radiogroup', { name: 'Schedule filter' })
  await expect(filter).toHaveCount(0)

  // Only an unscheduled habit: shown as None, but All stays the remembered choice...
  await api<Created>(page, 'POST', 'activities', {
    name: 'Paint',
    schedule: { type: 'Unscheduled' },
  })
  await page.reload()
  await expect(filter.getByRole('radio', { name: 'None' })).toBeChecked()

  // ...so a Daily habit added later shows under Today on the next visit.
  await api<Created>(page, 'POST', 'activities', { name: 'Floss', schedule: { type: 'Daily' } })
  await page.reload()
  await expect(filter.getByRole('radio', { name: 'All' })).toBeChecked()
  await expect(page.getByRole('region', { name: 'Today' }).getByText('Floss')).toBeVisible()
})
