import type { BrowserContext, Page } from '@playwright/test'
import {
  api,
  test as base,
  createUser,
  expect,
  openHabitSettings,
  signIn,
  waitForServiceWorker,
} from '../fixtures'

/*
 * Edits that merge (issue 50, decision 151): two devices of one user edit one habit, offline or
 * not; each field keeps its latest change, whichever device reaches the server first, and the
 * device whose change lost is told in words. Real server, real Chromium, two browser contexts.
 */

interface Created {
  id: string
  name: string
  description: string
}

/** The header's sync sign (a polite live region). */
const syncStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Offline|Sending|Server error|server answered/ })

const test = base.extend<{ devices: { phone: Page; laptop: Page } }>({
  devices: async ({ browser, request }, use) => {
    const user = await createUser(request)
    const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()]
    try {
      const [phone, laptop] = await Promise.all(contexts.map((context) => context.newPage()))
      for (const page of [phone, laptop] as Page[]) await signIn(page, user)
      await use({ phone: phone as Page, laptop: laptop as Page })
    } finally {
      for (const context of contexts) await context.close()
    }
  },
})

test.describe.configure({ timeout: 240_000 })

/** Opens the habit's settings with the app cached for offline use, and goes offline. */
async function goOffline(page: Page, habit: Created) {
  await openHabitSettings(page, habit.id, habit.name)
  await waitForServiceWorker(page)
  await page.context().setOffline(true)
  await expect(syncStatus(page)).toContainText('Offline')
}

/** Types into a field of the habit's settings and leaves it, which saves it. */
async function edit(page: Page, label: string, value: string) {
  const field = page.getByRole('textbox', { name: label, exact: true })
  await field.fill(value)
  await field.blur()
}

async function backOnline(page: Page) {
  await page.context().setOffline(false)
  await expect(syncStatus(page)).toHaveCount(0)
}

test('a rename made offline loses to a later one made online, and its device is told', async ({
  devices: { phone, laptop },
}) => {
  const habit = await api<Created>(laptop, 'POST', 'activities', { name: 'Test' })
  await goOffline(phone, habit)
  await edit(phone, 'Name', 'Meditate')
  await expect(phone.getByRole('heading', { name: 'Meditate' })).toBeVisible()

  // Later, the laptop, online, renames it too: its change reaches the server first.
  await openHabitSettings(laptop, habit.id, 'Test')
  await edit(laptop, 'Name', 'Stretch')
  await expect(laptop.getByRole('heading', { name: 'Stretch' })).toBeVisible()
  await expect(syncStatus(laptop)).toHaveCount(0)
  await expect
    .poll(async () => (await api<Created>(laptop, 'GET', `activities/${habit.id}`)).name)
    .toBe('Stretch')

  await backOnline(phone)
  await expect(
    phone.getByText(
      'Your change to the name of Test was replaced by a newer change from another device.',
    ),
  ).toBeVisible()
  await expect(phone.getByRole('heading', { name: 'Stretch' })).toBeVisible()
  await phone.screenshot({ path: test.info().outputPath('replaced.png') })
  await expect(laptop.getByRole('heading', { name: 'Stretch' })).toBeVisible()
  expect((await api<Created>(phone, 'GET', `activities/${habit.id}`)).name).toBe('Stretch')
})

test('two devices change different fields of one habit offline: both changes are kept', async ({
  devices: { phone, laptop },
}) => {
  const habit = await api<Created>(laptop, 'POST', 'activities', { name: 'Test' })
  await goOffline(phone, habit)
  await goOffline(laptop, habit)
  await edit(phone, 'Description', 'Ten minutes')
  await edit(laptop, 'Name', 'Stretch')
  await expect(laptop.getByRole('heading', { name: 'Stretch' })).toBeVisible()

  await backOnline(laptop)
  await backOnline(phone)
  for (const page of [phone, laptop]) {
    await openHabitSettings(page, habit.id, 'Stretch')
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
      'Ten minutes',
    )
  }
  const stored = await api<Created>(phone, 'GET', `activities/${habit.id}`)
  expect(stored).toMatchObject({ name: 'Stretch', description: 'Ten minutes' })
  await expect(phone.getByText(/was replaced by a newer change/)).toHaveCount(0)
})
