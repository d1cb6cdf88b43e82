import { expect, form, test } from '../fixtures'

/*
 * Issue 51: the first week on a phone (and on a laptop), what got in a new user's way.
 */

test.describe.configure({ timeout: 180_000 })

test('a user without habits is offered Add Activity on every screen, and it leads to the schedule', async ({
  signedInPage: { page },
}, testInfo) => {
  const main = page.getByRole('main')
  for (const path of ['/activities', '/goals', '/stats', '/schedule']) {
    await page.goto(path)
    await expect(main.getByText('No habits yet.', { exact: false })).toBeVisible()
    await expect(main.getByRole('button', { name: 'Add Activity' })).toBeVisible()
  }
  // Not 'All done!' with nothing to do: the schedule says there is nothing yet, and what to do.
  await expect(main.getByText('All done!')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('schedule-no-habits.png') })

  // A phone's home is the schedule: the next step is there too.
  await page.goto('/')
  if (testInfo.project.name === 'mobile') await expect(page).toHaveURL(/\/schedule$/)
  await main.getByRole('button', { name: 'Add Activity' }).first().click()
  await form(page).getByRole('textbox', { name: 'Name' }).fill('Read')
  await form(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Added Read')).toBeVisible()
  if (testInfo.project.name === 'mobile') {
    await expect(page).toHaveURL(/\/schedule$/)
    await expect(page.getByRole('region', { name: 'Today' }).getByText('Read')).toBeVisible()
  }
  await page.goto('/goals')
  await expect(main.getByText('No habits yet.', { exact: false })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Start small, dream big' })).toBeVisible()
})
